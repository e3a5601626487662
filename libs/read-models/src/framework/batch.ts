import { comparePositions, type GlobalPosition, type RecordedEvent } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { StaleCheckpointError } from './errors.js';
import { quietErrors } from './log.js';
import { contextFor, type PreparedBatch, type Projection } from './projection.js';

/**
 * Applies one batch to one version of a projection: its rows and its checkpoint in ONE transaction.
 * The checkpoint moves by compare-and-set from `from` to `to`, the last event the batch's read scanned (handled or
 * not; the last of `events` when not given); when it is no longer at `from`, another instance has moved it and the
 * whole batch is rolled back (`StaleCheckpointError`). Returns the new checkpoint.
 * `prepared`: the batch already folded by the projection's `prepare` (the runner's pipelined catch-up); it is
 * written instead of calling `project`.
 */
export async function projectBatch(
  pool: Pool,
  projection: Projection,
  version: number,
  from: GlobalPosition,
  events: RecordedEvent[],
  to: GlobalPosition | undefined = events.at(-1)?.position,
  prepared?: PreparedBatch,
): Promise<GlobalPosition> {
  if (!to || comparePositions(to, from) <= 0) return from;
  const handled = events.filter((e) => projection.wants(e.type));
  const tx = await pool.connect();
  const listening = quietErrors(tx);
  let broken: Error | undefined;
  try {
    // The batch's rows and checkpoint commit together, so a crash that loses the last commits before they reach
    // the disk loses both, and the batch is applied again: no need to wait for the WAL flush. (One round trip: a
    // catch-up writes a batch while preparing the next, and every round trip waits for that work to yield.)
    await tx.query('BEGIN; SET LOCAL synchronous_commit = off');
    if (prepared) await prepared.write(tx);
    else if (handled.length > 0) await projection.project(handled, tx, contextFor(projection, version));
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
    await tx.query('COMMIT');
    return to;
  } catch (error) {
    // A connection that cannot even roll back goes back to the pool destroyed.
    await tx.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    throw error;
  } finally {
    listening();
    tx.release(broken);
  }
}

export async function recordError(pool: Pool, name: string, version: number, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await pool
    .query(
      `UPDATE projection_checkpoints SET last_error = $3, last_error_at = now() WHERE name = $1 AND version = $2`,
      [name, version, message.slice(0, 2000)],
    )
    .catch(() => undefined);
}
