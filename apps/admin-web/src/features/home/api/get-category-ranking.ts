import type { CategoryRankingItem } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { brandOwnerCode } from './brand-query.js';

/** `GET /api/common/loadRecipeCategoryRanking`: most popular categories first. */
export function getCategoryRanking(days: number, signal?: AbortSignal): Promise<CategoryRankingItem[]> {
  return call.get(
    '/common/loadRecipeCategoryRanking',
    { brandOwnerCode: brandOwnerCode(), days },
    { kind: 'reference', signal },
  );
}

/** Over the last `days` days (0: all time). */
export const categoryRankingQuery = (days: number) =>
  queryOptions({
    queryKey: ['home', 'category-ranking', days],
    queryFn: ({ signal }) => getCategoryRanking(days, signal),
  });

export function useCategoryRanking(days: number) {
  return useQuery(categoryRankingQuery(days));
}
