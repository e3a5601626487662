import pg from 'pg';
import {
  EventIdConflictError,
  START,
  emptyAppendResult,
  expectedVersionMatches,
  WrongExpectedVersionError,
  type AppendResult,
  type AppendWaiter,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadPage,
  type ReadPageOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  withJsonText,
} from '../port.js';
import { EVENT_APPEND_LOCK } from './migrations.js';

export interface PostgresEventStoreOptions {
  /** How often an idle subscription reads anyway when no wake-up arrived. Default 500 ms. */
  pollIntervalMs?: number;
  /** LISTEN/NOTIFY channel carrying the "something was appended" hint. Default `kb_events`. */
  channel?: string;
  /** Send the hint after appends, for subscribers in other processes. Default true. */
  notify?: boolean;
  /** Default batch size of `subscribeToAll`. Default 500. */
  batchSize?: number;
}

const UNIQUE_VIOLATION = '23505';
/** Appends with `any` / `stream_exists` retry when a concurrent append took the same stream position. */
const MAX_APPEND_ATTEMPTS = 20;
/** A subscription retries failed reads this many times in a row (growing pauses) before it fails. */
const MAX_READ_FAILURES = 5;
/** At most one NOTIFY per this interval; an append after a quiet spell still sends its hint at once. */
const NOTIFY_SPACING_MS = 20;

// One statement per append, so optimistic concurrency costs no extra round trip. transaction_id and
// global_position come from the column defaults. Two forms:
// - The expected version is known (no_stream = -1, or a number): the new events take the next positions, and a
//   stale version hits the unique key (stream_id, stream_position); the EXISTS guard refuses a version beyond
//   the stream's end, which would leave a gap. $1 stream id, $2 expected version.
// - any / stream_exists: the positions follow the stream's head, read in the same statement; a concurrent append
//   that took them first makes this one hit the unique key and retry. Such an append writes nothing when one of
//   its event ids is already in the stream (a retried append), so the store can return the original result.
//   $1 stream id, $2 'any' | 'stream_exists'.
// The events follow from $3. Idempotency is per stream (the port's rule, and KurrentDB's): with a known version a
// retried append hits the stream key; there is no global index of event ids, which cost a quarter of the
// throughput of ten-event appends (npm run bench).
type AppendForm = 'known' | 'head';

function appendSql(form: AppendForm, events: (alias: string) => string): string {
  const insert = `INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, brand_owner_code)`;
  // No ORDER BY: a sort costs as much as the rest of a one-event append. The rows come out of VALUES (or unnest
  // WITH ORDINALITY) in order and nothing in these plans reorders them, so the identity values follow `ord`; the
  // contract suite's load test checks that stream order and global order agree.
  const returning = `RETURNING stream_position, transaction_id, global_position`;
  if (form === 'known') {
    return `${insert}
      SELECT $1, $2::bigint + e.ord, e.event_id, e.type, e.data, e.metadata, e.brand_owner_code FROM ${events('e')}
      WHERE $2::bigint < 0 OR EXISTS (SELECT FROM events WHERE stream_id = $1 AND stream_position = $2::bigint)
      ${returning}`;
  }
  return `WITH head AS (SELECT max(stream_position) AS version FROM events WHERE stream_id = $1)
    ${insert}
    SELECT $1, coalesce(head.version, -1) + e.ord, e.event_id, e.type, e.data, e.metadata, e.brand_owner_code
    FROM head, ${events('e')}
    WHERE ($2::text = 'any' OR head.version IS NOT NULL)
      AND NOT EXISTS (SELECT FROM events x WHERE x.stream_id = $1
                      AND x.event_id IN (SELECT d.event_id FROM ${events('d')}))
    ${returning}`;
}

const EVENT_FIELDS = 'event_id, type, data, metadata, brand_owner_code';
/** Appends of up to this many events bind each field as its own parameter: the cheapest form for the server. */
const MAX_VALUES_EVENTS = 16;

const statements = new Map<string, { name: string; text: string }>();

function appendStatement(form: AppendForm, count: number): { name: string; text: string } {
  const many = count > MAX_VALUES_EVENTS;
  const key = `${form}_${many ? 'many' : count}`;
  let statement = statements.get(key);
  if (!statement) {
    const events = (alias: string) =>
      many
        ? `unnest($3::uuid[], $4::text[], $5::json[], $6::json[], $7::text[]) WITH ORDINALITY AS ${alias}(${EVENT_FIELDS}, ord)`
        : `(VALUES ${Array.from({ length: count }, (_, i) => {
            const p = 3 + i * 5;
            return `(${i + 1}, $${p}::uuid, $${p + 1}::text, $${p + 2}::json, $${p + 3}::json, $${p + 4}::text)`;
          }).join(', ')}) AS ${alias}(ord, ${EVENT_FIELDS})`;
    statement = { name: `kb_event_store_append_${key}`, text: appendSql(form, events) };
    statements.set(key, statement);
  }
  return statement;
}

function appendQuery(streamId: string, events: NewEvent[], ids: string[], expected: ExpectedVersion) {
  const known = expected !== 'any' && expected !== 'stream_exists';
  const head = [streamId, known ? (expected === 'no_stream' ? '-1' : String(expected)) : expected];
  const statement = appendStatement(known ? 'known' : 'head', events.length);
  if (events.length <= MAX_VALUES_EVENTS) {
    const values: unknown[] = head;
    events.forEach((e, i) => {
      values.push(
        ids[i],
        e.type,
        JSON.stringify(e.data ?? null),
        JSON.stringify(e.metadata),
        e.metadata.brandOwnerCode,
      );
    });
    return { ...statement, values };
  }
  return {
    ...statement,
    values: [
      ...head,
      ids,
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata)),
      events.map((e) => e.metadata.brandOwnerCode),
    ],
  };
}

// xid8, int8 and uuid arrive as strings (the driver has no parser for xid8 and keeps int8 exact as text).
const EVENT_COLUMNS = `transaction_id, global_position, stream_id, stream_position,
  event_id, type, data, metadata, recorded_at`;

// The gap-free read (ARCHITECTURE.md "Event sourcing rules") takes two statements: the horizon, then the rows
// below it. Every write to `events` holds the append lock (migration 004), taken shared before its transaction
// has an id and kept until it ends. The horizon H is the oldest id among the lock's holders that were running in
// the horizon statement's snapshot S1, or S1's xmax when there are none. The rows are read by a later statement,
// whose snapshot S2 is taken after the horizon statement ended. Why nothing can appear below H after that read:
// take an append T with id x < H. Since x < xmax(S1), x was given out before S1. If T had ended before the horizon
// statement read pg_locks, it had ended before S2, so S2 sees its rows (or it rolled back). Otherwise T was running
// at S1 with its id, so x is in S1's list of running ids, and T held the lock from before it had that id: it was
// among the holders read, and H <= x, a contradiction. An append whose id is given out after S1 has an id >=
// xmax(S1) >= H. Transactions that never write events (another database's, a long UPDATE of a read model, an
// idle psql session) are not holders, so they hold nothing back; only an append still in flight does, and only
// the events after it.
// A holder's lock on its own transaction id (locktype transactionid, ExclusiveLock) gives its id as a 32-bit xid;
// it is matched against the snapshot's running ids (xid8) on their low 32 bits. pg_locks is one function call,
// read once (MATERIALIZED), so the advisory and transaction-id rows come from one consistent view.
const HORIZON_SQL = `
  WITH snapshot AS (SELECT pg_current_snapshot() AS s),
  locks AS MATERIALIZED (
    SELECT locktype, database, classid, objid, objsubid, virtualtransaction, transactionid, mode
    FROM pg_locks WHERE granted AND locktype IN ('advisory', 'transactionid')),
  appenders AS (
    SELECT t.transactionid::text::bigint AS xid
    FROM locks a JOIN locks t ON t.virtualtransaction = a.virtualtransaction
    WHERE a.locktype = 'advisory' AND a.classid = ${EVENT_APPEND_LOCK} AND a.objid = 0 AND a.objsubid = 2
      AND a.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND t.locktype = 'transactionid' AND t.mode = 'ExclusiveLock')
  SELECT least(pg_snapshot_xmax(s), (
           SELECT min(x) FROM pg_snapshot_xip(s) AS x
           WHERE x::text::bigint % 4294967296 IN (SELECT xid FROM appenders)))::text AS horizon
  FROM snapshot`;

const READ_ALL_SQL = `
  SELECT ${EVENT_COLUMNS} FROM events
  WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
    AND transaction_id < $4::xid8
  ORDER BY transaction_id, global_position
  LIMIT $3`;

// The same read for filtered readers: only the rows that match come back, and the last row scanned (as its
// position only, when it does not match), which carries how many rows the page scanned. Other rows are neither
// sent nor parsed: a reader of a few types (the APK projection) scans 200,000 recipe events as 200 rows.
// $4 the wanted types (null: all), $5 whether payloads are wanted, $6 the horizon.
const READ_PAGE_SQL = `
  SELECT transaction_id, global_position, stream_id, stream_position, event_id, type, recorded_at, matches, data,
         metadata, n AS scanned
  FROM (
    SELECT page.*, row_number() OVER w AS n, lead(true) OVER w IS NULL AS last
    FROM (
      SELECT e.transaction_id, e.global_position, e.stream_id, e.stream_position, e.event_id, e.type,
             e.recorded_at, m.matches,
             CASE WHEN m.matches AND $5::boolean AND ($7::text[] IS NULL OR e.type = ANY($7::text[])) THEN e.data END AS data,
             CASE WHEN m.matches THEN e.metadata END AS metadata
      FROM events e, LATERAL (SELECT $4::text[] IS NULL OR e.type = ANY($4::text[]) AS matches) m
      WHERE (e.transaction_id, e.global_position) > ($1::xid8, $2::bigint)
        AND e.transaction_id < $6::xid8
      ORDER BY e.transaction_id, e.global_position
      LIMIT $3
    ) page
    WINDOW w AS (ORDER BY transaction_id, global_position)
  ) numbered
  WHERE matches OR last
  ORDER BY transaction_id, global_position`;

const HEAD_SQL = `
  SELECT transaction_id, global_position FROM events
  WHERE transaction_id < $1::xid8
  ORDER BY transaction_id DESC, global_position DESC
  LIMIT 1`;

interface EventRow {
  transaction_id: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
}

/** The position in `$all` of an events row. */
function positionOf(row: { transaction_id: string; global_position: string }): GlobalPosition {
  return { transactionId: BigInt(row.transaction_id), globalPosition: BigInt(row.global_position) };
}

function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    streamId: row.stream_id,
    streamPosition: BigInt(row.stream_position),
    position: positionOf(row),
    recordedAt: row.recorded_at,
  };
}

const TIMESTAMPTZ = 1184;
const parseTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (text: string) => Date;
const DIGIT_0 = 48;

/** The value of the digits of `text` from `start` to `end` (exclusive), or -1 where one is not a digit. */
function digits(text: string, start: number, end: number): number {
  let n = 0;
  for (let i = start; i < end; i++) {
    const d = text.charCodeAt(i) - DIGIT_0;
    if (d < 0 || d > 9) return -1;
    n = n * 10 + d;
  }
  return n;
}

/**
 * `recorded_at` as the driver parses it (postgres-date), without its regular expressions for the form the server
 * writes in UTC, `2026-11-28 13:08:41.599845+00`: the same arithmetic, so the same Date (milliseconds, the
 * fraction's rest dropped). Any other form (another time zone, a year before 1000, BC, infinity) goes to the
 * driver's parser. A catch-up reads one per event: 200,000 took 0.17 s of CPU with the driver's parser, 0.07 s here.
 */
export function parseRecordedAt(text: string): Date {
  const length = text.length;
  if (
    length >= 22 &&
    text.charCodeAt(4) === 45 /* - */ &&
    text.charCodeAt(7) === 45 &&
    text.charCodeAt(10) === 32 /* space */ &&
    text.charCodeAt(13) === 58 /* : */ &&
    text.charCodeAt(16) === 58 &&
    text.endsWith('+00')
  ) {
    const year = digits(text, 0, 4);
    const month = digits(text, 5, 7);
    const day = digits(text, 8, 10);
    const hour = digits(text, 11, 13);
    const minute = digits(text, 14, 16);
    const second = digits(text, 17, 19);
    const zoneAt = length - 3;
    const fraction = zoneAt > 20 && text.charCodeAt(19) === 46 /* . */ ? digits(text, 20, zoneAt) : -2;
    if (
      year >= 1000 &&
      month >= 0 &&
      day >= 0 &&
      hour >= 0 &&
      minute >= 0 &&
      second >= 0 &&
      (fraction >= 0 || (fraction === -2 && zoneAt === 19))
    ) {
      const ms = fraction >= 0 ? 1000 * parseFloat(text.slice(19, zoneAt)) : 0;
      return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms));
    }
  }
  return parseTimestamptz(text);
}

/** The store's type parsers: the driver's, `recorded_at` read by `parseRecordedAt`. */
const STORE_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ && format !== 'binary'
      ? parseRecordedAt
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const JSON_TYPES = new Set([114, 3802]);
/** Type parsers that leave json and jsonb as their text (`lazyJson` reads); every other type as the store's. */
const JSON_AS_TEXT = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    JSON_TYPES.has(oid)
      ? (text: string) => text
      : STORE_TYPES.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const UNPARSED = Symbol('unparsed');

/**
 * An event read with `lazyJson`: `data` and `metadata` are JSON.parse'd from the row's text when first read, so a
 * reader that only hands the text on (to another thread) or never looks at them parses nothing.
 */
class LazyJsonEvent implements RecordedEvent {
  readonly eventId: string;
  readonly type: string;
  readonly streamId: string;
  readonly streamPosition: bigint;
  readonly position: GlobalPosition;
  readonly recordedAt: Date;
  private parsedData: unknown = UNPARSED;
  private parsedMetadata: unknown = UNPARSED;

  constructor(
    row: EventRow,
    private readonly dataText: string | null,
    private readonly metadataText: string,
  ) {
    this.eventId = row.event_id;
    this.type = row.type;
    this.streamId = row.stream_id;
    this.streamPosition = BigInt(row.stream_position);
    this.position = positionOf(row);
    this.recordedAt = row.recorded_at;
    withJsonText(this, { data: dataText, metadata: metadataText });
  }

  get data(): unknown {
    if (this.parsedData === UNPARSED)
      this.parsedData = this.dataText === null ? null : JSON.parse(this.dataText);
    return this.parsedData;
  }

  get metadata(): RecordedEvent['metadata'] {
    if (this.parsedMetadata === UNPARSED) this.parsedMetadata = JSON.parse(this.metadataText);
    return this.parsedMetadata as RecordedEvent['metadata'];
  }
}

function toLazyEvent(row: EventRow): RecordedEvent {
  return new LazyJsonEvent(row, row.data as string | null, row.metadata as unknown as string);
}

function checkExpectedVersion(expected: ExpectedVersion): void {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return;
  if (typeof expected === 'number' && !Number.isSafeInteger(expected)) {
    throw new RangeError(`Expected version must be an integer, got ${expected}`);
  }
  if (BigInt(expected) < 0n) throw new RangeError(`Expected version must be >= 0, got ${String(expected)}`);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === UNIQUE_VIOLATION;
}

function delay(ms: number, signal?: { cancel?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    if (signal)
      signal.cancel = () => {
        clearTimeout(timer);
        resolve();
      };
  });
}

/**
 * The event store on Postgres. The caller owns the pool; the store opens at most two connections of its own, from
 * the pool's settings: one to LISTEN while subscriptions run, one to send the wake-up NOTIFY. Only appends still
 * in flight hold readers back (HORIZON_SQL), so a statement timeout on the pool bounds how long.
 */
export class PostgresEventStore implements EventStore {
  private readonly pollIntervalMs: number;
  private readonly channel: string;
  private readonly notifyEnabled: boolean;
  private readonly defaultBatchSize: number;
  private readonly subscriptions = new Set<PostgresSubscription>();
  /** Hints so far (this process's appends ending, NOTIFYs from others, LISTEN starting); waiters compare it. */
  private hints = 0;
  /** Waiters asleep until the next hint (subscriptions and `appendWaiter`s alike). */
  private readonly sleepers = new Set<() => void>();
  /** A reader asked for an `appendWaiter`: the LISTEN connection stays up (not only while subscriptions run). */
  private hintsWanted = false;
  private listener: pg.Client | undefined;
  private listenerConnecting = false;
  private notifier: Promise<pg.Client> | undefined;
  private notifyBusy = false;
  private notifyPending = false;
  private closed = false;

  constructor(
    private readonly pool: pg.Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.channel = options.channel ?? 'kb_events';
    this.notifyEnabled = options.notify ?? true;
    this.defaultBatchSize = options.batchSize ?? 500;
    if (!/^[a-z_][a-z0-9_]*$/.test(this.channel))
      throw new Error(`Invalid NOTIFY channel name ${this.channel}`);
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    checkExpectedVersion(expectedVersion);
    if (events.length === 0) return this.checkVersionOnly(streamId, expectedVersion);
    const ids = events.map((e) => e.eventId.toLowerCase());
    if (new Set(ids).size !== ids.length) throw new EventIdConflictError(streamId, ids);
    const query = appendQuery(streamId, events, ids, expectedVersion);
    for (let attempt = 1; ; attempt++) {
      let rows: { stream_position: string; transaction_id: string; global_position: string }[];
      try {
        ({ rows } = await this.pool.query(query));
      } catch (error) {
        // Refused, its transaction has ended all the same: readers it held back may go on.
        this.appendEnded();
        if (!isUniqueViolation(error)) throw error;
        rows = [];
      }
      if (rows.length === events.length) {
        this.appendEnded();
        const last = rows.reduce((a, b) => (BigInt(b.global_position) > BigInt(a.global_position) ? b : a));
        return { nextExpectedVersion: BigInt(last.stream_position), position: positionOf(last) };
      }
      // Nothing was written: a retried append, a stale expected version, or (any/stream_exists) a lost race.
      const original = await this.findPriorAppend(streamId, ids);
      if (original) return original;
      const actual = await this.streamVersion(streamId);
      if (!expectedVersionMatches(expectedVersion, actual) || attempt >= MAX_APPEND_ATTEMPTS) {
        throw new WrongExpectedVersionError(streamId, expectedVersion, actual);
      }
    }
  }

  async readStream(
    streamId: string,
    options: { fromVersion?: bigint; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({
      text: `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_position >= $2
       ORDER BY stream_position LIMIT $3`,
      types: STORE_TYPES,
      values: [streamId, String(options.fromVersion ?? 0n), options.maxCount ?? null],
    });
    return rows.map(toRecordedEvent);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAfter(options.from ?? START, options.maxCount ?? null);
  }

  async readAllPage(options: ReadPageOptions): Promise<ReadPage> {
    const from = options.from ?? START;
    const horizon = await this.horizon();
    const lazy = options.lazyJson === true;
    const { rows } = await this.pool.query<EventRow & { matches: boolean; scanned: string }>({
      name: 'kb_event_store_read_page',
      text: READ_PAGE_SQL,
      types: lazy ? JSON_AS_TEXT : STORE_TYPES,
      values: [
        from.transactionId.toString(),
        from.globalPosition.toString(),
        options.maxCount,
        options.types ? [...options.types] : null,
        options.withData !== false,
        horizon,
        Array.isArray(options.withData) ? [...(options.withData as readonly string[])] : null,
      ],
    });
    const last = rows.at(-1);
    return {
      events: rows.filter((r) => r.matches).map(lazy ? toLazyEvent : toRecordedEvent),
      scannedTo: last ? positionOf(last) : from,
      scanned: last ? Number(last.scanned) : 0,
    };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('PostgresEventStore is closed');
    const subscription = new PostgresSubscription(
      (from, max) => this.readAfter(from, max),
      this.waiter(),
      options,
      options.batchSize ?? this.defaultBatchSize,
      this.pollIntervalMs,
      () => {
        this.subscriptions.delete(subscription);
        if (!this.wantsHints()) this.stopListening();
      },
    );
    this.subscriptions.add(subscription);
    this.startListening();
    return subscription;
  }

  async headPosition(): Promise<GlobalPosition> {
    const { rows } = await this.pool.query<{ transaction_id: string; global_position: string }>({
      name: 'kb_event_store_head',
      text: HEAD_SQL,
      values: [await this.horizon()],
    });
    const row = rows[0];
    return row ? positionOf(row) : START;
  }

  appendWaiter(): AppendWaiter {
    this.hintsWanted = true;
    this.startListening();
    return this.waiter();
  }

  /** A waiter on this store's hints (see `AppendWaiter`); it does not itself start listening. */
  private waiter(): AppendWaiter {
    let seen = this.hints;
    return {
      wait: (timeoutMs, signal) => {
        if (this.closed || signal?.aborted || seen !== this.hints) {
          seen = this.hints;
          return Promise.resolve();
        }
        const sleeper: { cancel?: () => void } = {};
        const slept = delay(timeoutMs, sleeper);
        const wake = () => sleeper.cancel?.();
        this.sleepers.add(wake);
        signal?.addEventListener('abort', wake, { once: true });
        return slept.finally(() => {
          this.sleepers.delete(wake);
          signal?.removeEventListener('abort', wake);
          seen = this.hints;
        });
      },
    };
  }

  /** Something may have become readable (or the store closes): every waiter looks again now. */
  private hint(): void {
    this.hints++;
    for (const wake of [...this.sleepers]) wake();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.hint();
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    this.stopListening();
    const notifier = this.notifier;
    this.notifier = undefined;
    if (notifier) await notifier.then((c) => c.end()).catch(() => undefined);
  }

  /** The transaction id below which every append has ended (HORIZON_SQL); read before, never with, the rows. */
  private async horizon(): Promise<string> {
    const { rows } = await this.pool.query<{ horizon: string }>({
      name: 'kb_event_store_horizon',
      text: HORIZON_SQL,
    });
    return rows[0]!.horizon;
  }

  private async readAfter(from: GlobalPosition, maxCount: number | null): Promise<RecordedEvent[]> {
    const horizon = await this.horizon();
    const { rows } = await this.pool.query<EventRow>({
      name: 'kb_event_store_read_all',
      text: READ_ALL_SQL,
      types: STORE_TYPES,
      values: [from.transactionId.toString(), from.globalPosition.toString(), maxCount, horizon],
    });
    return rows.map(toRecordedEvent);
  }

  private async streamVersion(streamId: string): Promise<bigint | null> {
    const { rows } = await this.pool.query<{ version: string | null }>(
      'SELECT max(stream_position) AS version FROM events WHERE stream_id = $1',
      [streamId],
    );
    const version = rows[0]?.version;
    return version === null || version === undefined ? null : BigInt(version);
  }

  private async checkVersionOnly(streamId: string, expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const { rows } = await this.pool.query<{
      stream_position: string;
      transaction_id: string;
      global_position: string;
    }>(
      `SELECT stream_position, transaction_id, global_position FROM events
       WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1`,
      [streamId],
    );
    const last = rows[0];
    return emptyAppendResult(
      streamId,
      expectedVersion,
      last && { streamPosition: BigInt(last.stream_position), position: positionOf(last) },
    );
  }

  /** The result of an earlier append of exactly these events to this stream, or undefined if none was stored. */
  private async findPriorAppend(streamId: string, ids: string[]): Promise<AppendResult | undefined> {
    const { rows } = await this.pool.query<{
      event_id: string;
      stream_id: string;
      stream_position: string;
      transaction_id: string;
      global_position: string;
    }>(
      `SELECT event_id, stream_id, stream_position, transaction_id, global_position
       FROM events WHERE stream_id = $1 AND event_id = ANY($2::uuid[]) ORDER BY stream_position`,
      [streamId, ids],
    );
    if (rows.length === 0) return undefined;
    const sameAppend =
      rows.length === ids.length &&
      rows.every((row, i) => row.stream_id === streamId && row.event_id === ids[i]) &&
      rows.every(
        (row, i) => i === 0 || BigInt(row.stream_position) === BigInt(rows[i - 1]!.stream_position) + 1n,
      );
    if (!sameAppend)
      throw new EventIdConflictError(
        streamId,
        rows.map((r) => r.event_id),
      );
    const last = rows[rows.length - 1]!;
    return { nextExpectedVersion: BigInt(last.stream_position), position: positionOf(last) };
  }

  /** After an append's transaction ends: wake this process's readers now, and send the hint to other processes. */
  private appendEnded(): void {
    this.hint();
    if (this.notifyEnabled && !this.closed) this.sendNotify();
  }

  // NOTIFY inside the append would serialise every committing append on Postgres' global notify lock, so the
  // hint goes out after the commit, on its own connection; under load the appends of a short interval share one.
  private sendNotify(): void {
    if (this.notifyBusy) {
      this.notifyPending = true;
      return;
    }
    this.notifyBusy = true;
    this.notifyPending = false;
    // NOTIFY gives its transaction an id, so its commit would wait for a WAL flush beside the appends' own; a hint
    // lost in a crash costs nothing (subscribers poll), so the notifier's commits do not wait.
    this.notifier ??= this.connect().then(async (client) => {
      await client.query('SET synchronous_commit = off');
      return client;
    });
    const notifier = this.notifier;
    notifier
      .then((client) => client.query(`NOTIFY ${this.channel}`))
      .catch(() => {
        // A lost connection: open a new one next time. Subscribers poll meanwhile.
        if (this.notifier === notifier) this.notifier = undefined;
        void notifier.then((c) => c.end()).catch(() => undefined);
      })
      .then(() => new Promise((resolve) => setTimeout(resolve, NOTIFY_SPACING_MS).unref()))
      .finally(() => {
        this.notifyBusy = false;
        if (this.notifyPending && !this.closed) this.sendNotify();
      });
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(this.pool.options);
    client.on('error', () => {
      // Reported through the failing query or the listener's reconnect; nothing else holds this client.
    });
    await client.connect();
    return client;
  }

  private startListening(): void {
    if (this.listener || this.listenerConnecting || this.closed) return;
    this.listenerConnecting = true;
    this.connect()
      .then(async (client) => {
        client.on('notification', () => this.hint());
        client.on('error', () => {
          if (this.listener === client) this.listener = undefined;
          void client.end().catch(() => undefined);
          setTimeout(() => {
            if (this.wantsHints()) this.startListening();
          }, this.pollIntervalMs).unref();
        });
        await client.query(`LISTEN ${this.channel}`);
        this.listenerConnecting = false;
        if (!this.wantsHints() || this.closed) {
          await client.end();
          return;
        }
        this.listener = client;
        // Appends may have happened while connecting.
        this.hint();
      })
      .catch(() => {
        // Without LISTEN the subscriptions still poll; try again later.
        this.listenerConnecting = false;
        setTimeout(() => {
          if (this.wantsHints()) this.startListening();
        }, this.pollIntervalMs * 4).unref();
      });
  }

  /** Whether anything reads the append hints: running subscriptions, or readers that waited for appends. */
  private wantsHints(): boolean {
    return !this.closed && (this.subscriptions.size > 0 || this.hintsWanted);
  }

  private stopListening(): void {
    const listener = this.listener;
    this.listener = undefined;
    if (listener) void listener.end().catch(() => undefined);
  }
}

class PostgresSubscription implements Subscription {
  readonly done: Promise<void>;
  private readonly stopping = new AbortController();

  constructor(
    private readonly read: (from: GlobalPosition, maxCount: number) => Promise<RecordedEvent[]>,
    private readonly waiter: AppendWaiter,
    private readonly options: SubscribeOptions,
    private readonly batchSize: number,
    private readonly pollIntervalMs: number,
    private readonly onEnd: () => void,
  ) {
    this.done = this.run().finally(onEnd);
    this.done.catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    await this.done.catch(() => undefined);
  }

  private async run(): Promise<void> {
    const signal = this.stopping.signal;
    let checkpoint = this.options.from ?? START;
    let failures = 0;
    while (!signal.aborted) {
      let batch: RecordedEvent[];
      try {
        batch = await this.read(checkpoint, this.batchSize);
        failures = 0;
      } catch (error) {
        if (++failures >= MAX_READ_FAILURES) throw error;
        await this.waiter.wait(this.pollIntervalMs * 2 ** failures, signal);
        continue;
      }
      if (signal.aborted) return;
      if (batch.length > 0) {
        await this.options.onEvents(batch);
        checkpoint = batch[batch.length - 1]!.position;
        if (batch.length === this.batchSize) continue;
      }
      await this.waiter.wait(this.pollIntervalMs, signal);
    }
  }
}
