import type { BrandLanguage } from '@kb/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { areasQuery, brandModelsQuery, countriesQuery, useSystemLanguages } from '../../../lib/lookups.js';

/** The brand's models, named by factory model and product name as the notice's target list shows them. */
export function useModelOptions() {
  const { data } = useQuery(brandModelsQuery);
  return (data ?? []).map((m) => ({ value: m.productCode, label: `${m.factoryModel} · ${m.productName}` }));
}

/** Countries, each followed by its provinces or states (`/common/loadArea`): an area covers its cities. */
export function useRegionOptions() {
  const { i18n } = useTranslation();
  const countries = useQuery(countriesQuery(i18n.language)).data ?? [];
  const areas = useQuery(areasQuery(i18n.language)).data ?? [];
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
  const { data } = useSystemLanguages();
  return (data ?? []).filter((l) => l.supported);
}
