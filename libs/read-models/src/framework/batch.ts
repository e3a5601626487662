import { comparePositions, type GlobalPosition, type RecordedEvent } from '@kb/event-store';
import type { Pool, PoolClient } from '@kb/platform';
import { withTransaction } from '@kb/platform/db';
import { StaleCheckpointError } from './errors.js';
import { errorText, insertParked, type EventToPark } from './parking.js';
import { contextFor, type PreparedBatch, type Projection } from './projection.js';
import { storableWrites } from './storable.js';

export interface BatchOptions {
  /** The last event the batch's read scanned (handled or not); the last of `events` when not given. */
  to?: GlobalPosition;
  /** The batch already folded by the projection's `prepare`; written instead of calling `project`. */
  prepared?: PreparedBatch;
  /** Events set aside in the same transaction (see parking.ts); they are not in `events`. */
  park?: readonly EventToPark[];
  /** Where the batch's time went, added to: its rows (from BEGIN), and moving the checkpoint with the COMMIT. */
  spent?: BatchTimes;
}

/** Milliseconds a batch spent writing its rows, and moving its checkpoint and committing. */
export interface BatchTimes {
  rowsMs: number;
  checkpointMs: number;
}

/** One transaction on a connection of its own; the work writes through `storableWrites`. */
function transaction<T>(pool: Pool, begin: string, work: (tx: PoolClient) => Promise<T>): Promise<T> {
  return withTransaction(pool, (tx) => work(storableWrites(tx)), begin);
}

const BATCH_BEGIN =
  "BEGIN; SET LOCAL synchronous_commit = off; SET LOCAL idle_in_transaction_session_timeout = '5s'";

async function write(
  tx: PoolClient,
  projection: Projection,
  version: number,
  events: RecordedEvent[],
  prepared: PreparedBatch | undefined,
): Promise<void> {
  if (prepared) return prepared.write(tx);
  const handled = events.filter((e) => projection.wants(e.type));
  if (handled.length > 0) await projection.project(handled, tx, contextFor(projection, version));
}

/**
 * Applies one batch to one version of a projection: its rows and its checkpoint in ONE transaction.
 * The checkpoint moves by compare-and-set from `from` to `to`; when it is no longer at `from`, another instance
 * has moved it and the whole batch is rolled back (`StaleCheckpointError`). Returns the new checkpoint.
 * Every value the projection writes is made storable (storable.ts).
 */
export async function projectBatch(
  pool: Pool,
  projection: Projection,
  version: number,
  from: GlobalPosition,
  events: RecordedEvent[],
  options: BatchOptions = {},
): Promise<GlobalPosition> {
  const to = options.to ?? events.at(-1)?.position ?? options.park?.at(-1)?.event.position;
  if (!to || comparePositions(to, from) <= 0) return from;
  // The batch's rows and checkpoint commit together, so a crash that loses the last commits before they reach
  // the disk loses both, and the batch is applied again: no need to wait for the WAL flush. (One round trip: a
  // catch-up writes a batch while preparing the next, and every round trip waits for that work to yield.)
  //
  // A batch never waits on anything between its statements (its events were read and folded before BEGIN), so
  // a batch idle for seconds belongs to a frozen process: the server ends it, and its row locks stop holding up
  // the instance that took the projection over.
  const started = performance.now();
  let rowsDone = started;
  const reached = await transaction(pool, BATCH_BEGIN, async (tx) => {
    await write(tx, projection, version, events, options.prepared);
    if (options.park) await insertParked(tx, projection.name, version, options.park);
    rowsDone = performance.now();
    // Last statement of the batch: the checkpoint row is locked after the projection's tables, the order the
    // version switch also uses (see switchToVersion).
    const moved = await tx.query(
      `UPDATE projection_checkpoints
          SET transaction_id = $5, global_position = $6, updated_at = now(), last_error = NULL, last_error_at = NULL
        WHERE name = $1 AND version = $2 AND transaction_id = $3 AND global_position = $4`,
      [
        projection.name,
        version,
        from.transactionId.toString(),
        from.globalPosition.toString(),
        to.transactionId.toString(),
        to.globalPosition.toString(),
      ],
    );
    if (moved.rowCount !== 1) throw new StaleCheckpointError(projection.name, version);
    return to;
  });
  if (options.spent) {
    options.spent.rowsMs += rowsDone - started;
    options.spent.checkpointMs += performance.now() - rowsDone;
  }
  return reached;
}

/**
 * Applies parked events again (a replay), in one transaction with taking them off the parked list; the checkpoint
 * stays where it is (it is past them already). The caller holds the version's run lock.
 */
export async function applyParked(
  pool: Pool,
  projection: Projection,
  version: number,
  events: RecordedEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await transaction(pool, 'BEGIN', async (tx) => {
    const prepared = projection.prepare
      ? await projection.prepare(events, tx, contextFor(projection, version), undefined)
      : undefined;
    await write(tx, projection, version, events, prepared);
    const gone = await tx.query(
      `DELETE FROM projection_parked_events p
        USING unnest($3::bigint[], $4::bigint[]) AS e(transaction_id, global_position)
        WHERE p.name = $1 AND p.version = $2
          AND p.transaction_id = e.transaction_id AND p.global_position = e.global_position`,
      [
        projection.name,
        version,
        events.map((e) => e.position.transactionId.toString()),
        events.map((e) => e.position.globalPosition.toString()),
      ],
    );
    if (gone.rowCount !== events.length)
      throw new Error(`Projection ${projection.name} v${version}: parked events changed during the replay`);
  });
}

export async function recordError(pool: Pool, name: string, version: number, error: unknown): Promise<void> {
  await pool
    .query(
      `UPDATE projection_checkpoints SET last_error = $3, last_error_at = now() WHERE name = $1 AND version = $2`,
      [name, version, errorText(error)],
    )
    .catch(() => undefined);
}
