import {
  LANG_HEADER,
  PERMISSION_DENIED,
  REQUESTED_WITH_HEADER,
  REQUESTED_WITH_VALUE,
  type Envelope,
  type UiLang,
} from '@kb/contracts';
import { askEarly, takeEarlyAnswer } from './early-answers.js';
import { READ_POSITION, readPosition } from './read-position.js';

export {
  commandsApplying,
  READ_POSITION,
  READ_POSITION_REACHED,
  ReadPosition,
  readPosition,
} from './read-position.js';

/**
 * The one door to `/api`. Every call carries the UI language (`x-lang`) so that `desc` comes back translated,
 * and the request marker without which the API refuses a change (a forged form from another origin lacks it),
 * unwraps the `{ status, desc, data }` envelope and applies the §8 error catalogue in one place:
 * 401 (or a 500 saying "not logged in") → stored login cleared, go to /login; 403 → no-permission page;
 * any other failure → `desc` in an error toast; a failed reference load → logged only.
 */

/** `reference`: a list a screen needs for its pickers (failure is only logged). `query`: data the screen shows.
 * `command`: a change; success shows the translated success text. */
export type CallKind = 'reference' | 'query' | 'command';

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  /** Multipart (`FormData`) or form-encoded (`URLSearchParams`, e.g. §7's `POST /boUnit/list`) body. */
  form?: FormData | URLSearchParams;
  kind?: CallKind;
  /** The caller shows failures itself (e.g. in its form): no error toast, no redirect on 403. */
  quiet?: boolean;
  /** A login attempt: its 401 means wrong credentials, not an ended session. */
  loginAttempt?: boolean;
  /** Text of the success toast of a command, or false for none. Default: the server's translated `desc`. */
  successMessage?: string | false;
  signal?: AbortSignal;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /** Sees the answer's headers before the envelope is unwrapped. */
  onHeaders?: (headers: Headers) => void;
  /** Sees how much of the body has been sent (0 to 1), for an upload's progress bar. */
  onUploadProgress?: (fraction: number) => void;
}

/** The answer's header naming the request in the server's logs. */
export const REQUEST_ID_HEADER = 'x-request-id';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly desc: string,
    readonly data: unknown = null,
    /** The API's machine-readable error code (e.g. `email_code_wrong`), when it sent one. */
    readonly code: string | null = null,
    /** The id the server gave the request (`x-request-id`): the user quotes it to support, who find its log lines. */
    readonly requestId: string | null = null,
  ) {
    super(desc);
    this.name = 'ApiError';
  }

  /** Field → translated message, from a 400 validation answer. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.data as { fieldErrors?: unknown } | null)?.fieldErrors;
    return errors && typeof errors === 'object' ? (errors as Record<string, string>) : {};
  }
}

export interface ApiHandlers {
  lang(): UiLang;
  /** Fallback texts in the user's language, for answers without a usable `desc`. */
  text(key: 'loadError' | 'notLoggedIn' | 'operationSuccess'): string;
  onUnauthorized(desc: string): void;
  onForbidden(desc: string): void;
  /** A failure to show; `error` lets a screen that shows it in place claim it (see lib/notify). */
  onError(desc: string, error: ApiError): void;
  onSuccess(desc: string): void;
  /**
   * A command succeeded but the screens do not show it yet: an "applying…" notice, told once they do (with the
   * command's success text, or null for none).
   */
  onApplying(): { applied(desc: string | null): void };
  /** The read models show a command's effect: fetch again what the screens show (resolves when they have it). */
  refreshScreens(): Promise<void>;
}

let handlers: ApiHandlers | null = null;

/** What `configureApi` set, for lib/download.ts. */
export function apiHandlers(): ApiHandlers {
  if (!handlers) throw new Error('configureApi() must run before the first call');
  return handlers;
}

export function configureApi(next: ApiHandlers): void {
  handlers = next;
}

const NOT_LOGGED_IN = /not\s*logged\s*in|未登录|登录已过期|login expired/i;

export function isNotLoggedIn(status: number, desc: string): boolean {
  return status === 401 || (status === 500 && NOT_LOGGED_IN.test(desc));
}

export function buildUrl(path: string, query?: CallOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const qs = params.toString();
  return `/api${path.startsWith('/') ? path : `/${path}`}${qs ? `?${qs}` : ''}`;
}

/** The envelope of an answer, or a made-up one when the answer is not JSON (shared with lib/download.ts). */
export async function readEnvelope(res: Response): Promise<Envelope & { code?: string }> {
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    try {
      const body = (await res.json()) as Partial<Envelope> & { code?: string };
      return {
        status: typeof body.status === 'number' ? body.status : res.status,
        desc: typeof body.desc === 'string' ? body.desc : '',
        data: body.data ?? null,
        code: body.code,
      };
    } catch {
      // fall through: a broken body is reported like any unreadable answer
    }
  }
  return { status: res.status === 200 ? 502 : res.status, desc: '', data: null };
}

/**
 * Asks `GET /api{path}` now, as `api()` would, for the first `api()` call of it to read (lib/early-answers): the
 * entry asks a page's first data while the page's code is still on its way.
 */
export function askEarlyGet(path: string, query?: CallOptions['query']): void {
  const h = handlers;
  if (!h) return;
  const lang = h.lang();
  askEarly(buildUrl(path, query), lang, {
    [LANG_HEADER]: lang,
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    Accept: 'application/json',
  });
}

export async function api<T>(path: string, options: CallOptions = {}): Promise<T> {
  const h = handlers;
  if (!h) throw new Error('configureApi() must run before the first call');
  const method = options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET');
  const kind: CallKind = options.kind ?? (method === 'GET' ? 'query' : 'command');
  const sentPosition = readPosition.headers();
  const headers: Record<string, string> = {
    ...sentPosition,
    ...options.headers,
    [LANG_HEADER]: h.lang(),
    [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE,
    Accept: 'application/json',
  };
  let body: FormData | URLSearchParams | string | undefined;
  if (options.form) body = options.form;
  else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }

  let envelope: Envelope & { code?: string };
  let landed: string | null = null;
  let requestId: string | null = null;
  try {
    const init = { method, headers, body, credentials: 'same-origin' as const, signal: options.signal };
    const url = buildUrl(path, options.query);
    const onProgress = options.onUploadProgress;
    // The upload sender comes with the first upload: the login page loads the client without it.
    // A GET the entry asked before this call's code arrived is answered by that ask (when nothing since has to
    // be waited for: no read position to send, no extra header).
    const early =
      method === 'GET' && !sentPosition[READ_POSITION] && !options.headers
        ? takeEarlyAnswer(url, headers[LANG_HEADER]!)
        : undefined;
    const res = onProgress
      ? await import('./xhr-send.js').then((m) => m.sendWithProgress(url, init, onProgress))
      : await (early ?? fetch(url, init));
    readPosition.observe(sentPosition[READ_POSITION], res.headers);
    landed = res.headers.get(READ_POSITION);
    requestId = res.headers.get(REQUEST_ID_HEADER);
    options.onHeaders?.(res.headers);
    envelope = await readEnvelope(res);
    if (envelope.status === 200 && res.status !== 200) envelope.status = res.status;
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    envelope = { status: 0, desc: '', data: null };
  }

  if (envelope.status === 200) {
    const success =
      kind === 'command' && options.successMessage !== false
        ? options.successMessage || envelope.desc || h.text('operationSuccess')
        : null;
    // The wait for a command's effect comes with the first command that has one (the login page sends none).
    if (kind === 'command' && landed)
      await import('./command-effect.js').then((m) => m.untilShown(h, landed, success));
    else if (success) h.onSuccess(success);
    return envelope.data as T;
  }
  throw refused(h, envelope, path, kind, options, requestId);
}

/** The error of a refused or failed call, shown as the call's kind and options say (login, no permission, toast). */
export function refused(
  h: ApiHandlers,
  envelope: Envelope & { code?: string },
  path: string,
  kind: CallKind,
  options: CallOptions,
  requestId: string | null,
): ApiError {
  const desc = envelope.desc || h.text(envelope.status === 401 ? 'notLoggedIn' : 'loadError');
  const error = new ApiError(envelope.status, desc, envelope.data, envelope.code ?? null, requestId);
  if (isNotLoggedIn(envelope.status, envelope.desc)) {
    if (!options.loginAttempt) h.onUnauthorized(h.text('notLoggedIn'));
    return error;
  }
  if (kind === 'reference') {
    console.error(`Reference load ${path} failed: ${envelope.status} ${desc}`);
    return error;
  }
  // The role may not do this at all: the no-permission page, even for a caller that shows its own failures.
  if (options.quiet && error.code !== PERMISSION_DENIED) return error;
  if (envelope.status === 403) h.onForbidden(desc);
  else h.onError(desc, error);
  return error;
}
