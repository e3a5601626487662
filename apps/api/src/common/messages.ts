import type { UiLang } from '@kb/contracts';
import i18next, { type FormatFunction, type FormatterModule } from 'i18next';

/**
 * Every `desc` the API can answer, in zh and en, is one i18next catalog (namespace `api`), the same mechanism as
 * the web's: keys are the error codes of libs/contracts and the zod messages of its schemas, placeholders
 * (`{name}`, `{name:table}`, `{name:table[]}`) are filled from the error's params (see `translate`). Here the
 * messages every module shares; each module adds its own with `registerMessages` where it is declared.
 */
const SHARED_MESSAGES: Record<string, Record<UiLang, string>> = {
  ok: { zh: '操作成功', en: 'Operation successful' },
  saved: { zh: '保存成功', en: 'Saved successfully' },
  bad_request: { zh: '请求参数有误', en: 'The request is not valid' },
  text_invalid_chars: {
    zh: '不能包含控制字符或无效字符',
    en: 'must not contain control characters or invalid characters',
  },
  validation_failed: { zh: '输入有误：{detail}', en: 'Invalid input: {detail}' },
  not_logged_in: { zh: '未登录，请重新登录', en: 'Not logged in, please log in again' },
  forbidden: { zh: '没有权限', en: 'You do not have permission for this' },
  not_found: { zh: '记录不存在', en: 'Record does not exist' },
  route_not_found: { zh: '接口不存在', en: 'No such endpoint' },
  conflict: {
    zh: '数据已被他人修改，请刷新后重试',
    en: 'The record was changed by someone else; reload and try again',
  },
  too_many_attempts: {
    zh: '尝试次数过多，请{minutes}分钟后再试',
    en: 'Too many attempts, try again in {minutes} minutes',
  },
  request_headers_too_large: {
    zh: '请求头过大，请清除 Cookie 后重试',
    en: 'The request headers are too large; clear cookies and try again',
  },
  request_uri_too_long: { zh: '请求地址过长', en: 'The request address is too long' },
  request_malformed: { zh: '请求格式有误', en: 'The request is malformed' },
  request_timeout: { zh: '请求超时', en: 'The request timed out' },
  internal: { zh: '服务器内部错误，请稍后再试', en: 'Internal server error, please try again later' },
  unavailable: { zh: '服务暂不可用', en: 'Service unavailable' },
  database_busy: {
    zh: '数据库繁忙，本次更改未保存，请稍后重试',
    en: 'The database is busy; the change was not saved. Please try again shortly',
  },
  database_busy_read: {
    zh: '数据库繁忙，请稍后重试',
    en: 'The database is busy; try again shortly',
  },
  database_unavailable_read: {
    zh: '与数据库的连接中断，请稍后重试',
    en: 'The connection to the database was lost; try again shortly',
  },
  database_unavailable: {
    zh: '与数据库的连接中断，请刷新页面查看本次操作是否已保存',
    en: 'The connection to the database was lost; reload to see whether the change was saved',
  },
  // login and accounts
  account_required: { zh: '用户名不能为空', en: 'Username cannot be empty' },
  password_required: { zh: '密码不能为空', en: 'Password cannot be empty' },
  captcha_required: { zh: '验证码不能为空', en: 'Captcha cannot be empty' },
  password_digest_invalid: { zh: '密码格式有误', en: 'Password format is invalid' },
  sys_flag_invalid: { zh: '登录系统标识有误', en: 'Invalid system flag' },
  captcha_wrong: { zh: '验证码错误或已过期', en: 'The captcha is wrong or has expired' },
  login_failed: { zh: '用户名或密码错误', en: 'Wrong username or password' },
  account_disabled: { zh: '账号已停用', en: 'This account is disabled' },
  password_rule: {
    zh: '密码须由字母和数字组成，至少8位',
    en: 'The password must contain letters and digits, at least 8 characters',
  },
  password_mismatch: { zh: '两次输入的密码不一致', en: 'The two passwords do not match' },
  original_password_wrong: { zh: '原密码错误', en: 'The original password is wrong' },
  password_same_as_old: {
    zh: '新密码不能与原密码相同',
    en: 'The new password must differ from the original',
  },
  email_required: { zh: '邮箱不能为空', en: 'Email cannot be empty' },
  email_invalid: { zh: '请输入正确的邮箱', en: 'Please enter a correct email address' },
  email_not_in_system: { zh: '邮箱未添加到系统', en: 'Email not added to system' },
  email_code_invalid: { zh: '验证码格式有误', en: 'The verification code is not valid' },
  email_code_wrong: { zh: '邮箱验证码错误', en: 'The email verification code is wrong' },
  email_code_expired: {
    zh: '邮箱验证码已过期，请重新获取',
    en: 'The email verification code has expired; request a new one',
  },
  email_code_too_soon: {
    zh: '发送过于频繁，请{seconds}秒后再试',
    en: 'Sent too recently; try again in {seconds} seconds',
  },
  email_send_failed: { zh: '邮件发送失败', en: 'The email could not be sent' },
  email_code_sent: { zh: '验证码已发送', en: 'Verification code sent' },
  first_login_already_done: {
    zh: '该账号已设置过密码，请使用忘记密码',
    en: 'This account already has a password; use forgot password',
  },
  // reference data
  select_required: { zh: '请至少选择一条记录', en: 'Select at least one record' },
  number_required: { zh: '编号不能为空', en: 'Number cannot be empty' },
  number_too_long: { zh: '编号最多32个字符', en: 'The number may have at most 32 characters' },
  number_format: {
    zh: '编号只能包含字母、数字、-和_',
    en: 'The number may contain letters, digits, - and _ only',
  },
  number_taken: { zh: '编号已存在', en: 'This number already exists' },
  sort_numeric: { zh: '排序必须是数字', en: 'Sort must be a number' },
  lang_required: { zh: '请选择语言', en: 'Choose a language' },
  lang_invalid: { zh: '语言代码有误', en: 'Invalid language code' },
  main_lang_required: { zh: '请选择主语言', en: 'Choose the main language' },
  main_lang_not_supported: {
    zh: '主语言必须是品牌支持的语言',
    en: 'The main language must be one of the brand’s languages',
  },
  lang_not_supported: {
    zh: '品牌不支持该语言：{lang:language}',
    en: 'The brand does not support this language: {lang:language}',
  },
  main_name_required: { zh: '主语言名称不能为空', en: 'The name in the main language is required' },
  name_taken: { zh: '名称“{name}”已存在', en: 'The name “{name}” already exists' },
  name_too_long: { zh: '名称最多100个字符', en: 'The name may have at most 100 characters' },
  file_invalid: { zh: '图片不存在，请重新上传', en: 'The image does not exist; upload it again' },
  image_required: { zh: '请上传图片', en: 'Please upload an image' },
  accessory_type_invalid: { zh: '请选择配件类型', en: 'Choose the accessory type' },
  reference_missing: {
    zh: '{field}：{kind}不存在或不属于本品牌',
    en: '{field}: no such {kind} in your brand',
  },
  // files
  file_required: { zh: '请选择文件', en: 'Please choose a file' },
  file_name_empty: { zh: '文件名不能为空', en: 'File name cannot be empty' },
  payload_too_large: { zh: '上传内容过大', en: 'The upload is too large' },
  file_too_large: { zh: '文件大小不能超过{limit}', en: 'The file must not exceed {limit}' },
  file_type_wrong: { zh: '文件格式错误，仅支持{types}', en: 'File format error: only {types} allowed' },
  file_purpose_invalid: { zh: '文件用途有误', en: 'Unknown file purpose' },
  file_upload_failed: { zh: '文件上传失败', en: 'File upload failed' },
  // reference
  dict_type_invalid: { zh: '字典类型有误', en: 'Unknown dictionary type' },
  template_not_found: { zh: '模板文件不存在', en: 'No such template file' },
  list_too_large: {
    zh: '列表超过{max}条，无法一次全部加载，请分页或缩小筛选范围',
    en: 'The list has more than {max} rows and cannot be loaded at once; page through it or narrow the filters',
  },
  page_size_invalid: { zh: '每页条数只能是10、20、50或100', en: 'Page size must be 10, 20, 50 or 100' },
  sort_field_invalid: { zh: '此列表不能按该字段排序', en: 'This list cannot be sorted by that field' },
  sort_order_invalid: { zh: '排序方向只能是 asc 或 desc', en: 'The sort order must be asc or desc' },
  cursor_invalid: {
    zh: '分页游标有误，请从第一页重新查询',
    en: 'Invalid page cursor; start again from page 1',
  },
  page_too_deep: {
    zh: '按页码最多跳到第{max}页，更后面的页请逐页点击“下一页”，或缩小筛选范围',
    en: 'Page numbers go up to page {max}; go further with “Next page”, or narrow the filters',
  },
};

const NAMESPACE = 'api';
const LANGS: readonly UiLang[] = ['zh', 'en'];

/** The words of a registered code, as given (a second registration must bring the same). */
const registered = new Map<string, Record<UiLang, string>>();

/**
 * Adds a module's messages to the catalog, when its module file is loaded (before the app serves anything). A
 * code another module already registered with other words is refused at start: one code, one text.
 */
export function registerMessages(messages: Record<string, Record<UiLang, string>>): void {
  for (const [code, words] of Object.entries(messages)) {
    const known = registered.get(code);
    if (known && (known.zh !== words.zh || known.en !== words.en))
      throw new Error(`The message ${code} is registered twice, with different words`);
    registered.set(code, words);
  }
  for (const lang of LANGS)
    catalog.addResources(
      lang,
      NAMESPACE,
      Object.fromEntries(Object.entries(messages).map(([code, words]) => [code, words[lang]])),
    );
}

/** Words of enumerated params, per table name: the key a param carries → its words in zh and en. */
const WORDS: Record<string, Record<string, Record<UiLang, string>>> = {};

/**
 * Adds a module's word tables (e.g. `recipeState`: `released` → 已发布 / released), for placeholders that name a
 * table. A table name another module already registered is refused at start: one name, one table.
 */
export function registerWords(tables: Record<string, Record<string, Record<UiLang, string>>>): void {
  for (const [name, table] of Object.entries(tables)) {
    if (WORDS[name] && WORDS[name] !== table) throw new Error(`The word table ${name} is registered twice`);
    WORDS[name] = table;
  }
}

/** `{lang:language}`: a content language code (`zh`, `en`, `de`…) by its name, from Intl rather than a table. */
const LANGUAGE_TABLE = 'language';
const INTL_LOCALE: Record<UiLang, string> = { zh: 'zh-CN', en: 'en' };

function languageName(code: string, lang: UiLang): string {
  try {
    return (
      new Intl.DisplayNames([INTL_LOCALE[lang]], { type: 'language', fallback: 'code' }).of(code) ?? code
    );
  } catch {
    // Not a well-formed code: shown as it came.
    return code;
  }
}

/** The registered table names (a catalog test checks every placeholder names one). */
export const registeredWordTables = (): string[] => [...Object.keys(WORDS), LANGUAGE_TABLE];

const LIST_SEPARATOR: Record<UiLang, string> = { zh: '、', en: ', ' };

/**
 * Words a placeholder that names a table: `{name:table}` by the words of the param's key in that table (the
 * words may hold placeholders of their own, e.g. a cycle's seconds, filled from the same params); `{name:table[]}`
 * a comma-separated list of keys, each worded and joined the language's way. Refusals recorded before the domain
 * carried keys only (job results) hold ready-made words instead (`stateZh`, `stateEn`): those are used when the
 * key is absent, so old results read as they did. Undefined leaves the placeholder as it is.
 */
const worded: FormatFunction = (value, format, lng, options) => {
  const lang: UiLang = lng === 'en' ? 'en' : 'zh';
  // The params: `t` passes them as `replace`, and the interpolator spreads them into the options too.
  const params = (options?.replace ?? options ?? {}) as Record<string, string | number>;
  const key = String(options?.interpolationkey ?? '');
  if (!format) return value;
  const list = format.endsWith('[]');
  const table = list ? format.slice(0, -2) : format;
  if (value == null) {
    const legacy = params[`${key}${lang === 'zh' ? 'Zh' : 'En'}`];
    return legacy === undefined ? undefined : String(legacy);
  }
  const word = (k: string) => {
    if (table === LANGUAGE_TABLE) return languageName(k, lang);
    const words = WORDS[table]?.[k]?.[lang];
    return words === undefined ? k : fill(words, lang, params);
  };
  return list
    ? String(value)
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== '')
        .map(word)
        .join(LIST_SEPARATOR[lang])
    : word(String(value));
};

/** The catalog's formatter: every `{name:…}` placeholder is a table of words (see `worded`). */
const tables: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: worded,
};

const catalog = i18next.createInstance().use(tables);
void catalog.init({
  initAsync: false,
  lng: 'zh',
  fallbackLng: false,
  supportedLngs: [...LANGS],
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: { zh: { [NAMESPACE]: {} }, en: { [NAMESPACE]: {} } },
  // Codes and zod messages are whole keys: no nesting by dots, no namespace by colons.
  keySeparator: false,
  nsSeparator: false,
  interpolation: {
    prefix: '{',
    suffix: '}',
    formatSeparator: ':',
    escapeValue: false,
    // A param's value is never read again as a placeholder.
    skipOnVariables: true,
  },
  // A placeholder without its param stays visible, as written.
  missingInterpolationHandler: (_text: string, match: RegExpExecArray) => match[0],
});
registerMessages(SHARED_MESSAGES);

/** Fills the placeholders of `text` (a message or a table's words) from `params`. */
function fill(text: string, lang: UiLang, params: Record<string, string | number>): string {
  return catalog.services.interpolator.interpolate(text, params, lang, {});
}

/** The message of a code in a language, its placeholders filled; null for unknown codes. */
export function translate(
  code: string,
  lang: UiLang,
  params: Record<string, string | number> = {},
): string | null {
  if (!registered.has(code)) return null;
  return catalog.t(code, { lng: lang, replace: params, nest: false });
}

/** Whether a code has words in the catalog (a catalog test checks every domain code has). */
export const hasMessage = (code: string): boolean => registered.has(code);
