import {
  REVIEW_SORT_FIELDS,
  type Page,
  type RecipeEvaluation,
  type RecipeEvaluationInput,
} from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';
import { useDeleteRecords } from '../../../lib/delete-records.js';
import { filterText, rangeQuery } from '../../../lib/filter-query.js';

/** Cache key of everything loaded from `/api/recipeUserEvaluation`; a change invalidates all of it. */
export const REVIEWS_KEY = ['reviews'] as const;

/** The list filters of /user-evaluation-list; the date range is `[from, to]` as `YYYY-MM-DD`. */
export interface ReviewFilter extends Record<string, unknown> {
  recipe: string;
  sn: string;
  user: string;
  score: string | null;
  date: [string | null, string | null] | null;
}

export const NO_REVIEW_FILTER: ReviewFilter = { recipe: '', sn: '', user: '', score: null, date: null };

export function fetchReviewPage(
  f: ReviewFilter & ListQuery,
  signal?: AbortSignal,
): Promise<Page<RecipeEvaluation>> {
  const date = rangeQuery(f.date);
  return call.get(
    '/recipeUserEvaluation/list',
    {
      recipe: filterText(f.recipe),
      sn: filterText(f.sn),
      user: filterText(f.user),
      score: f.score ?? undefined,
      dateFrom: date.from,
      dateTo: date.to,
      ...pageParams(f),
    },
    { signal },
  );
}

/** Deletes one review (`delete`) or several, all or none (`batchDelete`). */
export function useDeleteReviews() {
  return useDeleteRecords('/recipeUserEvaluation', (queryClient) =>
    queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
  );
}

/** Adds a review. Quiet: the form shows what went wrong under its fields. */
export function useAddReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RecipeEvaluationInput) =>
      call.post('/recipeUserEvaluation/add', input, { quiet: true, kind: 'command' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: REVIEWS_KEY }),
  });
}

export interface RecipeChoice {
  id: string;
  number: string;
  name: string;
}

/** Recipes of the brand whose number or name contains the keyword (`/api/recipe/search`), for the picker. */
export function recipeChoicesQuery(keyword: string) {
  return queryOptions({
    queryKey: [...REVIEWS_KEY, 'recipe-choices', keyword],
    queryFn: ({ signal }) => call.get('/recipe/search', { keyword }, { signal, kind: 'reference' }),
    staleTime: 10_000,
  });
}

/** The recipe a review is written for when the add screen is opened from a recipe (`?recipeId=`). */
export function presetRecipeQuery(id: string) {
  return queryOptions({
    queryKey: [...REVIEWS_KEY, 'preset-recipe', id],
    queryFn: async ({ signal }): Promise<RecipeChoice> => {
      const recipe = await call.get('/recipe/detail', { id }, { signal, quiet: true });
      return { id: recipe.id, number: recipe.number, name: recipe.name };
    },
    retry: false,
  });
}

/** The rows of /user-evaluation-list. */
export const reviewList: ListSource<RecipeEvaluation, ReviewFilter> = {
  queryKey: [...REVIEWS_KEY, 'list'],
  fetchPage: fetchReviewPage,
  initialFilters: NO_REVIEW_FILTER,
  sortFields: REVIEW_SORT_FIELDS,
  views: 'review',
};
