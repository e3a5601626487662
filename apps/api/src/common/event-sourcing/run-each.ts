import { DomainError } from '@kb/domain';
import { comparePositions, type GlobalPosition } from '@kb/event-store';
import { AppError } from '../app-error.js';

export interface EachOutcome<T> {
  id: string;
  change?: T;
  /** The refusal, kept as the error so single-record endpoints can throw it as is. */
  error?: DomainError | AppError;
}

/**
 * A batch action: runs `one` for each distinct id (lower-cased), at most `concurrency` at a time. Each record
 * succeeds or is refused on its own (one stream, one append each); anything other than a refusal — the database
 * gone — fails the whole request. Answers the outcomes in the ids' order and the newest position appended.
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
        if (!(error instanceof DomainError || error instanceof AppError)) throw error;
        outcomes[i] = { id, error };
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
