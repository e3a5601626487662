import type { CategoryRankingItem, RecipeRankingItem } from '@kb/contracts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { brandOwnerCode } from './brand-query.js';

/** The home page's rankings, most popular first: of recipes and of categories. */
interface Rankings {
  recipe: RecipeRankingItem[];
  category: CategoryRankingItem[];
}

const over = (days: number) => ({ brandOwnerCode: brandOwnerCode(), days });

const FETCH_RANKING: { [K in keyof Rankings]: (days: number, signal: AbortSignal) => Promise<Rankings[K]> } =
  {
    recipe: (days, signal) =>
      call.get('/common/loadBrandRecipeRanking', over(days), { kind: 'reference', signal }),
    category: (days, signal) =>
      call.get('/common/loadRecipeCategoryRanking', over(days), { kind: 'reference', signal }),
  };

/** The ranking of that kind over the last `days` days (0: all time). */
export function useRanking<K extends keyof Rankings>(kind: K, days: number) {
  const fetchRanking = FETCH_RANKING[kind];
  return useQuery({
    queryKey: ['home', `${kind}-ranking`, days],
    queryFn: ({ signal }) => fetchRanking(days, signal),
  });
}
