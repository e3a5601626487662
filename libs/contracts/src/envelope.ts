/** Every JSON answer of /api: `status` equals the HTTP status code; `desc` is in the caller's language. */
export interface Envelope<T = unknown> {
  status: number;
  desc: string;
  data: T;
}

/**
 * The error code of a 403 answered because the caller's role lacks the route's permission (next to the envelope,
 * so that the web's API client reads it without the permission matrix).
 */
export const PERMISSION_DENIED = 'permission_denied';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Languages of the UI and of every `desc`. */
export const UI_LANGS = ['zh', 'en'] as const;
export type UiLang = (typeof UI_LANGS)[number];
/** Header and cookie the web app sends to choose the language of `desc`. */
export const LANG_HEADER = 'x-lang';
export const LANG_COOKIE = 'lang';
/**
 * Header, with its one value, that every state-changing call to /api carries. A plain HTML form cannot send a
 * header, and a page of another origin cannot add one without a CORS preflight the API never grants.
 */
export const REQUESTED_WITH_HEADER = 'x-requested-with';
export const REQUESTED_WITH_VALUE = 'kb-admin';
