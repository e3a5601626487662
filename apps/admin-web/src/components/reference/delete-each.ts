import type { BatchOutcome } from '../batch-actions.js';

/**
 * Deletes records one call each (for entities without `batchDelete`, e.g. units) and reports which failed and
 * why, so the batch bar can list them; the others stay deleted.
 */
export async function deleteEach<T>(
  records: readonly T[],
  label: (record: T) => string,
  remove: (record: T) => Promise<unknown>,
): Promise<BatchOutcome> {
  const outcome: BatchOutcome = { succeeded: 0, failed: [] };
  for (const record of records) {
    try {
      await remove(record);
      outcome.succeeded += 1;
    } catch (error) {
      outcome.failed.push({
        id: label(record),
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return outcome;
}
