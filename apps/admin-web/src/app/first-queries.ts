import type { QueryClient } from '@tanstack/react-query';
import { loadQueryClient } from './query-cache.js';

type FirstQuery = (queryClient: QueryClient) => Promise<unknown>;

/**
 * The query a screen shows first, by path, each in a small module of its feature: the route's loader starts it
 * while the screen's code (a larger download) loads, and the screen finds it in the cache under the same key.
 */
const FIRST_QUERIES: Record<string, () => Promise<FirstQuery>> = {
  '/recipe-list': () =>
    import('../features/recipes/api/recipe-library.js').then(
      (m) => (queryClient) => queryClient.ensureQueryData(m.recipeLibraryFirstPage()),
    ),
  '/home': () =>
    import('../features/home/api/get-index-count.js').then(
      (m) => (queryClient) => queryClient.ensureQueryData(m.indexCountQuery),
    ),
};

/**
 * Starts the screen's first query; what fails is shown (and retried) by the screen itself. Its module loads beside
 * the query cache, not after it, so that the call goes out as soon as both are there rather than after the layout
 * has drawn.
 */
export function startFirstQuery(path: string): void {
  const first = FIRST_QUERIES[path];
  if (first)
    Promise.all([loadQueryClient(), first()])
      .then(([queryClient, query]) => query(queryClient))
      .catch(() => undefined);
}
