import type { OnlineCategory, Page } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';
import type { ListQuery } from '../../../components/list-query.js';

/** `/api/appOnlineCategory/*` and `/api/appOnlineCatRecipe/*` (§7): the app's online-recipe categories. */
export const ONLINE_KEY = ['catalog', 'online-categories'] as const;

export interface OnlineCategoryDetail extends OnlineCategory {
  /** The category's recipes in the order the app shows them. */
  recipes: { recipeId: string; sort: number }[];
}

export interface OnlineCategoryInput {
  names: Record<string, string>;
  sort: number;
  pictureFileCode: string | null;
}

export function fetchOnlineCategoryPage(
  query: { name?: string } & ListQuery,
  signal?: AbortSignal,
): Promise<Page<OnlineCategory>> {
  return call.get('/appOnlineCategory/list', { name: query.name?.trim(), ...pageParams(query) }, { signal });
}

export const onlineCategoryQuery = (id: string) =>
  queryOptions({
    queryKey: [...ONLINE_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/appOnlineCategory/detail', { id }, { signal, quiet: true }),
  });

function useInvalidating<I, O>(call: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ONLINE_KEY }),
  });
}

/** `batchAdd`: several categories at once (the form shows field errors itself). */
export function useAddOnlineCategories() {
  return useInvalidating((categories: OnlineCategoryInput[]) =>
    call.post('/appOnlineCategory/batchAdd', { categories }, { quiet: true }),
  );
}

export function useDeleteOnlineCategories() {
  return useInvalidating((ids: string[]) => call.post('/appOnlineCategory/batchDelete', { ids }));
}

/** Appends recipes to a category, in the order given (ones already there keep their place). */
export function useAddCategoryRecipes() {
  return useInvalidating((input: { categoryId: string; recipeIds: string[] }) =>
    call.post('/appOnlineCatRecipe/batchAdd', input),
  );
}

export function useRemoveCategoryRecipes() {
  return useInvalidating((input: { categoryId: string; recipeIds: string[] }) =>
    call.post('/appOnlineCatRecipe/batchDelete', input),
  );
}
