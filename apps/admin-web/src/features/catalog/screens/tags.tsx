import type { RecipeTag } from '@kb/contracts';
import { useTranslation } from 'react-i18next';
import { updatedAtColumn } from '../../../components/record-columns.js';
import { LanguageBadges } from '../../../components/reference/language-badges.js';
import { NamesFields } from '../../../components/reference/names-fields.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';
import {
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import { tagFormRules } from '../rules/form-rules.js';
import { FieldInput } from '../../../components/field-input.js';

interface TagValues extends Record<string, unknown> {
  number: string;
  names: Record<string, string>;
}

function TagFields({ form, languages, mainLang }: ReferenceFieldsProps<TagValues>) {
  const { t } = useTranslation();
  return (
    <>
      <FieldInput form={form} name="number" label={t('reference.fields.number')} required />
      <NamesFields form={form} languages={languages} mainLang={mainLang} />
    </>
  );
}

/** §2 /tag-list, /tag-add, /tag-edit: the tag (label) library (`/api/recipeTag/*`): number and a name per language. */
export const tagScreen: ReferenceScreen<
  RecipeTag,
  TagValues,
  { number: string; names: Record<string, string> }
> = {
  route: { route: 'recipeTag', key: ['catalog', 'tags'] },
  views: 'tag',
  columns: ({ t, languages, languageName }) => [
    { accessor: 'number', title: t('reference.fields.number') },
    { accessor: 'name', title: t('reference.fields.name') },
    {
      accessor: 'names',
      title: t('reference.fields.languages'),
      render: (tag) => (
        <LanguageBadges names={tag.names} mainLang={languages?.[0]?.langCode} languageName={languageName} />
      ),
    },
    updatedAtColumn(t),
  ],
  form: {
    schema: tagFormRules,
    initialValues: (record, languages) => ({
      number: record?.number ?? '',
      names: namesForForm(languages, record?.names),
    }),
    toInput: (v, langs) => ({ number: v.number.trim(), names: namesToSend(v.names, langs) }),
    Fields: TagFields,
  },
};
