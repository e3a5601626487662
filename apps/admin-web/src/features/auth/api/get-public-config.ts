import type { PublicConfig } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';

/** `GET /api/public/config`: what the login page shows before anyone logs in (a failure is only logged). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return call.get('/public/config', {}, { kind: 'reference', signal });
}

export const publicConfigQuery = queryOptions({
  queryKey: ['public', 'config'],
  queryFn: ({ signal }) => getPublicConfig(signal),
  staleTime: 10 * 60_000,
  retry: false,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
