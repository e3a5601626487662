import type { GlobalPosition, RecordedEvent } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { StaleCheckpointError } from './errors.js';
import { quietErrors } from './log.js';
import { contextFor, type Projection } from './projection.js';

/**
 * Applies one batch to one version of a projection: its rows and its checkpoint in ONE transaction.
 * The checkpoint moves by compare-and-set from `from` to the last event of the batch (handled or not); when it
 * is no longer at `from`, another instance has moved it and the whole batch is rolled back
 * (`StaleCheckpointError`). Returns the new checkpoint.
 */
export async function projectBatch(
  pool: Pool,
  projection: Projection,
  version: number,
  from: GlobalPosition,
  events: RecordedEvent[],
): Promise<GlobalPosition> {
  const last = events.at(-1);
  if (!last) return from;
  const handled = events.filter((e) => projection.wants(e.type));
  const tx = await pool.connect();
  const listening = quietErrors(tx);
  let broken: Error | undefined;
  try {
    await tx.query('BEGIN');
    if (handled.length > 0) await projection.project(handled, tx, contextFor(projection, version));
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
        last.position.transactionId.toString(),
        last.position.globalPosition.toString(),
      ],
    );
    if (moved.rowCount !== 1) throw new StaleCheckpointError(projection.name, version);
    await tx.query('COMMIT');
    return last.position;
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
