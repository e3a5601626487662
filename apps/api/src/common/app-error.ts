/**
 * A failure the caller can act on. `code` is a key of MESSAGES (translated into `desc`), `status` the HTTP
 * status of ARCHITECTURE.md. Domain code throws these; the exception filter is the only place that maps them.
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, params?: Record<string, string | number>, data?: unknown) =>
  new AppError(400, code, params, data);
export const notFound = (code = 'not_found') => new AppError(404, code);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
export const conflict = (code = 'conflict', params?: Record<string, string | number>) =>
  new AppError(409, code, params);
export const unauthorized = (code = 'not_logged_in') => new AppError(401, code);
