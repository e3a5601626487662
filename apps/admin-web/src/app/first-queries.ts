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

/**
 * How long a screen waits for its first query before it is drawn without it (showing its own loading state): a
 * screen drawn with its rows is drawn once, instead of once empty and again when they come.
 */
const FIRST_QUERY_WAIT_MS = 400;

/**
 * Starts the screen's first query and resolves once it has answered (or failed: the screen shows and retries what
 * fails), or after FIRST_QUERY_WAIT_MS, whichever comes first; nothing for a screen without one.
 */
export const startFirstQuery = (path: string) =>
  FIRST_QUERIES[path] &&
  Promise.race([
    loadQueryClient()
      .then(FIRST_QUERIES[path])
      .catch(() => undefined),
    new Promise((done) => setTimeout(done, FIRST_QUERY_WAIT_MS)),
  ]);
