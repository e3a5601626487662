import { ACCESSORY_TYPES, type Accessory } from '@kb/contracts';
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { thumbnailColumn, updatedAtColumn } from '../../../components/record-columns.js';
import { FormImagesField } from '../../../components/form-images-field.js';
import { NamesFields } from '../../../components/reference/names-fields.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';
import { imagesOf } from '../../../components/reference/record-image.js';
import {
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { accessoryFormRules } from '../rules/form-rules.js';
import { FieldInput, FieldSelect } from '../../../components/field-input.js';

interface AccessoryValues extends Record<string, unknown> {
  number: string;
  names: Record<string, string>;
  photo: UploadedImage[];
  xtPhoto: UploadedImage[];
  code: string;
  accessoryCode: string;
  type: string | null;
}

interface AccessoryInput {
  number: string;
  names: Record<string, string>;
  photoFileCode: string;
  xtPhotoFileCode: string | null;
  code: string;
  accessoryCode: string;
  type: Accessory['type'];
}

function AccessoryFields({ form, languages, mainLang }: ReferenceFieldsProps<AccessoryValues>) {
  const { t } = useTranslation();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FieldInput form={form} name="number" label={t('reference.fields.number')} required />
        <FieldSelect
          form={form}
          name="type"
          label={t('catalog.fields.type')}
          data={ACCESSORY_TYPES.map((type) => ({ value: type, label: t(`catalog.accessoryTypes.${type}`) }))}
          required
        />
      </SimpleGrid>
      <NamesFields form={form} languages={languages} mainLang={mainLang} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FieldInput form={form} name="code" label={t('catalog.fields.code')} />
        <FieldInput form={form} name="accessoryCode" label={t('catalog.fields.accessoryCode')} />
      </SimpleGrid>
      <FormImagesField form={form} name="photo" label={t('catalog.fields.photo')} max={1} required />
      <FormImagesField form={form} name="xtPhoto" label={t('catalog.fields.xtPhoto')} max={1} />
    </>
  );
}

/**
 * §2 /fitting-list, -add, -edit: the accessory library (`/api/accessory/*`): number (unique), a name per brand
 * language (main required), image (jpg/png ≤300 KB, required), device-side photo, code, accessory code and type.
 */
export const accessoryScreen: ReferenceScreen<Accessory, AccessoryValues, AccessoryInput> = {
  route: { route: 'accessory', key: ['catalog', 'accessories'] },
  views: 'accessory',
  columns: ({ t }) => [
    thumbnailColumn('photoFileCode', t('catalog.fields.photo'), (a) => a.photoFileCode),
    { accessor: 'number', title: t('reference.fields.number') },
    { accessor: 'name', title: t('reference.fields.name') },
    {
      accessor: 'type',
      title: t('catalog.fields.type'),
      render: (a) => t(`catalog.accessoryTypes.${a.type}`),
    },
    { accessor: 'code', title: t('catalog.fields.code') },
    { accessor: 'accessoryCode', title: t('catalog.fields.accessoryCode') },
    updatedAtColumn(t),
  ],
  form: {
    schema: accessoryFormRules,
    initialValues: (record, languages) => ({
      number: record?.number ?? '',
      names: namesForForm(languages, record?.names),
      photo: imagesOf(record?.photoFileCode),
      xtPhoto: imagesOf(record?.xtPhotoFileCode),
      code: record?.code ?? '',
      accessoryCode: record?.accessoryCode ?? '',
      type: record?.type ?? null,
    }),
    toInput: (v, langs) => ({
      number: v.number.trim(),
      names: namesToSend(v.names, langs),
      photoFileCode: v.photo[0]?.fileCode ?? '',
      xtPhotoFileCode: v.xtPhoto[0]?.fileCode ?? null,
      code: v.code.trim(),
      accessoryCode: v.accessoryCode.trim(),
      type: v.type as Accessory['type'],
    }),
    Fields: AccessoryFields,
  },
};
