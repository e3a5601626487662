import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';

/** One row of `GET /api/recipe/list`, as libs/contracts defines it. */
export type { RecipeListItem } from '@kb/contracts';

/** Cache key of everything the recipe screens list; a command invalidates it. */
export const RECIPES_KEY = ['recipes'] as const;

/** The brand's recipe categories, for the filter and the batch category change. */
export const recipeCategoriesQuery = queryOptions({
  queryKey: [...RECIPES_KEY, 'categories'],
  queryFn: ({ signal }) => call.whole('/recipeCategory/list', {}, { kind: 'reference', signal }),
  staleTime: 60_000,
});

export function useCategoryOptions() {
  const { data } = useQuery(recipeCategoriesQuery);
  return (data ?? []).map((c) => ({ value: c.id, label: c.name }));
}
