import type { IncomingHttpHeaders } from 'node:http';

/** What a request is read for here: its headers (a Node request or the router's). */
export type WithHeaders = { headers: IncomingHttpHeaders };
import { HttpError } from '../http.js';

/** What the companion app is told, in both languages: `desc` in the app's language, `data.messages` both. */
export const APP_MESSAGES = {
  token_missing: {
    zh: '请先登录（请求头 Authorization: Bearer <令牌>）',
    en: 'Sign in first (send Authorization: Bearer <token>)',
  },
  token_invalid: { zh: '登录已失效，请重新登录', en: 'Your sign-in has expired; sign in again' },
  user_disabled: {
    zh: '该账号已被停用，请联系客服',
    en: 'This account has been disabled; contact customer service',
  },
  credentials_wrong: { zh: '账号或密码错误', en: 'Wrong account or password' },
  account_taken: {
    zh: '该账号已注册，请直接登录',
    en: 'This account is already registered; sign in instead',
  },
  brand_unknown: { zh: '品牌不存在', en: 'Unknown brand' },
  recipe_unknown: { zh: '菜谱不存在', en: 'No such recipe' },
  review_not_cooked: {
    zh: '只能评价自己烹饪完成过的菜谱',
    en: 'You can only review a recipe you have cooked to the end',
  },
  invalid_body: { zh: '请求内容有误', en: 'The request is not valid' },
  busy: { zh: '服务繁忙，请稍后重试', en: 'The service is busy; try again shortly' },
  signed_out: { zh: '已退出登录', en: 'Signed out' },
  accepted: { zh: '已接收', en: 'Accepted' },
  ok: { zh: '成功', en: 'OK' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type AppMessage = keyof typeof APP_MESSAGES;

/** The app's language from Accept-Language: English when it asks for it, else Chinese (the default). */
export function appLang(req: WithHeaders): 'zh' | 'en' {
  return /^\s*en\b/i.test(String(req.headers['accept-language'] ?? '')) ? 'en' : 'zh';
}

/** An app API refusal: `desc` in the app's language, both languages and any details in `data`. */
export function appError(
  req: WithHeaders,
  status: number,
  code: AppMessage,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): HttpError {
  const messages = APP_MESSAGES[code];
  return new HttpError(status, messages[appLang(req)], { code, messages, ...details }, headers);
}
