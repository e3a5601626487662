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
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

export function readConfig(env: NodeJS.ProcessEnv): ProjectorConfig {
  return {
    databaseUrl: env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kitchen',
    eventStore: eventStoreSettings(env),
    batchSize: positiveInt(env, 'PROJECTOR_BATCH_SIZE', 5000),
    pollIntervalMs: positiveInt(env, 'PROJECTOR_POLL_MS', 100),
    leaseTimeoutMs: positiveInt(env, 'PROJECTOR_LEASE_MS', 5000),
    logLevel: env.LOG_LEVEL || 'info',
  };
}
