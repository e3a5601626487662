import type pg from 'pg';
import type { EventStore } from './port.js';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres/postgres-event-store.js';

/** Which event store a process uses: `EVENT_STORE`, `postgres` unless set. */
export type EventStoreKind = 'postgres' | 'kurrentdb';
export const EVENT_STORE_KINDS: readonly EventStoreKind[] = ['postgres', 'kurrentdb'];

/** The streams of our aggregates; on a KurrentDB node, readers of the global order see only these. */
export const OUR_STREAM_PREFIXES: readonly string[] = ['recipe-', 'apk-', 'offline-pack-'];

export interface EventStoreSettings {
  kind: EventStoreKind;
  /** KurrentDB connection string (`KURRENTDB_URL`), required with `kurrentdb`. */
  kurrentdbUrl?: string;
  /** `KURRENTDB_NAMESPACE`: this deployment's streams on a shared node (see KurrentEventStoreOptions). */
  kurrentdbNamespace?: string;
  /** How long a KurrentDB server may take to answer the first read before the process refuses to start. */
  connectTimeoutMs?: number;
}

/** Thrown when the configured event store cannot be used; the message says what to do. Processes exit on it. */
export class EventStoreConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreConfigError';
  }
}

/** `EVENT_STORE` and `KURRENTDB_URL` read and checked; throws `EventStoreConfigError` on a wrong value. */
export function eventStoreSettings(env: NodeJS.ProcessEnv): EventStoreSettings {
  const raw = env.EVENT_STORE?.trim() || 'postgres';
  if (!EVENT_STORE_KINDS.includes(raw as EventStoreKind)) {
    throw new EventStoreConfigError(
      `EVENT_STORE must be one of ${EVENT_STORE_KINDS.join(', ')}, got "${raw}"`,
    );
  }
  const kind = raw as EventStoreKind;
  const kurrentdbUrl = env.KURRENTDB_URL?.trim() || undefined;
  const kurrentdbNamespace = env.KURRENTDB_NAMESPACE?.trim() || undefined;
  if (kind === 'kurrentdb' && !kurrentdbUrl) {
    throw new EventStoreConfigError(
      'EVENT_STORE=kurrentdb needs KURRENTDB_URL, the KurrentDB connection string (e.g. kurrentdb://127.0.0.1:2113?tls=false)',
    );
  }
  return { kind, kurrentdbUrl, kurrentdbNamespace };
}

/**
 * The configured event store. Postgres: on `pool` (which the caller keeps and closes). KurrentDB: on a client of
 * its own, filtered to our streams, once the server has answered; when it does not, `EventStoreConfigError`
 * says so, so that a process refuses to start instead of failing its first command later.
 */
export async function openEventStore(
  settings: EventStoreSettings,
  pool: pg.Pool,
  postgres: PostgresEventStoreOptions = {},
): Promise<EventStore> {
  if (settings.kind === 'postgres') return new PostgresEventStore(pool, postgres);
  if (!settings.kurrentdbUrl) throw new EventStoreConfigError('EVENT_STORE=kurrentdb needs KURRENTDB_URL');
  // Loaded here, on demand: its gRPC client costs every other process start-up time for nothing.
  const { KurrentEventStore, KurrentUnavailableError } = await import('./kurrent/kurrent-event-store.js');
  try {
    return await KurrentEventStore.connect(settings.kurrentdbUrl, {
      streamPrefixes: OUR_STREAM_PREFIXES,
      namespace: settings.kurrentdbNamespace,
      timeoutMs: settings.connectTimeoutMs,
    });
  } catch (error) {
    if (!(error instanceof KurrentUnavailableError)) throw error;
    throw new EventStoreConfigError(
      `EVENT_STORE=kurrentdb, but ${error.message}. Start the server (docker compose -f infra/compose.yaml up -d kurrentdb), correct KURRENTDB_URL, or set EVENT_STORE=postgres.`,
      { cause: error },
    );
  }
}
