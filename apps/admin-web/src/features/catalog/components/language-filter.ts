import type { BrandLanguage } from '@kb/contracts';
import { useTranslation } from 'react-i18next';
import type { FilterField } from '../../../components/list-page.js';

/** What the reference lists filter by (§7 list filters). */
export interface NumberNameLangFilter extends Record<string, unknown> {
  number: string;
  name: string;
  lang: string | null;
}

export const NO_FILTER: NumberNameLangFilter = { number: '', name: '', lang: null };

/**
 * The filter bar of a reference list: number (where the entity has one), name, and language — with a name,
 * the name in that language; alone, the records that have a name in it.
 */
export function useReferenceFilters(
  languages: readonly BrandLanguage[] | undefined,
  withNumber = true,
): FilterField<NumberNameLangFilter>[] {
  const { t } = useTranslation();
  const fields: FilterField<NumberNameLangFilter>[] = [];
  if (withNumber) fields.push({ name: 'number', label: t('catalog.fields.number'), kind: 'text' });
  fields.push(
    { name: 'name', label: t('catalog.fields.name'), kind: 'text' },
    {
      name: 'lang',
      label: t('catalog.fields.language'),
      kind: 'select',
      options: (languages ?? []).map((l) => ({ value: l.langCode, label: l.langName })),
    },
  );
  return fields;
}
