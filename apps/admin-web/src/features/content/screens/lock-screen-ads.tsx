import { lockScreenAdInputSchema, MAX_CONTENT_IMAGES, type LockScreenAd } from '@kb/contracts';
import { useTranslation } from 'react-i18next';
import { thumbnailColumn, updatedAtColumn } from '../../../components/record-columns.js';
import { FormImagesField } from '../../../components/form-images-field.js';
import { contractRules } from '../../../components/reference/form-rules.js';
import { imagesOfAll } from '../../../components/reference/record-image.js';
import {
  type ReferenceContext,
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import type { FilterField } from '../../../components/list-page.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { useBrandModelOptions } from '../../../lib/lookups.js';
import {
  PublishFields,
  publishForForm,
  publishToSend,
  type PublishValues,
} from '../components/content-fields.js';
import { onlineColumn, periodColumn } from '../components/content-columns.js';
import { onlineOptions, type OnlineFilter } from '../rules/filters.js';
import { FieldInput, FieldSelect } from '../../../components/field-input.js';

interface AdValues extends PublishValues, Record<string, unknown> {
  name: string;
  imageFileCodes: UploadedImage[];
  modelCodes: string[];
}

interface AdFilter extends OnlineFilter {
  name: string;
  modelCode: string | null;
}

function adToInput(v: AdValues) {
  return {
    name: v.name,
    imageFileCodes: v.imageFileCodes.map((i) => i.fileCode),
    modelCodes: v.modelCodes,
    ...publishToSend(v),
  };
}

function AdFields({ form }: ReferenceFieldsProps<AdValues>) {
  const { t } = useTranslation();
  const models = useBrandModelOptions();
  return (
    <>
      <FieldInput form={form} name="name" label={t('content.fields.name')} required />
      <FieldSelect
        form={form}
        name="modelCodes"
        label={t('content.fields.models')}
        data={models}
        required
        multiple
        searchable
      />
      <FormImagesField
        form={form}
        name="imageFileCodes"
        label={t('content.fields.images')}
        max={MAX_CONTENT_IMAGES}
        required
      />
      <PublishFields form={form} />
    </>
  );
}

/** The models an ad shows on, named as the brand sells them. */
function ModelNames({ codes }: { codes: string[] }) {
  const models = new Map(useBrandModelOptions().map((m) => [m.value, m.label]));
  return <>{codes.map((c) => models.get(c) ?? c).join(', ')}</>;
}

function useAdFilters({ t }: ReferenceContext): FilterField<AdFilter>[] {
  const models = useBrandModelOptions();
  return [
    { name: 'name', label: t('content.fields.name'), kind: 'text' },
    { name: 'modelCode', label: t('content.fields.model'), kind: 'select', options: models },
    { name: 'online', label: t('content.fields.online'), kind: 'select', options: onlineOptions(t) },
  ];
}

/**
 * §2 /lock-screen-ads-list, -add, -edit (`/api/lockScreenAds/*`): name, up to 5 images, the models it shows on,
 * online period, sort and online flag.
 */
export const lockScreenAdScreen: ReferenceScreen<
  LockScreenAd,
  AdValues,
  ReturnType<typeof adToInput>,
  AdFilter
> = {
  route: { route: 'lockScreenAds', key: ['content', 'lock-screen-ads'] },
  views: 'lockScreenAd',
  csvFile: 'lock-screen-ads',
  columns: ({ t }) => [
    thumbnailColumn('imageFileCodes', t('content.fields.images'), (a) => a.imageFileCodes[0]),
    { accessor: 'name', title: t('content.fields.name') },
    {
      accessor: 'modelCodes',
      title: t('content.fields.models'),
      render: (a) => <ModelNames codes={a.modelCodes} />,
    },
    { accessor: 'sort', title: t('content.fields.sort') },
    periodColumn(t),
    onlineColumn(t),
    updatedAtColumn(t),
  ],
  useFilters: useAdFilters,
  initialFilters: { name: '', modelCode: null, online: null },
  form: {
    schema: () => contractRules(lockScreenAdInputSchema, adToInput),
    validateInputOnChange: ['sort'],
    initialValues: (a) => ({
      name: a?.name ?? '',
      imageFileCodes: imagesOfAll(a?.imageFileCodes),
      modelCodes: a?.modelCodes ?? [],
      ...publishForForm(a),
    }),
    toInput: adToInput,
    Fields: AdFields,
  },
};
