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

/**
 * Large lists count their matches exactly up to this many; beyond, `total` is the planner's estimate and the
 * answer says so (`totalExact: false`), so that a list of a million rows answers in milliseconds. Screens then
 * show "10,000+" rather than a number they cannot vouch for.
 */
export const LIST_COUNT_EXACT_UP_TO = 10_000;

/**
 * A large list reads a page by its number (an index walk to its offset) only within its first this many rows; a
 * deeper page is read after the `nextCursor` of the page before it (a seek, however deep). A walk to the last page
 * of a million recipes read 11,000 buffers (0.9 s); one of 10,000 rows reads about a hundredth of that.
 */
export const LIST_JUMP_UP_TO = LIST_COUNT_EXACT_UP_TO;

/** The deepest page a large list reads by its number at this page size (LIST_JUMP_UP_TO). */
export const deepestJump = (pageSize: number): number => Math.max(1, Math.ceil(LIST_JUMP_UP_TO / pageSize));

/** A page of a large list: its total may be an estimate, and the next page is read after `nextCursor`. */
export interface CountedPage<T> extends Page<T> {
  /** False when more than LIST_COUNT_EXACT_UP_TO rows match (or `exactUpTo`): `total` is then an estimate. */
  totalExact: boolean;
  /**
   * With `totalExact: false`, how far the list counted exactly when that is less than LIST_COUNT_EXACT_UP_TO (a
   * search whose matches are found row by row counts fewer): the screen then says "1,000+".
   */
  exactUpTo?: number;
  /** The `after` of the page after this one (an index seek however deep); null on the last page. */
  nextCursor: string | null;
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
/**
 * The captcha a login page opened by its address shows first: the server asks the browser to preload it with the
 * page itself, so the image is not waited for until the page's scripts have drawn the form. Later ones are stamped.
 */
export const PAGE_CAPTCHA_URL = '/api/auth/captcha?t=0';
