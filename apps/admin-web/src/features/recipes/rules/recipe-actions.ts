import type { Permission, RecipeBatchAnswer, RecipeStatus, recipeCommandRoutes } from '@kb/contracts';
import { batchOutcomeOf } from '../../../components/batch-actions.js';

/**
 * Which row actions a recipe in a given state offers: the legal cells of the transition table in
 * libs/domain/src/recipe/README.md. The API enforces the table; the list only hides what it would refuse.
 */
export type RecipeListStatus = Exclude<RecipeStatus, 'cleared'>;
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

/** What each row action needs in the role matrix (the API's permission of the route it calls). */
export const RECIPE_ROW_PERMISSIONS: Partial<Record<RecipeRowAction, Permission>> = {
  edit: 'recipe.edit',
  copy: 'recipe.copy',
  submit: 'recipe.submit',
  release: 'recipe.release',
  recallEditing: 'recipe.release',
  recallWaitRelease: 'recipe.release',
  delete: 'recipe.delete',
};

type RecipeCommands = (typeof recipeCommandRoutes)['commands'];
/** The recipe batch commands the list's bar sends (`POST /api/recipe/<route>`), as the API's table declares them. */
export type RecipeBatchRoute = Exclude<
  {
    [R in keyof RecipeCommands]: RecipeCommands[R]['answer'] extends 'batch' ? R : never;
  }[keyof RecipeCommands],
  'translate/confirm'
>;

/**
 * What each batch command needs in the role matrix: the permission its route declares (a value it does not
 * declare fails the build; the table itself stays out of the bundle).
 */
export const RECIPE_BATCH_PERMISSIONS: { [R in RecipeBatchRoute]: RecipeCommands[R]['permission'] } = {
  batchSubmit: 'recipe.submit',
  batchRelease: 'recipe.release',
  batchRecallEditing: 'recipe.release',
  batchRecallWaitRelease: 'recipe.release',
  batchDelete: 'recipe.delete',
  batchUpdateOnlineStatus: 'recipe.release',
  batchUpdateBuyStatus: 'recipe.release',
  batchUpdateCategory: 'recipe.edit',
  recovery: 'recipe.recycle',
  batchClear: 'recipe.clear',
  batchRelModel: 'recipe.edit',
  batchDeleteModel: 'recipe.edit',
};

/** The batch bar's outcome: failures named by recipe number, with the API's translated reason. */
export const recipeBatchOutcome = (answer: RecipeBatchAnswer) =>
  batchOutcomeOf(answer, (r) => r.number ?? r.id);
