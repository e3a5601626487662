import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { DEVICES_KEY } from './devices-key.js';

/** The brand's own names of fault codes (`/api/faultType/list`), in the user's language: code → name. */
const faultTypeNamesQuery = queryOptions({
  queryKey: [...DEVICES_KEY, 'ref', 'fault-type-names'],
  queryFn: ({ signal }) => call.get('/faultType/list', { onPage: false }, { kind: 'reference', signal }),
  staleTime: 60_000,
});

export function useFaultTypeNames(): Map<string, string> {
  const { data } = useQuery(faultTypeNamesQuery);
  return new Map((data ?? []).map((f) => [f.number, f.name]));
}
