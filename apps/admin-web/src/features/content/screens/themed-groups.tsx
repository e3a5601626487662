import { themedGroupInputSchema, type ThemedGroup } from '@kb/contracts';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { thumbnailColumn, updatedAtColumn } from '../../../components/record-columns.js';
import { FormImagesField } from '../../../components/form-images-field.js';
import { contractRules, sortToSend } from '../../../components/reference/form-rules.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';
import { imagesOf } from '../../../components/reference/record-image.js';
import {
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { detailAndRecipesActions } from '../components/content-columns.js';
import { PerLanguageFields } from '../components/content-fields.js';
import { FieldInput } from '../../../components/field-input.js';

export const GROUP_ROUTE = { route: 'specRecipe', key: ['content', 'groups'] } as const;

interface GroupValues extends Record<string, unknown> {
  name: string;
  number: string;
  cover: UploadedImage[];
  descriptions: Record<string, string>;
  sort: string;
}

function groupToInput(v: GroupValues, langs: string[]) {
  return {
    name: v.name,
    number: v.number,
    coverFileCode: v.cover[0]?.fileCode ?? null,
    descriptions: namesToSend(v.descriptions, langs),
    sort: sortToSend(v.sort),
  };
}

function GroupFields({ form, languages }: ReferenceFieldsProps<GroupValues>) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FieldInput form={form} name="name" label={t('content.fields.name')} required />
        <FieldInput form={form} name="number" label={t('content.fields.number')} required />
      </SimpleGrid>
      <PerLanguageFields
        form={form}
        path="descriptions"
        languages={languages}
        label={(lang) => t('content.fields.descriptionIn', { lang })}
        hint={t('content.descriptionsHint')}
        multiline
      />
      <FieldInput form={form} name="sort" label={t('content.fields.sort')} numeric />
      <FormImagesField form={form} name="cover" label={t('content.fields.cover')} max={1} />
    </>
  );
}

/**
 * §2 /group-recipe/list, add, edit (`/api/specRecipe/*`): name, number (unique), cover, a description per
 * language and sort. Its recipes, in order, are kept on /group-recipe/recipeList.
 */
export const groupScreen: ReferenceScreen<ThemedGroup, GroupValues, ReturnType<typeof groupToInput>> = {
  route: GROUP_ROUTE,
  views: 'themedGroup',
  csvFile: 'themed-recipe-groups',
  columns: ({ t }) => [
    thumbnailColumn('coverFileCode', t('content.fields.cover'), (g) => g.coverFileCode),
    { accessor: 'number', title: t('content.fields.number') },
    { accessor: 'name', title: t('content.fields.name') },
    { accessor: 'description', title: t('content.fields.description'), ellipsis: true, width: 240 },
    { accessor: 'recipeCount', title: t('content.fields.recipeCount') },
    { accessor: 'sort', title: t('content.fields.sort') },
    updatedAtColumn(t),
  ],
  useFilters: ({ t }) => [
    { name: 'number', label: t('content.fields.number'), kind: 'text' },
    { name: 'name', label: t('content.fields.name'), kind: 'text' },
  ],
  initialFilters: { number: '', name: '' },
  rowActions: detailAndRecipesActions({
    detail: '/group-recipe/detail',
    recipes: '/group-recipe/recipeList',
  }),
  form: {
    schema: (langs) => contractRules(themedGroupInputSchema, (v: GroupValues) => groupToInput(v, langs)),
    validateInputOnChange: ['sort'],
    initialValues: (g, languages) => ({
      name: g?.name ?? '',
      number: g?.number ?? '',
      cover: imagesOf(g?.coverFileCode),
      descriptions: namesForForm(languages, g?.descriptions),
      sort: g ? String(g.sort) : '',
    }),
    toInput: groupToInput,
    Fields: GroupFields,
  },
};
