import type { RecipeRankingItem } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { brandOwnerCode } from './brand-query.js';

/** `GET /api/common/loadBrandRecipeRanking`: most popular recipes first. */
export function getRecipeRanking(days: number, signal?: AbortSignal): Promise<RecipeRankingItem[]> {
  return call.get(
    '/common/loadBrandRecipeRanking',
    { brandOwnerCode: brandOwnerCode(), days },
    { kind: 'reference', signal },
  );
}

/** Over the last `days` days (0: all time). */
export const recipeRankingQuery = (days: number) =>
  queryOptions({
    queryKey: ['home', 'recipe-ranking', days],
    queryFn: ({ signal }) => getRecipeRanking(days, signal),
  });

export function useRecipeRanking(days: number) {
  return useQuery(recipeRankingQuery(days));
}
