import { DomainError } from '@kb/domain';
import { comparePositions, type GlobalPosition } from '@kb/event-store';
import { AppError } from '../app-error.js';
import { databaseUnavailable } from '../database-unavailable.js';

export interface EachOutcome<T> {
  id: string;
  change?: T;
  /** The refusal, kept as the error so single-record endpoints can throw it as is. */
  error?: DomainError | AppError;
}

/**
 * A batch action: runs `one` for each distinct id (lower-cased), at most `concurrency` at a time. Each record
 * succeeds or is refused on its own (one stream, one append each), and so does a record the database could not
 * serve (a lock or statement timeout), so the report says which were saved; anything else fails the whole request.
 * Answers the outcomes in the ids' order and the newest position appended.
 */
export async function runEach<T extends { position: GlobalPosition | null }>(
  ids: string[],
  one: (id: string) => Promise<T>,
  concurrency = 8,
): Promise<{ outcomes: EachOutcome<T>[]; position: GlobalPosition | null }> {
  const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
  const outcomes: EachOutcome<T>[] = new Array(unique.length);
  let next = 0;
  const worker = async () => {
    while (next < unique.length) {
      const i = next++;
      const id = unique[i]!;
      try {
        outcomes[i] = { id, change: await one(id) };
      } catch (error) {
        // A record the database could not serve in time is reported as such; the others keep their outcome.
        const refusal =
          error instanceof DomainError || error instanceof AppError ? error : databaseUnavailable(error);
        if (!refusal) throw error;
        outcomes[i] = { id, error: refusal };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, unique.length) }, worker));
  let position: GlobalPosition | null = null;
  for (const o of outcomes) {
    const p = o.change?.position;
    if (p && (!position || comparePositions(p, position) > 0)) position = p;
  }
  return { outcomes, position };
}
