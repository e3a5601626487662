import type { BrandLanguage } from '@kb/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { NOTICES_KEY } from './notices-key.js';

const reference = <T>(name: string, path: string, query?: Record<string, string>) =>
  queryOptions({
    queryKey: [...NOTICES_KEY, 'ref', name],
    queryFn: ({ signal }) => api<T>(path, { kind: 'reference', query, signal }),
    staleTime: 60_000,
  });

const modelsQuery = reference<{ productCode: string; productName: string; factoryModel: string }[]>(
  'models',
  '/common/loadBrandOwnerProduct',
);
const countriesQuery = reference<{ countryCode: string; countryName: string }[]>(
  'countries',
  '/common/loadCountry',
);
const areasQuery = reference<{ areaCode: string; countryCode: string; areaName: string }[]>(
  'areas',
  '/common/loadArea',
);
const languagesQuery = reference<BrandLanguage[]>('languages', '/sysSupportLang/list');

export function useModelOptions() {
  const { data } = useQuery(modelsQuery);
  return (data ?? []).map((m) => ({ value: m.productCode, label: `${m.factoryModel} · ${m.productName}` }));
}

/** Countries, each followed by its provinces or states (`/common/loadArea`): an area covers its cities. */
export function useRegionOptions() {
  const countries = useQuery(countriesQuery).data ?? [];
  const areas = useQuery(areasQuery).data ?? [];
  return countries.map((c) => ({
    group: c.countryName,
    items: [
      { value: c.countryCode, label: c.countryName },
      ...areas
        .filter((a) => a.countryCode === c.countryCode)
        .map((a) => ({ value: a.areaCode, label: `${c.countryName} · ${a.areaName}` })),
    ],
  }));
}

/** The brand's languages, its main one first: a notice is written in one or more of them. */
export function useNoticeLanguages(): BrandLanguage[] {
  const { data } = useQuery(languagesQuery);
  return (data ?? []).filter((l) => l.supported);
}
