import type { CategoryRankingItem } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { brandOwnerCode } from './brand-query.js';

/** `GET /api/common/loadRecipeCategoryRanking`: most popular categories first. */
export function getCategoryRanking(signal?: AbortSignal): Promise<CategoryRankingItem[]> {
  return api<CategoryRankingItem[]>('/common/loadRecipeCategoryRanking', {
    query: { brandOwnerCode: brandOwnerCode() },
    kind: 'reference',
    signal,
  });
}

export const categoryRankingQuery = queryOptions({
  queryKey: ['home', 'category-ranking'],
  queryFn: ({ signal }) => getCategoryRanking(signal),
});

export function useCategoryRanking() {
  return useQuery(categoryRankingQuery);
}
