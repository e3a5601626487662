import type { ApkLastSubmitInfo } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { APK_KEY } from './apk-read-position.js';

interface SubBrand {
  subBrandCode: string;
  subBrandName: string;
}
interface SubBrandModel {
  productCode: string;
  productName: string;
  customerModel: string;
}

/** The brand's sub-brands (`/api/common/loadSubBrand`). */
export const subBrandsQuery = queryOptions({
  queryKey: [...APK_KEY, 'ref', 'sub-brands'],
  queryFn: ({ signal }) => api<SubBrand[]>('/common/loadSubBrand', { kind: 'reference', signal }),
  staleTime: 60_000,
});

/** The models one sub-brand sells (`/api/common/loadSubBrandProduct`). */
export const subBrandModelsQuery = (subBrandCode: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'ref', 'models', subBrandCode],
    queryFn: ({ signal }) =>
      api<SubBrandModel[]>('/common/loadSubBrandProduct', {
        query: { subBrandCode },
        kind: 'reference',
        signal,
      }),
    staleTime: 60_000,
    enabled: subBrandCode !== '',
  });

export function useSubBrandOptions() {
  const { data } = useQuery(subBrandsQuery);
  return (data ?? []).map((s) => ({ value: s.subBrandCode, label: `${s.subBrandName} (${s.subBrandCode})` }));
}

export function useModelOptions(subBrandCode: string | null) {
  const { data } = useQuery(subBrandModelsQuery(subBrandCode ?? ''));
  return (subBrandCode ? (data ?? []) : []).map((m) => ({
    value: m.productCode,
    label: `${m.customerModel || m.productName} (${m.productCode})`,
  }));
}

/** Every model the brand sells (`/api/common/loadBrandOwnerProduct`), for the list's model filter. */
export const brandModelsQuery = queryOptions({
  queryKey: [...APK_KEY, 'ref', 'brand-models'],
  queryFn: ({ signal }) =>
    api<{ productCode: string; productName: string }[]>('/common/loadBrandOwnerProduct', {
      kind: 'reference',
      signal,
    }),
  staleTime: 60_000,
});

export function useBrandModelOptions() {
  const { data } = useQuery(brandModelsQuery);
  return (data ?? []).map((m) => ({ value: m.productCode, label: `${m.productName} (${m.productCode})` }));
}

/** `/api/subApk/lastSubmitVersionInfo`: the versions of the latest submission of a sub-brand and model. */
export const lastSubmitQuery = (subBrandCode: string, productCode: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'last-submit', subBrandCode, productCode],
    queryFn: ({ signal }) =>
      api<ApkLastSubmitInfo | null>('/subApk/lastSubmitVersionInfo', {
        query: { subBrandCode, productCode },
        kind: 'reference',
        signal,
      }),
    enabled: subBrandCode !== '' && productCode !== '',
  });
