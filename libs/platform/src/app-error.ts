/**
 * A failure the caller can act on. `code` is a message key (translated into the answer's `desc` by whoever
 * answers), `status` the HTTP status of ARCHITECTURE.md. Kept here, not in an app, so a command run by any
 * process refuses the same way the API does.
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
