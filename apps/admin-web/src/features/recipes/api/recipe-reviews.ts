import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';

/** Under the review screens' key, so that adding or deleting a review there refreshes the detail too. */
const REVIEWS_KEY = ['reviews'] as const;

/** §3 statistics of one recipe: collection count, raters, overall score. */
export function recipeStatisticsQuery(recipeId: string) {
  return queryOptions({
    queryKey: [...REVIEWS_KEY, 'statistics', recipeId],
    queryFn: ({ signal }) => call.get('/recipeUserEvaluation/recipeStatistics', { recipeId }, { signal }),
  });
}

/** One page of the recipe's comments, newest first. */
export function recipeCommentsQuery(recipeId: string, pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: [...REVIEWS_KEY, 'comments', recipeId, pageNum, pageSize],
    queryFn: ({ signal }) =>
      call.get('/recipeUserEvaluation/list', { recipeId, pageNum, pageSize }, { signal }),
  });
}
