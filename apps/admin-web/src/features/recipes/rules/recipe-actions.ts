/**
 * Which row actions a recipe in a given state offers: the legal cells of the transition table in
 * libs/domain/src/recipe/README.md. The API enforces the table; the list only hides what it would refuse.
 */
export type RecipeListStatus = 'editing' | 'waiting_release' | 'released' | 'recycle_bin';
export type RecipeRowAction =
  'edit' | 'detail' | 'copy' | 'submit' | 'release' | 'recallEditing' | 'recallWaitRelease' | 'delete';

const ALLOWED: Record<RecipeListStatus, readonly RecipeRowAction[]> = {
  editing: ['edit', 'detail', 'copy', 'submit', 'delete'],
  waiting_release: ['detail', 'copy', 'release', 'recallEditing', 'delete'],
  released: ['detail', 'copy', 'recallEditing', 'recallWaitRelease'],
  recycle_bin: ['detail'],
};

export function rowActionsOf(status: RecipeListStatus): readonly RecipeRowAction[] {
  return ALLOWED[status];
}

/** The per-recipe report of a batch command, as the API answers it. */
export interface RecipeBatchAnswer {
  succeeded: number;
  failed: number;
  results: { id: string; number: string | null; ok: boolean; message?: string }[];
}

/** The batch bar's outcome: failures named by recipe number, with the API's translated reason. */
export function batchOutcomeOf(answer: RecipeBatchAnswer): {
  succeeded: number;
  failed: { id: string; reason: string }[];
} {
  return {
    succeeded: answer.succeeded,
    failed: answer.results
      .filter((r) => !r.ok)
      .map((r) => ({ id: r.number ?? r.id, reason: r.message ?? '' })),
  };
}
