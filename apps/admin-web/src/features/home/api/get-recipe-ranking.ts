import type { RecipeRankingItem } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { brandOwnerCode } from './brand-query.js';

/** `GET /api/common/loadBrandRecipeRanking`: most popular recipes first. */
export function getRecipeRanking(signal?: AbortSignal): Promise<RecipeRankingItem[]> {
  return api<RecipeRankingItem[]>('/common/loadBrandRecipeRanking', {
    query: { brandOwnerCode: brandOwnerCode() },
    kind: 'reference',
    signal,
  });
}

export const recipeRankingQuery = queryOptions({
  queryKey: ['home', 'recipe-ranking'],
  queryFn: ({ signal }) => getRecipeRanking(signal),
});

export function useRecipeRanking() {
  return useQuery(recipeRankingQuery);
}
