import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ComponentType } from 'react';
import { ApiError } from './api-client.js';
import { provideQueryClient } from './loaded-query-client.js';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network hiccup or a 5xx might.
      retry: (count, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
    },
    mutations: { retry: false },
  },
});

provideQueryClient(queryClient);

/**
 * A page drawn inside the query cache's provider. Only the pages behind the login (and the public pages that ask
 * the server through queries) are: the login page goes without the query library.
 */
export function withQueries<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithQueries(props: P) {
    return createElement(QueryClientProvider, { client: queryClient }, createElement(Page, props));
  };
}
