import type { RecipeCategory } from '@kb/contracts';
import { useTranslation } from 'react-i18next';
import { thumbnailColumn, updatedAtColumn } from '../../../components/record-columns.js';
import { FormImagesField } from '../../../components/form-images-field.js';
import { sortToSend } from '../../../components/reference/form-rules.js';
import { LanguageBadges } from '../../../components/reference/language-badges.js';
import { NamesFields } from '../../../components/reference/names-fields.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';
import { imagesOf } from '../../../components/reference/record-image.js';
import {
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { categoryFormRules } from '../rules/form-rules.js';
import { FieldInput, FieldSelect } from '../../../components/field-input.js';

interface CategoryValues extends Record<string, unknown> {
  number: string;
  mainLang: string | null;
  names: Record<string, string>;
  sort: string;
  picture: UploadedImage[];
}

interface CategoryInput {
  number: string;
  mainLang: string;
  names: Record<string, string>;
  sort: number;
  pictureFileCode: string | null;
}

function CategoryFields({ form, languages }: ReferenceFieldsProps<CategoryValues>) {
  const { t } = useTranslation();
  const { mainLang } = form.getValues();
  return (
    <>
      <FieldInput form={form} name="number" label={t('reference.fields.number')} required />
      <FieldSelect
        form={form}
        name="mainLang"
        label={t('reference.fields.mainLang')}
        data={languages.map((l) => ({ value: l.langCode, label: l.langName }))}
        required
        allowDeselect={false}
      />
      <NamesFields form={form} languages={languages} mainLang={mainLang} />
      <FieldInput form={form} name="sort" label={t('reference.fields.sort')} numeric />
      <FormImagesField form={form} name="picture" label={t('reference.fields.picture')} max={1} />
    </>
  );
}

/**
 * §2 /category-set-list, -add, -edit (`/api/recipeCategory/*`): number (unique per brand), main language, a name
 * per brand language (the main language's required), sort (numeric) and an optional picture.
 */
export const categoryScreen: ReferenceScreen<RecipeCategory, CategoryValues, CategoryInput> = {
  route: { route: 'recipeCategory', key: ['catalog', 'categories'] },
  views: 'category',
  columns: ({ t, languageName }) => [
    thumbnailColumn('pictureFileCode', t('reference.fields.picture'), (c) => c.pictureFileCode),
    { accessor: 'number', title: t('reference.fields.number') },
    { accessor: 'name', title: t('reference.fields.name') },
    {
      accessor: 'mainLang',
      title: t('reference.fields.mainLang'),
      render: (c) => languageName.get(c.mainLang) ?? c.mainLang,
    },
    {
      accessor: 'names',
      title: t('reference.fields.languages'),
      render: (c) => <LanguageBadges names={c.names} mainLang={c.mainLang} languageName={languageName} />,
    },
    { accessor: 'sort', title: t('reference.fields.sort') },
    { accessor: 'recipeCount', title: t('catalog.fields.recipeCount') },
    updatedAtColumn(t),
  ],
  form: {
    schema: (langs) => categoryFormRules(langs),
    // A sort is checked as it is typed: letters are refused at once, and the error goes as soon as it is fixed.
    validateInputOnChange: ['sort'],
    initialValues: (record, languages) => ({
      number: record?.number ?? '',
      mainLang: record?.mainLang ?? languages[0]?.langCode ?? null,
      names: namesForForm(languages, record?.names),
      sort: record ? String(record.sort) : '',
      picture: imagesOf(record?.pictureFileCode),
    }),
    toInput: (v, langs) => ({
      number: v.number.trim(),
      mainLang: v.mainLang ?? '',
      names: namesToSend(v.names, langs),
      sort: sortToSend(v.sort),
      pictureFileCode: v.picture[0]?.fileCode ?? null,
    }),
    Fields: CategoryFields,
  },
};
