import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';

/**
 * `GET /api/auth/me`, once per visit: the session is still valid (a 401 ends it), and the stored login is
 * refreshed from the answer (name, role, brand may have changed).
 */
export const sessionCheckQuery = queryOptions({
  queryKey: ['auth', 'me'],
  queryFn: ({ signal }) => call.get('/auth/me', {}, { signal }),
  staleTime: 5 * 60_000,
});
