import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';

/**
 * `GET /api/auth/me`, once per visit: the session is still valid (a 401 ends it), and the stored login is
 * refreshed from the answer (name, role, brand may have changed).
 */
export const sessionCheckQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => api<{ user: unknown }>('/auth/me', { signal }),
  staleTime: 5 * 60_000,
});
