import type { RecipeListPage, StaffPostInput } from '@kb/contracts';
import type { ListQuery } from '../../../components/list-query.js';
import { call, type ExtraArg, type InputBeside } from '../../../lib/call.js';
import { cursorPage } from '../../../lib/cursor-page.js';
import { PageCursors } from '../../../lib/page-cursors.js';
import { recipeBatchOutcome, type RecipeBatchRoute } from '../rules/recipe-actions.js';

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

/**
 * The list's filter as the API reads it, both for a page of the list and for "export all" (which exports what the
 * list shows): empty fields are left out, a day range becomes whole local days.
 */
export function recipeListParams(filter: RecipeListFilter) {
  const params = {
    number: filter.number?.trim(),
    name: filter.name?.trim(),
    status: filter.status,
    categoryId: filter.categoryId,
    type: filter.type,
    productCode: filter.productCode,
    online: filter.online,
    paid: filter.paid,
    tagId: filter.tagId,
    lang: filter.lang,
    updatedFrom: filter.updated?.[0] ? new Date(`${filter.updated[0]}T00:00:00`).toISOString() : undefined,
    updatedTo: filter.updated?.[1] ? new Date(`${filter.updated[1]}T23:59:59.999`).toISOString() : undefined,
  };
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as Record<string, string>;
}

/**
 * Keyset cursors of the recipe lists: "next page" is an index seek however deep the page (a jump or a new page size
 * reads by offset). A cursor is a position in the order, so a change since only moves that row, never breaks it.
 */
export const recipeCursors = new PageCursors();

export const fetchRecipePage = (
  query: RecipeListFilter & ListQuery,
  signal: AbortSignal,
): Promise<RecipeListPage> =>
  cursorPage(recipeCursors, '/recipe/list', recipeListParams(query), query, signal);

/** A batch command over recipes; answers the bar's outcome (failures by number, with the reason). */
export async function runRecipeBatch<R extends RecipeBatchRoute>(
  route: R,
  ids: string[],
  ...[extra]: ExtraArg<InputBeside<'recipe', R, 'ids'>>
) {
  const body = { ids, ...extra } as StaffPostInput<`/recipe/${RecipeBatchRoute}`>;
  const answer = await call.post(`/recipe/${route as RecipeBatchRoute}`, body);
  return recipeBatchOutcome(answer);
}

/** A command on one recipe (`copy`): the API's refusal (409 naming the recipe and its state) is its toast. */
export function runRecipeCommand(route: 'copy', body: StaffPostInput<'/recipe/copy'>) {
  return call.post(`/recipe/${route}`, body);
}

/** How many recipes are in the recycle bin. */
export function fetchRecycleBinCount(signal?: AbortSignal) {
  return call.get('/recipe/countRemove', {}, { kind: 'reference', signal }).then((answer) => answer.count);
}
