import type { QueryClient } from '@tanstack/react-query';

let loaded: QueryClient | undefined;
let loading: Promise<QueryClient> | undefined;

/** Called by the query cache's module when it runs (query-client.ts). */
export function provideQueryClient(client: QueryClient): void {
  loaded = client;
}

/**
 * The query cache, whose library comes with the console's layout (it sits in the console's shared code, which
 * the layout's chunk brings: no request of its own); the login page loads without it.
 */
export function loadQueryClient(): Promise<QueryClient> {
  if (!loading) {
    loading = import('./layout/app-layout.js').then(() => {
      if (!loaded) throw new Error('The layout came without the query cache');
      return loaded;
    });
    // A failed download may be retried by the next page.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}

/** The query cache once a page has loaded it; before that there is nothing to clear, cancel or refresh. */
export const loadedQueryClient = (): QueryClient | undefined => loaded;
