import { eventStoreSettings, type EventStoreSettings } from '@kb/event-store';

export interface ProjectorConfig {
  databaseUrl: string;
  eventStore: EventStoreSettings;
  /** Events per batch (and per transaction). */
  batchSize: number;
  /** How often an idle projection looks for new events. */
  pollIntervalMs: number;
  /**
   * How long the database keeps the run lock of a projector it no longer hears from (a stopped or frozen host);
   * a standby retries the lock five times within it.
   */
  leaseTimeoutMs: number;
  logLevel: string;
  /** Where `run` answers /metrics, /livez and /readyz. */
  metricsHost: string;
  metricsPort: number;
  metricsToken: string | undefined;
  /** Readiness fails while a live projection's oldest unapplied event has waited longer than this. */
  readyMaxLagSeconds: number;
  /** Tests only: each batch waits this long before it is applied, a projector running behind on demand. */
  testDelayMs: number;
  /** Threads `run` spreads the projections over (see projection-threads.ts). */
  threads: number;
  /** The recipes projection folds its batches in a thread of its own (see useFoldThread in @kb/read-models). */
  foldThread: boolean;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

function port(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port (0 to 65535), got "${raw}"`);
  return value;
}

/** A read side held back on purpose, for browser tests of what screens show meanwhile; never in production. */
function testDelay(env: NodeJS.ProcessEnv): number {
  const raw = env.PROJECTOR_TEST_DELAY_MS;
  if (raw === undefined || raw === '') return 0;
  if (env.NODE_ENV === 'production')
    throw new Error('PROJECTOR_TEST_DELAY_MS is for tests only and must not be set in production');
  return positiveInt(env, 'PROJECTOR_TEST_DELAY_MS', 0);
}

export function readConfig(env: NodeJS.ProcessEnv): ProjectorConfig {
  return {
    testDelayMs: testDelay(env),
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kitchen',
    eventStore: eventStoreSettings(env),
    batchSize: positiveInt(env, 'PROJECTOR_BATCH_SIZE', 5000),
    pollIntervalMs: positiveInt(env, 'PROJECTOR_POLL_MS', 500),
    leaseTimeoutMs: positiveInt(env, 'PROJECTOR_LEASE_MS', 5000),
    logLevel: env.LOG_LEVEL || 'info',
    metricsHost: env.METRICS_HOST || '127.0.0.1',
    metricsPort: port(env, 'PROJECTOR_METRICS_PORT', 9465),
    metricsToken: env.METRICS_TOKEN || undefined,
    readyMaxLagSeconds: positiveInt(env, 'PROJECTOR_READY_MAX_LAG_SECONDS', 60),
    threads: positiveInt(env, 'PROJECTOR_THREADS', 1),
    foldThread: flag(env, 'PROJECTOR_FOLD_THREAD'),
  };
}
