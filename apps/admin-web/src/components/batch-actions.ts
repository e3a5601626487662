import type { Permission } from '@kb/contracts';
import type { ConfirmKind } from './confirm.js';

/** One button of a list's batch-action bar. */
export interface BatchAction<T> {
  key: string;
  label: string;
  /** The §8 confirmation asked before running (with the number of selected records). */
  confirm?: ConfirmKind;
  /** Acts on exactly one record (§5: only one record can be edited at a time). */
  single?: boolean;
  color?: string;
  /** What the role needs for it (the matrix of libs/contracts); a role without it is not offered the button. */
  permission?: Permission;
  /** Runs the action; may report which records failed and why (shown to the user). */
  run: (records: T[]) => Promise<BatchOutcome | void>;
}

export interface BatchOutcome {
  succeeded: number;
  failed: { id: string; reason: string }[];
}

/**
 * The bar's outcome of a batch command's answer: how many went through, and each refused record by `name` (its
 * number or version, as the list shows it) with the API's reason in the user's language.
 */
export function batchOutcomeOf<R extends { ok: boolean; message?: string | null }>(
  answer: { succeeded: number; results: readonly R[] },
  name: (refused: R) => string,
): BatchOutcome {
  return {
    succeeded: answer.succeeded,
    failed: answer.results.filter((r) => !r.ok).map((r) => ({ id: name(r), reason: r.message ?? '' })),
  };
}

export type BatchRefusal = 'select_record' | 'one_record';

/** §5: a batch action needs a selection; a single-record action exactly one. Null when it may run. */
export function refusalOf(action: { single?: boolean }, selectedCount: number): BatchRefusal | null {
  if (selectedCount === 0) return 'select_record';
  if (action.single && selectedCount > 1) return 'one_record';
  return null;
}
