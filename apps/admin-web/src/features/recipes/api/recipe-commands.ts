import type { Page, RecipeBatchAnswer, RecipeListItem } from '@kb/contracts';
import { api } from '../../../lib/api-client.js';
import { batchOutcomeOf } from '../rules/recipe-actions.js';

/** The list filters of `/api/recipe/list` (empty ones are not sent). */
export interface RecipeListFilter {
  number?: string;
  name?: string;
  status?: string | null;
  categoryId?: string | null;
  type?: string | null;
  productCode?: string | null;
  online?: string | null;
  paid?: string | null;
  tagId?: string | null;
  lang?: string | null;
  /** Last change between these days (`YYYY-MM-DD`, both included). */
  updated?: [string | null, string | null];
}

export function fetchRecipePage(
  query: RecipeListFilter & { pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<Page<RecipeListItem>> {
  return api<Page<RecipeListItem>>('/recipe/list', {
    query: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      number: query.number?.trim(),
      name: query.name?.trim(),
      status: query.status,
      categoryId: query.categoryId,
      type: query.type,
      productCode: query.productCode,
      online: query.online,
      paid: query.paid,
      tagId: query.tagId,
      lang: query.lang,
      updatedFrom: query.updated?.[0] ? new Date(`${query.updated[0]}T00:00:00`).toISOString() : undefined,
      updatedTo: query.updated?.[1] ? new Date(`${query.updated[1]}T23:59:59.999`).toISOString() : undefined,
    },
    signal,
  });
}

export type RecipeBatchRoute =
  | 'batchSubmit'
  | 'batchRelease'
  | 'batchRecallEditing'
  | 'batchRecallWaitRelease'
  | 'batchDelete'
  | 'batchUpdateOnlineStatus'
  | 'batchUpdateBuyStatus'
  | 'batchUpdateCategory'
  | 'recovery'
  | 'batchClear'
  | 'batchRelModel'
  | 'batchDeleteModel';

/** A batch command over recipes; answers the bar's outcome (failures by number, with the reason). */
export async function runRecipeBatch(
  route: RecipeBatchRoute,
  ids: string[],
  extra: Record<string, unknown> = {},
) {
  const answer = await api<RecipeBatchAnswer>(`/recipe/${route}`, {
    json: { ids, ...extra },
  });
  return batchOutcomeOf(answer);
}

/** A command on one recipe (`copy`): the API's refusal (409 naming the recipe and its state) is its toast. */
export function runRecipeCommand(route: 'copy', body: Record<string, unknown>) {
  return api<{ id: string; number: string }>(`/recipe/${route}`, {
    json: body,
  });
}

/** How many recipes are in the recycle bin. */
export function fetchRecycleBinCount(signal?: AbortSignal) {
  return api<{ count: number }>('/recipe/countRemove', {
    kind: 'reference',
    signal,
  }).then((answer) => answer.count);
}
