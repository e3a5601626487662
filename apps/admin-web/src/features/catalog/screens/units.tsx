import { UNNUMBERED_REFERENCE_SORT_FIELDS, type IngredientUnit } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { call } from '../../../lib/call.js';
import { updatedAtColumn } from '../../../components/record-columns.js';
import { pageLocally } from '../../../components/reference/local-page.js';
import { NamesFields } from '../../../components/reference/names-fields.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';
import type { RecordFilter } from '../../../components/reference/reference-records.js';
import {
  referenceFilters,
  type NumberNameLangFilter,
} from '../../../components/reference/reference-filters.js';
import {
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import { unitFormRules } from '../rules/form-rules.js';

const UNITS_KEY = ['catalog', 'units'] as const;

/**
 * §7: the unit list is a form-encoded POST with `onPage=false` (the whole list, sorted by the server; the screen
 * pages it).
 */
function listUnits(filter: RecordFilter & ListSort, signal?: AbortSignal): Promise<IngredientUnit[]> {
  const form = new URLSearchParams({ onPage: 'false' });
  if (filter.name?.trim()) form.set('name', filter.name.trim());
  if (filter.lang) form.set('lang', filter.lang);
  for (const [key, value] of Object.entries(sortParams(filter))) form.set(key, value);
  return call.form('/boUnit/list', form, { kind: 'query', signal });
}

const unitsQuery = (filter: RecordFilter & ListSort) =>
  queryOptions({
    queryKey: [...UNITS_KEY, 'list', filter.name?.trim() ?? '', filter.lang ?? null, sortParams(filter)],
    queryFn: ({ signal }) => listUnits(filter, signal),
  });

interface UnitValues extends Record<string, unknown> {
  names: Record<string, string>;
}

function UnitFields({ form, languages, mainLang }: ReferenceFieldsProps<UnitValues>) {
  return <NamesFields form={form} languages={languages} mainLang={mainLang} />;
}

/**
 * Ingredient unit management (registered as /unit-list under recipe management): names per language, unique.
 * §7 lists units whole (form-encoded POST, `onPage=false`) and has no batchDelete: this screen filters there and
 * pages here, and deletes a selection one by one. Adding and editing happen in a dialog; deleting asks the §8
 * "unit delete" confirmation.
 */
export const unitScreen: ReferenceScreen<IngredientUnit, UnitValues, UnitValues, NumberNameLangFilter> = {
  route: { route: 'boUnit', key: UNITS_KEY },
  views: 'unit',
  columns: ({ t, languages }) => [
    ...(languages ?? []).map((lang) => ({
      accessor: `names.${lang.langCode}`,
      title: t('reference.fields.nameIn', { lang: lang.langName }),
      render: (u: IngredientUnit) => u.names[lang.langCode] ?? '',
    })),
    updatedAtColumn(t),
  ],
  // Units have no number: the filter bar is name and language.
  useFilters: (ctx) => referenceFilters(ctx, false),
  sortFields: UNNUMBERED_REFERENCE_SORT_FIELDS,
  fetchPage: async (queryClient, q) =>
    pageLocally(
      await queryClient.fetchQuery(
        unitsQuery({ name: q.name, lang: q.lang, orderBy: q.orderBy, order: q.order }),
      ),
      q.pageNum,
      q.pageSize,
    ),
  deleteConfirm: 'unitDelete',
  deleteOneByOne: (u) => u.name,
  dialog: {
    testId: 'unit-dialog',
    titles: (t) => ({ add: t('catalog.units.addTitle'), edit: t('catalog.units.editTitle') }),
  },
  form: {
    schema: unitFormRules,
    initialValues: (record, languages) => ({
      names: namesForForm(languages, record?.names),
    }),
    toInput: (v, langs) => ({ names: namesToSend(v.names, langs) }),
    Fields: UnitFields,
    maw: 640,
  },
};
