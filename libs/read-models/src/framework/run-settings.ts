import { silentLogger, type Logger } from './log.js';

export interface RunOptions {
  /** Stops the runners gracefully: the batch in flight commits (or rolls back), then locks are released. */
  signal: AbortSignal;
  logger?: Logger;
  /** Events read per batch (and written per transaction). Default 1000. */
  batchSize?: number;
  /** How often an idle runner asks the store for new events. Default 100 ms. */
  pollIntervalMs?: number;
  /** When another process runs the same projection version: 'wait' (stand by and take over when it stops, the
   * default) or 'fail' (throw ProjectionLockedError). */
  whenLocked?: 'wait' | 'fail';
  /** How often a standby instance retries the lock. Default 2 s. */
  lockRetryMs?: number;
  /**
   * How long the server keeps the run lock of an instance it no longer hears from (see leaseOn). The holder
   * proves it is alive several times within it. Default 5 s.
   */
  leaseTimeoutMs?: number;
  /** Upper bound of the retry back-off after a failing batch. Default 30 s. */
  maxRetryDelayMs?: number;
  /**
   * A version starting from the beginning of the log with at least this many of its events ahead sets its
   * non-unique indexes aside and builds them once caught up (see deferred-indexes.ts). Default 20,000.
   */
  deferIndexesFrom?: number;
  /** Each batch waits this long before it is applied (tests of a read side running behind). Default 0. */
  applyDelayMs?: number;
}

export interface Settings {
  signal: AbortSignal;
  logger: Logger;
  batchSize: number;
  pollIntervalMs: number;
  whenLocked: 'wait' | 'fail';
  lockRetryMs: number;
  leaseTimeoutMs: number;
  maxRetryDelayMs: number;
  deferIndexesFrom: number;
  applyDelayMs: number;
}

export function settings(options: RunOptions): Settings {
  return {
    signal: options.signal,
    logger: options.logger ?? silentLogger,
    batchSize: options.batchSize ?? 1000,
    pollIntervalMs: options.pollIntervalMs ?? 100,
    whenLocked: options.whenLocked ?? 'wait',
    lockRetryMs: options.lockRetryMs ?? 2000,
    leaseTimeoutMs: options.leaseTimeoutMs ?? 5000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    deferIndexesFrom: options.deferIndexesFrom ?? 20_000,
    applyDelayMs: options.applyDelayMs ?? 0,
  };
}

/** The pause after the `failures`-th failure in a row, doubling from 500 ms up to `max`. */
export const backoff = (failures: number, max: number) => Math.min(max, 250 * 2 ** Math.min(failures, 10));
