import { hotTagInputSchema, type HotTag } from '@kb/contracts';
import { useTranslation } from 'react-i18next';
import { updatedAtColumn } from '../../../components/record-columns.js';
import type { FilterField } from '../../../components/list-page.js';
import { contractRules, sortToSend } from '../../../components/reference/form-rules.js';
import { LanguageBadges } from '../../../components/reference/language-badges.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';
import {
  type ReferenceContext,
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import { PerLanguageFields, SortAndOnlineFields } from '../components/content-fields.js';
import { HotTagSuggestions } from '../components/hot-tag-suggestions.js';
import { onlineColumn } from '../components/content-columns.js';
import { onlineOptions, type OnlineFilter } from '../rules/filters.js';

interface HotTagValues extends Record<string, unknown> {
  labels: Record<string, string>;
  sort: string;
  online: boolean;
}

interface HotTagFilter extends OnlineFilter {
  label: string;
  lang: string | null;
}

function hotTagToInput(v: HotTagValues, langs: string[]) {
  return { labels: namesToSend(v.labels, langs), sort: sortToSend(v.sort), online: v.online };
}

function HotTagFields({ form, languages, mainLang }: ReferenceFieldsProps<HotTagValues>) {
  const { t } = useTranslation();
  return (
    <>
      <PerLanguageFields
        form={form}
        path="labels"
        languages={languages}
        requiredLang={mainLang}
        label={(lang) => t('content.fields.labelIn', { lang })}
        hint={t('content.labelsHint')}
      />
      <SortAndOnlineFields form={form} />
    </>
  );
}

function hotTagFilters({ t, languages }: ReferenceContext): FilterField<HotTagFilter>[] {
  return [
    { name: 'label', label: t('content.fields.label'), kind: 'text' },
    {
      name: 'lang',
      label: t('content.fields.language'),
      kind: 'select',
      options: (languages ?? []).map((l) => ({ value: l.langCode, label: l.langName })),
    },
    { name: 'online', label: t('content.fields.online'), kind: 'select', options: onlineOptions(t) },
  ];
}

/**
 * §2 /hot-tag-list, -add, -edit (`/api/hotTag/*`): the hot search labels the app offers: a label per language
 * (the brand's main one required), sort and online flag.
 */
export const hotTagScreen: ReferenceScreen<
  HotTag,
  HotTagValues,
  ReturnType<typeof hotTagToInput>,
  HotTagFilter
> = {
  route: { route: 'hotTag', key: ['content', 'hot-tags'] },
  views: 'hotTag',
  csvFile: 'hot-search-labels',
  toolbar: () => <HotTagSuggestions />,
  columns: ({ t, languages, languageName }) => [
    { accessor: 'label', title: t('content.fields.label') },
    {
      accessor: 'labels',
      title: t('content.fields.language'),
      render: (h) => (
        <LanguageBadges names={h.labels} mainLang={languages?.[0]?.langCode} languageName={languageName} />
      ),
    },
    { accessor: 'sort', title: t('content.fields.sort') },
    onlineColumn(t),
    updatedAtColumn(t),
  ],
  useFilters: hotTagFilters,
  initialFilters: { label: '', lang: null, online: null },
  form: {
    schema: (langs, mainLang) =>
      contractRules(
        hotTagInputSchema,
        (v: HotTagValues) => hotTagToInput(v, langs),
        (v, ctx) => {
          if (!v.labels[mainLang]?.trim())
            ctx.addIssue({ code: 'custom', message: 'main_label_required', path: ['labels', mainLang] });
        },
      ),
    validateInputOnChange: ['sort'],
    initialValues: (h, languages) => ({
      labels: namesForForm(languages, h?.labels),
      sort: h ? String(h.sort) : '',
      online: h?.online ?? false,
    }),
    toInput: hotTagToInput,
    Fields: HotTagFields,
  },
};
