import { DEFAULT_PAGE_SIZE } from '@kb/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { askEarlyGet, type CallOptions } from '../lib/api-client.js';
import { isPublicPath } from '../lib/redirect.js';
import { getStoredUser } from '../lib/session.js';
import { loadQueryClient } from './query-cache.js';

/** Given the query cache (on its way), fetches the module of the query alongside it and starts the query. */
type FirstQuery = (queryClient: Promise<QueryClient>) => Promise<unknown>;

interface FirstData {
  /**
   * The GETs the screen's first query makes, as `api()` builds them: asked by the entry before any of the screen's
   * code has arrived (lib/early-answers). A unit test holds each equal to what its query asks.
   */
  calls: (user: { brandOwnerCode: string }) => [path: string, query?: CallOptions['query']][];
  /** The query a screen shows first, in a small module of its feature; the screen finds it under the same key. */
  query?: FirstQuery;
}

const FIRST_PAGE = { pageNum: 1, pageSize: DEFAULT_PAGE_SIZE };

/** By path: what a screen shows first. */
export const FIRST_DATA: Record<string, FirstData> = {
  '/recipe-list': {
    calls: () => [['/recipe/list', FIRST_PAGE]],
    query: (queryClient) =>
      Promise.all([queryClient, import('../features/recipes/api/recipe-library.js')]).then(([client, m]) =>
        client.ensureQueryData(m.recipeLibraryFirstPage()),
      ),
  },
  '/device-info-list': { calls: () => [['/device/list', FIRST_PAGE]] },
  '/home': {
    calls: (user) => [['/common/loadBrandIndexCount', { brandOwnerCode: user.brandOwnerCode }]],
    query: (queryClient) =>
      Promise.all([queryClient, import('../features/home/api/get-index-count.js')]).then(([client, m]) =>
        client.ensureQueryData(m.indexCountQuery),
      ),
  },
};

/** What every screen behind the login asks first: who is signed in (the layout's session check). */
export const SESSION_CHECK_CALL = '/auth/me';

/**
 * Asks the first data of the page being opened (a screen behind the login, with a stored login): the session check
 * and the screen's first list page, while the layout's and the screen's code are still downloading.
 */
export function askFirstData(pathname: string): void {
  const user = getStoredUser();
  if (!user || isPublicPath(pathname)) return;
  askEarlyGet(SESSION_CHECK_CALL);
  for (const [path, query] of FIRST_DATA[pathname]?.calls(user) ?? []) askEarlyGet(path, query);
}

/**
 * How long a screen waits for its first query before it is drawn without it (showing its own loading state): a
 * screen drawn with its rows is drawn once, instead of once empty and again when they come.
 */
const FIRST_QUERY_WAIT_MS = 400;

/**
 * Starts the screen's first query in the query cache once the cache's code is there, and resolves once it has
 * answered (or failed: the screen shows and retries what fails), or after FIRST_QUERY_WAIT_MS, whichever comes
 * first; nothing for a screen without one.
 */
export const startFirstQuery = (path: string) => {
  const query = FIRST_DATA[path]?.query;
  return (
    query &&
    Promise.race([
      query(loadQueryClient()).catch(() => undefined),
      new Promise((done) => setTimeout(done, FIRST_QUERY_WAIT_MS)),
    ])
  );
};
