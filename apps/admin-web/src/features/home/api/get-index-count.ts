import type { BrandIndexCount } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { brandOwnerCode } from './brand-query.js';

/** `GET /api/common/loadBrandIndexCount`: the six counts of §1. A failure is only logged (reference load). */
export function getIndexCount(signal?: AbortSignal): Promise<BrandIndexCount> {
  return call.get(
    '/common/loadBrandIndexCount',
    { brandOwnerCode: brandOwnerCode() },
    { kind: 'reference', signal },
  );
}

export const indexCountQuery = queryOptions({
  queryKey: ['home', 'index-count'],
  queryFn: ({ signal }) => getIndexCount(signal),
});

export function useIndexCount() {
  return useQuery(indexCountQuery);
}
