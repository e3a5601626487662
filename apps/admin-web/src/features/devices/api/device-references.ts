import type { FaultTypeName } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { DEVICES_KEY } from './devices-key.js';

/** The brand's sub-brands (`/api/common/loadSubBrand`): the list's "brand" filter. */
const subBrandsQuery = queryOptions({
  queryKey: [...DEVICES_KEY, 'ref', 'sub-brands'],
  queryFn: ({ signal }) =>
    api<{ subBrandCode: string; subBrandName: string }[]>('/common/loadSubBrand', {
      kind: 'reference',
      signal,
    }),
  staleTime: 60_000,
});

/** Every model the brand sells (`/api/common/loadBrandOwnerProduct`): the "product" filters. */
const brandModelsQuery = queryOptions({
  queryKey: [...DEVICES_KEY, 'ref', 'brand-models'],
  queryFn: ({ signal }) =>
    api<{ productCode: string; productName: string }[]>('/common/loadBrandOwnerProduct', {
      kind: 'reference',
      signal,
    }),
  staleTime: 60_000,
});

/** The brand's own names of fault codes (`/api/faultType/list`), in the user's language: code → name. */
const faultTypeNamesQuery = queryOptions({
  queryKey: [...DEVICES_KEY, 'ref', 'fault-type-names'],
  queryFn: ({ signal }) =>
    api<FaultTypeName[]>('/faultType/list', { query: { onPage: false }, kind: 'reference', signal }),
  staleTime: 60_000,
});

export function useFaultTypeNames(): Map<string, string> {
  const { data } = useQuery(faultTypeNamesQuery);
  return new Map((data ?? []).map((f) => [f.number, f.name]));
}

export function useSubBrandOptions() {
  const { data } = useQuery(subBrandsQuery);
  return (data ?? []).map((s) => ({ value: s.subBrandCode, label: `${s.subBrandName} (${s.subBrandCode})` }));
}

export function useProductOptions() {
  const { data } = useQuery(brandModelsQuery);
  return (data ?? []).map((m) => ({ value: m.productCode, label: `${m.productName} (${m.productCode})` }));
}
