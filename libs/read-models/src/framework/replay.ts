import { comparePositions, type EventStore, type RecordedEvent } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { applyParked } from './batch.js';
import { errorFields, silentLogger, type Logger } from './log.js';
import { errorText, isEventFailure, listParked, positionKey, type ParkedEvent } from './parking.js';
import type { Projection } from './projection.js';

export interface ReplayResult {
  /** Parked events applied and taken off the list. */
  replayed: number;
  /** Parked events still there (they failed again, or wait behind one that did). */
  stillParked: number;
}

/** The failing event keeps its place with the new error; the later events of its stream wait behind it. */
async function parkAgain(
  pool: Pool,
  projection: Projection,
  version: number,
  event: RecordedEvent,
  error: string,
) {
  await pool.query(
    `UPDATE projection_parked_events
        SET error = $6,
            behind_global_position = CASE WHEN transaction_id = $3 AND global_position = $4 THEN NULL ELSE $4 END
      WHERE name = $1 AND version = $2 AND stream_id = $5 AND (transaction_id, global_position) >= ($3, $4)`,
    [
      projection.name,
      version,
      event.position.transactionId.toString(),
      event.position.globalPosition.toString(),
      event.streamId,
      error,
    ],
  );
}

/**
 * Applies a version's parked events again, in order, after a fix. All at once when they all go through (one
 * transaction); otherwise stream by stream, and event by event in a stream that fails: the first event that still
 * fails stays parked (with its new error), and the rest of its stream behind it. Other streams go on.
 * The caller holds the version's run lock, and nothing else writes the version meanwhile.
 */
export async function replayParkedEvents(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  version: number,
  logger: Logger = silentLogger,
): Promise<ReplayResult> {
  const rows = await listParked(pool, projection.name, version);
  if (rows.length === 0) return { replayed: 0, stillParked: 0 };
  const byStream = new Map<string, ParkedEvent[]>();
  for (const r of rows) {
    const list = byStream.get(r.streamId);
    if (list) list.push(r);
    else byStream.set(r.streamId, [r]);
  }
  // The events themselves come from the log, read per stream from its first parked event.
  const streams: RecordedEvent[][] = [];
  for (const [streamId, list] of byStream) {
    const wanted = new Set(list.map((r) => positionKey(r.position)));
    const first = list.reduce(
      (min, r) => (r.streamPosition < min ? r.streamPosition : min),
      list[0]!.streamPosition,
    );
    const read = await store.readStream(streamId, { fromVersion: first });
    streams.push(read.filter((e) => wanted.has(positionKey(e.position))));
  }
  const log = { projection: projection.name, version };
  const all = streams.flat().sort((a, b) => comparePositions(a.position, b.position));
  try {
    await applyParked(pool, projection, version, all);
    return { replayed: all.length, stillParked: rows.length - all.length };
  } catch (error) {
    if (!isEventFailure(error)) throw error;
  }
  let replayed = 0;
  for (const events of streams) {
    try {
      await applyParked(pool, projection, version, events);
      replayed += events.length;
      continue;
    } catch (error) {
      if (!isEventFailure(error)) throw error;
    }
    for (const [i, event] of events.entries()) {
      try {
        await applyParked(pool, projection, version, [event]);
        replayed += 1;
      } catch (error) {
        if (!isEventFailure(error)) throw error;
        await parkAgain(pool, projection, version, event, errorText(error));
        logger.warn(
          { ...log, ...errorFields(error), streamId: event.streamId, waiting: events.length - i - 1 },
          'a parked event still fails: it stays parked, with the rest of its stream behind it',
        );
        break;
      }
    }
  }
  return { replayed, stillParked: rows.length - replayed };
}
