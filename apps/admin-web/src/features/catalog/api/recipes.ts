import type { Page } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/** What the online-category screens show of a recipe (a row of `GET /api/recipe/list`). */
export interface RecipeSummary {
  id: string;
  number: string;
  name: string;
  status: string;
}

/**
 * `GET /api/recipe/list` for the recipe picker. A reference load: when the recipe library does not answer, the
 * failure is only logged and the picker says the library is not available.
 */
export const recipePickerQuery = (query: { name: string; pageNum: number; pageSize: number }) =>
  queryOptions({
    queryKey: ['catalog', 'recipe-picker', query],
    queryFn: ({ signal }) =>
      api<Page<RecipeSummary>>('/recipe/list', {
        query: { pageNum: query.pageNum, pageSize: query.pageSize, name: query.name.trim() },
        kind: 'reference',
        signal,
      }),
    retry: false,
  });

/** One recipe by id (`GET /api/recipe/detail`), to name the recipes a category links. */
export const recipeSummaryQuery = (id: string) =>
  queryOptions({
    queryKey: ['catalog', 'recipe', id],
    queryFn: ({ signal }) =>
      api<RecipeSummary>('/recipe/detail', { query: { id }, kind: 'reference', signal }),
    retry: false,
  });
