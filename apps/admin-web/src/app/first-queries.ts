import type { QueryClient } from '@tanstack/react-query';
import { loadQueryClient } from './query-cache.js';

type FirstQuery = (queryClient: QueryClient) => Promise<unknown>;

/**
 * The query a screen shows first, by path, each in a small module of its feature: the route's loader starts it
 * while the screen's code (a larger download) loads, and the screen finds it in the cache under the same key.
 */
const FIRST_QUERIES: Record<string, FirstQuery> = {
  '/recipe-list': (queryClient) =>
    import('../features/recipes/api/recipe-library.js').then((m) =>
      queryClient.ensureQueryData(m.recipeLibraryFirstPage()),
    ),
  '/home': (queryClient) =>
    import('../features/home/api/get-index-count.js').then((m) =>
      queryClient.ensureQueryData(m.indexCountQuery),
    ),
};

/** Starts the screen's first query; what fails is shown (and retried) by the screen itself. */
export function startFirstQuery(path: string): void {
  const first = FIRST_QUERIES[path];
  if (first)
    loadQueryClient()
      .then(first)
      .catch(() => undefined);
}
