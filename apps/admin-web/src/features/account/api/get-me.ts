import type { SessionUser } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { parseSessionUser } from '../../../lib/session-user.js';

/** `GET /api/auth/me`: the signed-in user as the server knows it now. */
export async function getMe(signal?: AbortSignal): Promise<SessionUser> {
  const data = await call.get('/auth/me', {}, { signal });
  const user = parseSessionUser(data.user);
  if (!user) throw new Error('The answer of /auth/me holds no valid user');
  return user;
}

export const meQuery = queryOptions({
  queryKey: ['account', 'me'],
  queryFn: ({ signal }) => getMe(signal),
});

export function useMe() {
  return useQuery(meQuery);
}
