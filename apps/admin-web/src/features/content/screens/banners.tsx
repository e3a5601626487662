import { BANNER_LINK_KINDS, BANNER_POSITIONS, bannerInputSchema, type Banner } from '@kb/contracts';
import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { thumbnailColumn, updatedAtColumn } from '../../../components/record-columns.js';
import { FormImagesField } from '../../../components/form-images-field.js';
import { contractRules } from '../../../components/reference/form-rules.js';
import { imagesOfAll } from '../../../components/reference/record-image.js';
import type {
  ReferenceFieldsProps,
  ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { PublishFields, publishForForm, publishToSend } from '../components/content-fields.js';
import type { PublishValues } from '../components/content-fields.js';
import { detailAndRecipesActions, onlineColumn, periodColumn } from '../components/content-columns.js';
import { RecipeLinksField } from '../components/recipe-links-field.js';
import { onlineOptions, type OnlineFilter } from '../rules/filters.js';
import { FieldInput, FieldSelect } from '../../../components/field-input.js';

export const BANNER_ROUTE = { route: 'ccBanner', key: ['content', 'banners'] } as const;

/** The form's values, named like the body's fields (so the contract's errors land under them). */
export interface BannerValues extends PublishValues, Record<string, unknown> {
  name: string;
  identification: string;
  linkKind: string | null;
  url: string;
  imageFileCodes: UploadedImage[];
  position: string | null;
  recipeIds: string[];
}

interface BannerFilter extends OnlineFilter {
  name: string;
  position: string | null;
}

export function bannerToInput(v: BannerValues) {
  return {
    name: v.name,
    identification: v.identification,
    linkKind: v.linkKind ?? undefined,
    url: v.linkKind === 'url' ? v.url : '',
    imageFileCodes: v.imageFileCodes.map((i) => i.fileCode),
    position: v.position ?? undefined,
    recipeIds: v.recipeIds,
    ...publishToSend(v),
  };
}

function BannerFields({ form }: ReferenceFieldsProps<BannerValues>) {
  const { t } = useTranslation();
  const { linkKind } = form.getValues();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FieldInput form={form} name="name" label={t('content.fields.name')} required />
        <FieldInput form={form} name="identification" label={t('content.fields.identification')} />
        <FieldSelect
          form={form}
          name="position"
          label={t('content.fields.position')}
          data={BANNER_POSITIONS.map((p) => ({ value: p, label: t(`content.positions.${p}`) }))}
          required
        />
        <FieldSelect
          form={form}
          name="linkKind"
          label={t('content.fields.linkKind')}
          data={BANNER_LINK_KINDS.map((k) => ({ value: k, label: t(`content.linkKinds.${k}`) }))}
          required
          allowDeselect={false}
        />
      </SimpleGrid>
      {linkKind === 'url' && (
        <TextInput
          label={t('content.fields.url')}
          withAsterisk
          placeholder="https://"
          data-testid="field-url"
          {...form.getInputProps('url')}
        />
      )}
      <RecipeLinksField form={form} required={linkKind === 'recipe'} />
      <FormImagesField form={form} name="imageFileCodes" label={t('content.fields.image')} max={1} required />
      <PublishFields form={form} />
    </>
  );
}

/**
 * §2 /banner/list, /banner/add, /banner/edit (`/api/ccBanner/*`): name, identification, link (a URL, or
 * recipes), exactly one image, position (app home or device recipe home), the linked recipes in order, sort,
 * online period and online flag. Add and edit are kept alive (screens.ts).
 */
export const bannerScreen: ReferenceScreen<
  Banner,
  BannerValues,
  ReturnType<typeof bannerToInput>,
  BannerFilter
> = {
  route: BANNER_ROUTE,
  views: 'banner',
  csvFile: 'banners',
  columns: ({ t }) => [
    thumbnailColumn('imageFileCodes', t('content.fields.image'), (b) => b.imageFileCodes[0]),
    { accessor: 'name', title: t('content.fields.name') },
    { accessor: 'identification', title: t('content.fields.identification') },
    {
      accessor: 'position',
      title: t('content.fields.position'),
      render: (b) => t(`content.positions.${b.position}`),
    },
    {
      accessor: 'linkKind',
      title: t('content.fields.linkKind'),
      render: (b) => t(`content.linkKinds.${b.linkKind}`),
    },
    {
      accessor: 'recipeNumbers',
      title: t('content.fields.recipeNumbers'),
      render: (b) => b.recipeNumbers.join(', '),
    },
    { accessor: 'sort', title: t('content.fields.sort') },
    periodColumn(t),
    onlineColumn(t),
    updatedAtColumn(t),
  ],
  useFilters: ({ t }) => [
    { name: 'name', label: t('content.fields.name'), kind: 'text' },
    {
      name: 'position',
      label: t('content.fields.position'),
      kind: 'select',
      options: BANNER_POSITIONS.map((p) => ({ value: p, label: t(`content.positions.${p}`) })),
    },
    { name: 'online', label: t('content.fields.online'), kind: 'select', options: onlineOptions(t) },
  ],
  initialFilters: { name: '', position: null, online: null },
  rowActions: detailAndRecipesActions({ detail: '/banner/detail', recipes: '/banner/recipe' }),
  form: {
    schema: () => contractRules(bannerInputSchema, bannerToInput),
    validateInputOnChange: ['sort'],
    initialValues: (b) => ({
      name: b?.name ?? '',
      identification: b?.identification ?? '',
      linkKind: b?.linkKind ?? 'url',
      url: b?.url ?? '',
      imageFileCodes: imagesOfAll(b?.imageFileCodes),
      position: b?.position ?? null,
      recipeIds: b?.recipeIds ?? [],
      ...publishForForm(b),
    }),
    toInput: bannerToInput,
    Fields: BannerFields,
  },
};
