import type { GlobalPosition, RecordedEvent } from '@kb/event-store';
import type { Pool, PoolClient } from '@kb/platform';
import { StaleCheckpointError } from './errors.js';
import { storableText } from './storable.js';

/**
 * Parking. A projection that cannot apply an event (a payload shape its code does not know, a value its tables
 * refuse) must not stop every other stream and brand behind that event. When a batch fails, the runner finds the
 * event that fails on its own, records it in `projection_parked_events` in the transaction that moves the
 * checkpoint past it, and goes on. The later events of the same stream are parked behind it, so a stream's rows
 * are never built on a gap: they stay as they were before the parked event until `projector replay` applies the
 * parked events again, in order, after a fix. Parking is per projection version: a rebuild parks its own.
 *
 * Failures that say nothing about the event (the database unreachable or restarting, a deadlock, a lock timeout,
 * a missing table or column, another instance moving the checkpoint) are never parked: the batch is retried with
 * back-off, as before, and `status` shows the error.
 */

/** One parked event as ops see it. */
export interface ParkedEvent {
  name: string;
  version: number;
  position: GlobalPosition;
  streamId: string;
  streamPosition: bigint;
  eventId: string;
  eventType: string;
  brandOwnerCode: string | null;
  /** Why it failed, or why it waits (`behind` set): the error of the event of its stream it is parked behind. */
  error: string;
  /** Global position (the `global_position` half) of the event of the same stream it waits behind; null for
   *  the event that failed itself. */
  behind: bigint | null;
  parkedAt: Date;
}

/** An event to park: the one that failed (`behind` null) or one waiting behind it. */
export interface EventToPark {
  event: RecordedEvent;
  error: string;
  behind: GlobalPosition | null;
}

/** Parked streams of a version: stream id → the first parked event of it (what later events wait behind). */
export type ParkedStreams = Map<string, { position: GlobalPosition; error: string }>;

// SQLSTATE classes that describe the database or the code, not the event being applied: connection (08), invalid
// transaction state (25), authorization (28), catalog name (3D), schema (3F), rollback (40: deadlock,
// serialization), syntax or access rule (42: a missing table or column), insufficient resources (53), object not
// in prerequisite state (55: lock timeout), operator intervention (57: shutdown, cancel), system (58), config
// file (F0), internal (XX).
const NOT_ABOUT_THE_EVENT = new Set([
  '08',
  '25',
  '28',
  '3D',
  '3F',
  '40',
  '42',
  '53',
  '55',
  '57',
  '58',
  'F0',
  'XX',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
const CONNECTION_MESSAGE =
  /connection (terminated|ended|closed|lost)|timeout exceeded when trying to connect|Client has encountered a connection error|Lost the connection/i;

/**
 * True when a failure may be caused by the events being applied (a projection's code throwing, a value refused by
 * a table: data exceptions, constraint violations, limits), so isolating the event and parking it makes sense.
 */
export function isEventFailure(error: unknown): boolean {
  if (error instanceof StaleCheckpointError) return false;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return false;
    if (/^[0-9A-Z]{5}$/.test(code) && NOT_ABOUT_THE_EVENT.has(code.slice(0, 2))) return false;
  }
  return !(typeof message === 'string' && CONNECTION_MESSAGE.test(message));
}

export function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return storableText(message).slice(0, 2000);
}

const positionKey = (p: GlobalPosition) => `${p.transactionId}/${p.globalPosition}`;
export { positionKey };

/** Records parked events (inside the transaction that moves the checkpoint past them, or a replay's). */
export async function insertParked(
  tx: PoolClient,
  name: string,
  version: number,
  events: readonly EventToPark[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.query(
    `INSERT INTO projection_parked_events (name, version, transaction_id, global_position, stream_id, stream_position,
                                           event_id, event_type, brand_owner_code, error, behind_global_position)
     SELECT $1, $2, * FROM unnest($3::bigint[], $4::bigint[], $5::text[], $6::bigint[], $7::uuid[], $8::text[],
                                  $9::text[], $10::text[], $11::bigint[])
     ON CONFLICT DO NOTHING`,
    [
      name,
      version,
      events.map((p) => p.event.position.transactionId.toString()),
      events.map((p) => p.event.position.globalPosition.toString()),
      events.map((p) => storableText(p.event.streamId)),
      events.map((p) => p.event.streamPosition.toString()),
      events.map((p) => p.event.eventId),
      events.map((p) => storableText(p.event.type)),
      events.map((p) => {
        const brand = (p.event.metadata as { brandOwnerCode?: unknown } | null)?.brandOwnerCode;
        return typeof brand === 'string' ? storableText(brand) : null;
      }),
      events.map((p) => storableText(p.error)),
      events.map((p) => p.behind?.globalPosition.toString() ?? null),
    ],
  );
}

/** The streams a version has parked, each with the first event parked of it. */
export async function parkedStreams(
  db: Pool | PoolClient,
  name: string,
  version: number,
): Promise<ParkedStreams> {
  const { rows } = await db.query<{
    stream_id: string;
    transaction_id: string;
    global_position: string;
    error: string;
  }>(
    `SELECT DISTINCT ON (stream_id) stream_id, transaction_id, global_position, error
       FROM projection_parked_events WHERE name = $1 AND version = $2
      ORDER BY stream_id, transaction_id, global_position`,
    [name, version],
  );
  return new Map(
    rows.map((r) => [
      r.stream_id,
      {
        position: { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.global_position) },
        error: r.error,
      },
    ]),
  );
}

interface ParkedRow {
  name: string;
  version: number;
  transaction_id: string;
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  event_type: string;
  brand_owner_code: string | null;
  error: string;
  behind_global_position: string | null;
  parked_at: Date;
}

/** The parked events of a projection (one version, or every version), in global order per version. */
export async function listParked(
  db: Pool | PoolClient,
  name: string,
  version?: number,
): Promise<ParkedEvent[]> {
  const { rows } = await db.query<ParkedRow>(
    `SELECT * FROM projection_parked_events WHERE name = $1 AND ($2::int IS NULL OR version = $2)
      ORDER BY version, transaction_id, global_position`,
    [name, version ?? null],
  );
  return rows.map((r) => ({
    name: r.name,
    version: r.version,
    position: { transactionId: BigInt(r.transaction_id), globalPosition: BigInt(r.global_position) },
    streamId: r.stream_id,
    streamPosition: BigInt(r.stream_position),
    eventId: r.event_id,
    eventType: r.event_type,
    brandOwnerCode: r.brand_owner_code,
    error: r.error,
    behind: r.behind_global_position === null ? null : BigInt(r.behind_global_position),
    parkedAt: r.parked_at,
  }));
}

export interface ParkedCount {
  events: number;
  streams: number;
  /** Brands whose streams are parked. */
  brands: string[];
}

/** Parked counts per projection version, keyed `name/version`. */
export async function parkedCounts(db: Pool | PoolClient): Promise<Map<string, ParkedCount>> {
  const { rows } = await db.query<{
    name: string;
    version: number;
    events: number;
    streams: number;
    brands: string[];
  }>(
    `SELECT name, version, count(*)::int AS events, count(DISTINCT stream_id)::int AS streams,
            array_remove(array_agg(DISTINCT brand_owner_code), NULL) AS brands
       FROM projection_parked_events GROUP BY name, version`,
  );
  return new Map(
    rows.map((r) => [`${r.name}/${r.version}`, { events: r.events, streams: r.streams, brands: r.brands }]),
  );
}

/**
 * The events of `streams` from the first parked event of each on, of a page read from the log: split into those
 * to apply and those to park behind their stream's parked event. Without parked streams: all applied, no copy.
 */
export function splitParked(
  events: RecordedEvent[],
  streams: ParkedStreams,
): { apply: RecordedEvent[]; park: EventToPark[] } {
  if (streams.size === 0) return { apply: events, park: [] };
  const apply: RecordedEvent[] = [];
  const park: EventToPark[] = [];
  for (const event of events) {
    const first = streams.get(event.streamId);
    if (first) park.push({ event, error: first.error, behind: first.position });
    else apply.push(event);
  }
  return { apply, park };
}
