import type { UiLang } from '@kb/contracts';

/** The `desc` texts of forged-request refusal and login throttling, in zh and en. */
export const AUTH_API_MESSAGES: Record<string, Record<UiLang, string>> = {
  cross_origin_refused: {
    zh: '请求被拒绝：只接受来自本系统页面的操作',
    en: 'Request refused: changes are only accepted from this application’s own pages',
  },
  login_throttled: {
    zh: '尝试次数过多，请{seconds}秒后再试',
    en: 'Too many attempts, try again in {seconds} seconds',
  },
};
