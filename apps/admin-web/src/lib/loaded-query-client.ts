import type { QueryClient } from '@tanstack/react-query';

let loaded: QueryClient | undefined;

/** Called by the query cache's module when it runs (query-client.ts). */
export function provideQueryClient(client: QueryClient): void {
  loaded = client;
}

/**
 * The query cache once a page has loaded it (it comes with the console and the public pages that ask the server
 * through it, not with the login page); before that there is nothing to clear, cancel or refresh.
 */
export const loadedQueryClient = (): QueryClient | undefined => loaded;
