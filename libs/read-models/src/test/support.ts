// Test support for the read-model specs (not part of the build: see the package's build script).
import { randomUUID } from 'node:crypto';
import {
  START,
  comparePositions,
  PostgresEventStore,
  postgresEventStoreMigrations,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@kb/event-store';
import { replay, type Decider } from '@kb/domain';
import { createPool, migrate, type Pool } from '@kb/platform';
import { createTestDatabase, newEvent, type TestDatabase } from '@kb/testing';
import { readModelMigrations } from '../framework/migrations.js';
import type { Logger } from '../framework/log.js';
import { defineProjection } from '../framework/projection.js';
import { liveCheckpoint } from '../framework/versions.js';

export interface TestSystem {
  db: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  /** Another pool on the same database: a second process, as far as locks and transactions go. */
  openPool(): Pool;
  close(): Promise<void>;
}

export async function startTestSystem(): Promise<TestSystem> {
  const db = await createTestDatabase('kbrm');
  const pools: Pool[] = [];
  const openPool = () => {
    const p = createPool(db.url, { max: 12, applicationName: 'read-models-test' });
    pools.push(p);
    return p;
  };
  const pool = openPool();
  await migrate(pool, [...postgresEventStoreMigrations, ...readModelMigrations]);
  const store = new PostgresEventStore(pool, { notify: false });
  return {
    db,
    pool,
    store,
    openPool,
    async close() {
      await store.close();
      await Promise.all(pools.map((p) => p.end()));
      await db.drop();
    },
  };
}

export { newEvent };

/**
 * `act(id, command)` runs a command through an aggregate's decider and appends what it decides, as the API does
 * (each event with its schema version), keeping each stream's history between calls (`history(id)`); it answers
 * the position of the last event appended.
 */
export function commandActor<C, E extends { type: string; data: unknown }, S>(
  store: () => EventStore,
  aggregate: {
    decider: Decider<C, E, S>;
    streamId: (id: string) => string;
    schemaVersions: Record<E['type'], number>;
  },
  defaultActor = 'demo',
) {
  const histories = new Map<string, E[]>();
  const act = async (
    id: string,
    command: C,
    actor = defaultActor,
    brand = 'DEMO',
  ): Promise<GlobalPosition> => {
    const history = histories.get(id) ?? [];
    const events = aggregate.decider.decide(command, replay(aggregate.decider, history));
    const result = await store().appendToStream(
      aggregate.streamId(id),
      events.map((e) => {
        const event = newEvent(e.type, actor, brand, e.data);
        event.metadata.schemaVersion = aggregate.schemaVersions[e.type as E['type']];
        return event;
      }),
      history.length === 0 ? 'no_stream' : history.length - 1,
    );
    histories.set(id, [...history, ...events]);
    return result.position;
  };
  return { act, history: (id: string): E[] => histories.get(id) ?? [] };
}

/** Appends `perStream` events to each of `streams` new streams, interleaved; returns the newest position written. */
export async function appendMany(
  store: EventStore,
  options: { streams: number; perStream: number; prefix?: string; brands?: string[] },
): Promise<GlobalPosition> {
  const ids = Array.from({ length: options.streams }, () => `${options.prefix ?? 'recipe'}-${randomUUID()}`);
  const brands = options.brands ?? ['DEMO', 'OTHER'];
  let newest = START;
  for (let round = 0; round < options.perStream; round++) {
    const results = await Promise.all(
      ids.map((id, i) =>
        store.appendToStream(
          id,
          [
            newEvent(
              round === 0 ? 'RecipeCreated' : `RecipeEdited`,
              `user${round % 3}`,
              brands[i % brands.length],
            ),
          ],
          round === 0 ? 'no_stream' : round - 1,
        ),
      ),
    );
    for (const r of results) if (comparePositions(r.position, newest) > 0) newest = r.position;
  }
  return newest;
}

export async function eventually<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`Timed out waiting${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Every event in the log, once the one at `upTo` is readable. Readers only see events below the oldest transaction
 * still running anywhere on the server (the gap-free rule), so a fresh append can take a moment to show.
 */
export async function allEvents(store: EventStore, upTo: GlobalPosition): Promise<RecordedEvent[]> {
  await eventually(async () => comparePositions(await store.headPosition(), upTo) >= 0);
  return store.readAll({ maxCount: 1_000_000 });
}

/** Resolves once the live version of `name` has applied the event at `upTo`. */
export async function projected(
  pool: Pool,
  name: string,
  upTo: GlobalPosition,
  timeoutMs?: number,
): Promise<void> {
  await eventually(async () => {
    const checkpoint = await liveCheckpoint(pool, name);
    return checkpoint !== null && comparePositions(checkpoint, upTo) >= 0;
  }, timeoutMs);
}

/** A logger that keeps what it was told, for asserting on messages. */
export function memoryLogger(): Logger & { lines: { level: string; msg?: string; obj: object }[] } {
  const lines: { level: string; msg?: string; obj: object }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, msg, obj });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * A projection that writes one row per event it handles, tagged with `instance` (to tell runners apart), and
 * throws after writing its rows when `failOn` says so (to show the rows go away with the failed batch).
 */
export function probeProjection(options: {
  name?: string;
  instance?: string;
  version?: number;
  handles?: string[] | '*';
  failOn?: (event: RecordedEvent) => boolean;
  /** What it throws (default: an Error saying it refuses the event type). */
  failWith?: (event: RecordedEvent) => Error;
}) {
  const name = options.name ?? 'probe';
  return defineProjection({
    name,
    version: options.version ?? 1,
    handles: options.handles ?? '*',
    tables: [
      {
        name: `${name}_rows`,
        create: (t) =>
          `CREATE TABLE ${t} (global_position bigint PRIMARY KEY, stream_id text NOT NULL, type text NOT NULL,
                              instance text NOT NULL)`,
      },
    ],
    async project(events, tx, ctx) {
      for (const e of events) {
        await tx.query(`INSERT INTO ${ctx.table(`${name}_rows`)} VALUES ($1, $2, $3, $4)`, [
          e.position.globalPosition.toString(),
          e.streamId,
          e.type,
          options.instance ?? 'a',
        ]);
      }
      const failing = events.find((e) => options.failOn?.(e));
      if (failing) throw options.failWith?.(failing) ?? new Error(`probe refuses ${failing.type}`);
    },
  });
}
