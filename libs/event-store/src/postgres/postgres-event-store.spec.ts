import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '@kb/testing';
import {
  describeEventStoreContract,
  eventually,
  newEvent,
  runConcurrentWriters,
} from '../contract/event-store.contract.js';
import { EventIdConflictError, type EventStore, type RecordedEvent } from '../port.js';
import { postgresEventStoreMigrations } from './migrations.js';
import { PostgresEventStore } from './postgres-event-store.js';

async function openDatabase(): Promise<{ db: TestDatabase; pool: pg.Pool }> {
  const db = await createTestDatabase('kbes');
  const pool = new pg.Pool({
    connectionString: db.url,
    max: 24,
    options: '-c idle_in_transaction_session_timeout=10000',
  });
  // pool.end() resolves before its connections are gone; drop() then terminates them, which is expected.
  pool.on('error', () => undefined);
  for (const migration of postgresEventStoreMigrations) await pool.query(migration.sql);
  return { db, pool };
}

/**
 * A pool of its own for a store whose subscription is watched, and how many queries ran on it: a subscription's
 * read is two queries (the horizon, then the events), so once the count moved by four since a moment, a whole
 * read began and ended after that moment.
 */
function watchedPool(url: string, applicationName: string) {
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: applicationName });
  pool.on('error', () => undefined);
  const queries = { ended: 0 };
  pool.on('release', () => void queries.ended++);
  return { pool, queries };
}

/** Waits until a whole read of the subscription on `queries`' pool began and ended after this call. */
/**
 * Appends a marker through `writer` and subscribes `reader` to what comes after it: `seen` gathers what it delivers,
 * `delivered(match)` waits until it has delivered an event that matches.
 */
async function subscribedAfterMarker(writer: EventStore, reader: EventStore) {
  const marker = await writer.appendToStream(`marker-${randomUUID()}`, [newEvent('Marker')], 'no_stream');
  const seen: RecordedEvent[] = [];
  const subscription = reader.subscribeToAll({
    from: marker.position,
    onEvents: (events) => void seen.push(...events),
  });
  const delivered = (match: (event: RecordedEvent) => boolean) =>
    eventually(async () => (seen.some(match) ? true : undefined), 10_000);
  return { marker, seen, subscription, delivered };
}

async function readAgain(queries: { ended: number }) {
  const since = queries.ended;
  await eventually(async () => (queries.ended >= since + 4 ? true : undefined), 10_000);
}

describeEventStoreContract('Postgres', async () => {
  const { db, pool } = await openDatabase();
  const store = new PostgresEventStore(pool, { pollIntervalMs: 200 });
  return {
    store,
    async teardown() {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
});

describe('PostgresEventStore', () => {
  let db: TestDatabase;
  let pool: pg.Pool;
  let store: PostgresEventStore;

  beforeAll(async () => {
    ({ db, pool } = await openDatabase());
    store = new PostgresEventStore(pool, { pollIntervalMs: 200 });
  });
  afterAll(async () => {
    await store?.close();
    await pool?.end();
    await db?.drop();
  });

  it('holds back a later commit until an earlier transaction ends, then delivers both in transaction order', async () => {
    const watched = watchedPool(db.url, 'kbes-held-back');
    const reader = new PostgresEventStore(watched.pool, { pollIntervalMs: 200 });
    const { marker, seen, subscription } = await subscribedAfterMarker(store, reader);
    const slow = new pg.Client({ connectionString: db.url });
    await slow.connect();
    try {
      // The slow transaction takes the smaller global position, then commits after the fast append.
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, brand_owner_code)
         VALUES ($1, 0, $2, 'CommittedLate', '{}', $3, 'DEMO')`,
        [`recipe-${randomUUID()}`, randomUUID(), JSON.stringify(newEvent('x').metadata)],
      );
      const fast = await store.appendToStream(
        `recipe-${randomUUID()}`,
        [newEvent('CommittedEarly')],
        'no_stream',
      );
      // The subscription read after the fast commit, and the open transaction held it back.
      await readAgain(watched.queries);
      expect(seen).toEqual([]);
      expect(await store.readAll({ from: marker.position })).toEqual([]);

      await slow.query('COMMIT');
      await eventually(async () => (seen.length >= 2 ? true : undefined));
      expect(seen.map((e) => e.type)).toEqual(['CommittedLate', 'CommittedEarly']);
      expect(seen[0]!.position.globalPosition).toBeLessThan(fast.position.globalPosition);
    } finally {
      await slow.end();
      await subscription.stop();
      await reader.close();
      await watched.pool.end();
    }
  });

  /** A client of its own holding a transaction open that has a transaction id (ended by the returned function). */
  async function openTransaction(url: string, write: string): Promise<() => Promise<void>> {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('BEGIN');
    await client.query(write);
    const { rows } = await client.query<{ xid: string | null }>(
      'SELECT pg_current_xact_id_if_assigned()::text AS xid',
    );
    expect(rows[0]!.xid).not.toBeNull();
    return async () => {
      await client.query('COMMIT');
      await client.end();
    };
  }

  /** Appends one event, then measures how long until a subscription from before it delivers it. */
  async function deliveryMs(): Promise<{ ms: number; readAll: string[] }> {
    const { marker, subscription, delivered } = await subscribedAfterMarker(store, store);
    try {
      const started = Date.now();
      const appended = newEvent('Appended');
      await store.appendToStream(`recipe-${randomUUID()}`, [appended], 'no_stream');
      const readAll = (await store.readAll({ from: marker.position })).map((e) => e.eventId);
      await delivered((e) => e.eventId === appended.eventId);
      return { ms: Date.now() - started, readAll: readAll.filter((id) => id === appended.eventId) };
    } finally {
      await subscription.stop();
    }
  }

  /**
   * While a transaction of `write` stays open on `url`, an append is readable at once and delivered well within the
   * subscription's 200 ms poll.
   */
  async function expectNotHeldBackBy(url: string, write: string) {
    const end = await openTransaction(url, write);
    try {
      const { ms, readAll } = await deliveryMs();
      expect(readAll).toHaveLength(1);
      expect(ms).toBeLessThan(1000);
    } finally {
      await end();
    }
  }

  it('is not held back by a transaction open in another database of the same server', async () => {
    const other = await createTestDatabase('kbes_other');
    try {
      await expectNotHeldBackBy(other.url, 'SELECT pg_current_xact_id()');
    } finally {
      await other.drop();
    }
  });

  it('is not held back by a transaction open in the same database that does not write events', async () => {
    await pool.query('CREATE TABLE IF NOT EXISTS unrelated_rows (n int)');
    await expectNotHeldBackBy(db.url, 'INSERT INTO unrelated_rows VALUES (1)');
  });

  it('an append held open holds back exactly the events after it', async () => {
    const marker = await store.appendToStream(`marker-${randomUUID()}`, [newEvent('Marker')], 'no_stream');
    const before = await store.appendToStream(`recipe-${randomUUID()}`, [newEvent('Before')], 'no_stream');
    const end = await openTransaction(
      db.url,
      `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, brand_owner_code)
       VALUES ('recipe-${randomUUID()}', 0, '${randomUUID()}', 'HeldOpen', '{}',
               '${JSON.stringify(newEvent('x').metadata)}', 'DEMO')`,
    );
    let ended = false;
    try {
      await store.appendToStream(`recipe-${randomUUID()}`, [newEvent('After1')], 'no_stream');
      await store.appendToStream(`recipe-${randomUUID()}`, [newEvent('After2')], 'no_stream');
      const types = async () => (await store.readAll({ from: marker.position })).map((e) => e.type);
      expect(await types()).toEqual(['Before']);
      const head = await store.headPosition();
      expect(head).toEqual(before.position);
      const page = await store.readAllPage({ from: marker.position, maxCount: 10 });
      expect(page.events.map((e) => e.type)).toEqual(['Before']);
      await end();
      ended = true;
      expect(await types()).toEqual(['Before', 'HeldOpen', 'After1', 'After2']);
    } finally {
      if (!ended) await end();
    }
  });

  it('refuses to write events from a transaction that wrote something else first', async () => {
    await pool.query('CREATE TABLE IF NOT EXISTS unrelated_rows (n int)');
    const client = await pool.connect();
    const streamId = `recipe-${randomUUID()}`;
    try {
      await client.query('BEGIN');
      await client.query('INSERT INTO unrelated_rows VALUES (2)');
      await expect(
        client.query(
          `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, brand_owner_code)
           VALUES ($1, 0, $2, 'Late', '{}', '{}', 'DEMO')`,
          [streamId, randomUUID()],
        ),
      ).rejects.toMatchObject({ code: '55000' });
      await client.query('ROLLBACK');
      // Events first, then other writes, in one transaction: allowed.
      await client.query('BEGIN');
      for (const n of [0, 1])
        await client.query(
          `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, brand_owner_code)
           VALUES ($1, $2, $3, 'First', '{}', '{}', 'DEMO')`,
          [streamId, n, randomUUID()],
        );
      await client.query('INSERT INTO unrelated_rows VALUES (3)');
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['First', 'First']);
  });

  it('control: under the same load a naive "global_position > last" reader loses events', async () => {
    let last = 0n;
    const naiveSeen = new Set<string>();
    let writing = true;
    const naiveReader = (async () => {
      for (;;) {
        const done = !writing;
        const { rows } = await pool.query<{ event_id: string; global_position: string }>(
          'SELECT event_id::text AS event_id, global_position FROM events WHERE global_position > $1 ORDER BY global_position LIMIT 1000',
          [last.toString()],
        );
        for (const row of rows) naiveSeen.add(row.event_id);
        if (rows.length > 0) last = BigInt(rows.at(-1)!.global_position);
        else if (done) return;
      }
    })();
    const written = await runConcurrentWriters(store, {
      prefix: `naive-${randomUUID()}`,
      writers: 16,
      durationMs: 2000,
    });
    writing = false;
    await naiveReader;
    const lost = written.filter((w) => !naiveSeen.has(w.eventId)).length;
    console.log(
      `naive reader lost ${lost} of ${written.length} events (${((100 * lost) / written.length).toFixed(2)}%)`,
    );
    expect(lost).toBeGreaterThan(0);
  });

  it('refuses a partial overlap of event ids within a stream, writing nothing', async () => {
    const streamId = `recipe-${randomUUID()}`;
    const [a, b, c] = [newEvent('A'), newEvent('B'), newEvent('C')];
    await store.appendToStream(streamId, [a, b], 'no_stream');
    await expect(store.appendToStream(streamId, [b, c], 'any')).rejects.toBeInstanceOf(EventIdConflictError);
    await expect(store.appendToStream(streamId, [c, c], 'any')).rejects.toBeInstanceOf(EventIdConflictError);
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['A', 'B']);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM events WHERE event_id = $1', [
      c.eventId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('keeps event ids per stream: the same ids on another stream are the events of that stream (as in KurrentDB)', async () => {
    const [a, b] = [newEvent('A'), newEvent('B')];
    const first = `recipe-${randomUUID()}`;
    const second = `recipe-${randomUUID()}`;
    await store.appendToStream(first, [a, b], 'no_stream');
    const other = await store.appendToStream(second, [a, b], 'any');
    expect(other.nextExpectedVersion).toBe(1n);
    // A retry on either stream still finds its own append.
    expect(await store.appendToStream(second, [a, b], 'any')).toEqual(other);
    expect((await store.readStream(first)).map((e) => e.type)).toEqual(['A', 'B']);
    expect((await store.readStream(second)).map((e) => e.type)).toEqual(['A', 'B']);
  });

  it('appends large batches (passed as arrays) in order, at a known version and with any', async () => {
    const streamId = `recipe-${randomUUID()}`;
    const first = Array.from({ length: 40 }, (_, i) => newEvent(`Step${i}`));
    const second = Array.from({ length: 25 }, (_, i) => newEvent(`Step${40 + i}`));
    expect((await store.appendToStream(streamId, first, 'no_stream')).nextExpectedVersion).toBe(39n);
    await expect(store.appendToStream(streamId, second, 38n)).rejects.toMatchObject({ actual: 39n });
    const result = await store.appendToStream(streamId, second, 'any');
    expect(result.nextExpectedVersion).toBe(64n);
    const events = await store.readStream(streamId);
    expect(events.map((e) => e.type)).toEqual([...first, ...second].map((e) => e.type));
    expect(events.at(-1)!.position).toEqual(result.position);
    expect(await store.appendToStream(streamId, second, 'any')).toEqual(result);
  });

  it('an empty append checks the expected version and writes nothing', async () => {
    const streamId = `recipe-${randomUUID()}`;
    expect(await store.appendToStream(streamId, [], 'no_stream')).toMatchObject({ nextExpectedVersion: -1n });
    const written = await store.appendToStream(streamId, [newEvent('A')], 'no_stream');
    expect(await store.appendToStream(streamId, [], 0n)).toEqual(written);
    await expect(store.appendToStream(streamId, [], 'no_stream')).rejects.toMatchObject({
      name: 'WrongExpectedVersionError',
    });
  });

  it('stores the brand owner code in its own column and the metadata as json', async () => {
    const streamId = `recipe-${randomUUID()}`;
    await store.appendToStream(streamId, [newEvent('A', { x: 1 }, 'OTHER')], 'no_stream');
    const { rows } = await pool.query(
      `SELECT brand_owner_code, json_typeof(metadata) AS metadata, data ->> 'x' AS x,
              pg_typeof(transaction_id)::text AS xid_type
       FROM events WHERE stream_id = $1`,
      [streamId],
    );
    expect(rows).toEqual([{ brand_owner_code: 'OTHER', metadata: 'object', x: '1', xid_type: 'xid8' }]);
  });

  it('wakes a subscriber in another process through NOTIFY, long before its next poll', async () => {
    const watched = watchedPool(db.url, 'kbes-listening');
    const listening = new PostgresEventStore(watched.pool, { pollIntervalMs: 60_000 });
    const { subscription, delivered } = await subscribedAfterMarker(store, listening);
    try {
      // LISTEN is in place, and both reads are done: the first one and the one the listener asks for once it
      // listens. The subscription sleeps now; its next poll is a minute away.
      await eventually(async () => {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE application_name = 'kbes-listening' AND state = 'idle' AND query = 'LISTEN kb_events'`,
        );
        return rows[0]!.n === 1 && watched.queries.ended >= 4 ? true : undefined;
      }, 10_000);
      const appendedAt = Date.now();
      await store.appendToStream(`recipe-${randomUUID()}`, [newEvent('Notified')], 'no_stream');
      await delivered((e) => e.type === 'Notified');
      expect(Date.now() - appendedAt).toBeLessThan(10_000);
    } finally {
      await subscription.stop();
      await listening.close();
      await watched.pool.end();
    }
  });

  /** Until the store whose pool is named `applicationName` has its LISTEN connection in place. */
  async function listening(applicationName: string): Promise<void> {
    await eventually(async () => {
      const { rows } = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = $1 AND query = 'LISTEN kb_events'`,
        [applicationName],
      );
      return rows[0]!.n === 1 ? true : undefined;
    }, 10_000);
  }

  it('ends a reader’s wait for appends at another store’s append (NOTIFY), long before its timeout', async () => {
    const watched = watchedPool(db.url, 'kbes-waiting');
    const waiting = new PostgresEventStore(watched.pool);
    try {
      // Asking for a waiter sets up LISTEN; once it is in place, an append elsewhere ends a wait at once.
      const waiter = waiting.appendWaiter();
      await listening('kbes-waiting');
      await waiter.wait(10);
      const startedAt = Date.now();
      const waited = waiter.wait(60_000);
      await store.appendToStream(`recipe-${randomUUID()}`, [newEvent('Hinted')], 'no_stream');
      await waited;
      expect(Date.now() - startedAt).toBeLessThan(10_000);
      // Without an append the wait lasts its timeout; an aborted one ends at once.
      const quietFrom = Date.now();
      await waiter.wait(300);
      expect(Date.now() - quietFrom).toBeGreaterThanOrEqual(290);
      const abort = new AbortController();
      const aborted = waiter.wait(60_000, abort.signal);
      abort.abort();
      await aborted;
    } finally {
      await waiting.close();
      await watched.pool.end();
    }
  });

  it('does not sleep through a hint that came while its reader was not waiting (reading)', async () => {
    const watched = watchedPool(db.url, 'kbes-reading');
    const waiting = new PostgresEventStore(watched.pool);
    try {
      const reader = waiting.appendWaiter();
      const other = waiting.appendWaiter();
      await listening('kbes-reading');
      await reader.wait(10);
      // The reader is busy (not waiting) when the append's hint arrives; another waiter sees the hint come.
      const hinted = other.wait(60_000);
      await store.appendToStream(`recipe-${randomUUID()}`, [newEvent('HintedWhileReading')], 'no_stream');
      await hinted;
      // Its next wait ends at once, so it reads again instead of sleeping a poll interval.
      const startedAt = Date.now();
      await reader.wait(60_000);
      expect(Date.now() - startedAt).toBeLessThan(1_000);
      // Having looked again, the one after that sleeps until the next hint.
      const quietFrom = Date.now();
      await reader.wait(300);
      expect(Date.now() - quietFrom).toBeGreaterThanOrEqual(290);
    } finally {
      await waiting.close();
      await watched.pool.end();
    }
  });

  it('still delivers by polling when no NOTIFY is sent', async () => {
    const quiet = new PostgresEventStore(pool, { notify: false });
    const watched = watchedPool(db.url, 'kbes-polling');
    const polling = new PostgresEventStore(watched.pool, { pollIntervalMs: 200 });
    const { subscription, delivered } = await subscribedAfterMarker(quiet, polling);
    try {
      // The subscription has read (it finds the event on a later poll, not on its first read).
      await readAgain(watched.queries);
      await quiet.appendToStream(`recipe-${randomUUID()}`, [newEvent('Polled')], 'no_stream');
      await delivered((e) => e.type === 'Polled');
    } finally {
      await subscription.stop();
      await polling.close();
      await quiet.close();
      await watched.pool.end();
    }
  });
});
