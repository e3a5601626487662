import type { BrandLanguage } from '@kb/contracts';
import type { TFunction } from 'i18next';
import type { FilterField } from '../list-page.js';

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
export function referenceFilters(
  { t, languages }: { t: TFunction; languages: readonly BrandLanguage[] | undefined },
  withNumber = true,
): FilterField<NumberNameLangFilter>[] {
  const fields: FilterField<NumberNameLangFilter>[] = [];
  if (withNumber) fields.push({ name: 'number', label: t('reference.fields.number'), kind: 'text' });
  fields.push(
    { name: 'name', label: t('reference.fields.name'), kind: 'text' },
    {
      name: 'lang',
      label: t('reference.fields.language'),
      kind: 'select',
      options: (languages ?? []).map((l) => ({ value: l.langCode, label: l.langName })),
    },
  );
  return fields;
}
