import { AppError } from './app-error.js';

/** Postgres gave up waiting: a lock wait past lock_timeout, a statement past statement_timeout. */
const TIMEOUT_CODES = new Set(['55P03', '57014']);

/** The session ended or could not be had (idle timeout, shutdown, too many connections, a cut connection). */
const LOST_CODES = new Set(['25P03', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006']);
const LOST_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

/**
 * The 503 a request gets when Postgres could not serve it, or null for any other error. A timed-out statement was
 * rolled back, so nothing of it was saved (`database_busy`: a command's append is one statement). A lost connection
 * may have lost the answer of a statement that did commit (`database_unavailable` says to reload and look). Both can
 * be tried again: a command repeated after its first try did commit fails on its expected version (409).
 */
export function databaseUnavailable(e: unknown): AppError | null {
  if (!(e instanceof Error)) return null;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && TIMEOUT_CODES.has(code)) return new AppError(503, 'database_busy');
  if ((typeof code === 'string' && LOST_CODES.has(code)) || LOST_MESSAGE.test(e.message))
    return new AppError(503, 'database_unavailable');
  return null;
}
