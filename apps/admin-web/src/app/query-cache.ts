import type { QueryClient } from '@tanstack/react-query';
import { loadedQueryClient } from '../lib/loaded-query-client.js';

let loading: Promise<QueryClient> | undefined;

/**
 * The query cache, whose library comes with the console's layout (it sits in the console's shared code, which
 * the layout's chunk brings: no request of its own); the login page loads without it.
 */
export function loadQueryClient(): Promise<QueryClient> {
  if (!loading) {
    loading = import('./layout/app-layout.js').then(() => {
      const client = loadedQueryClient();
      if (!client) throw new Error('The layout came without the query cache');
      return client;
    });
    // A failed download may be retried by the next page.
    loading.catch(() => (loading = undefined));
  }
  return loading;
}
