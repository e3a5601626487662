import { ACCESSORY_TYPES, type Accessory } from '@kb/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ImageUpload } from '../../../components/image-upload.js';
import { formatTime } from '../../../components/reference/format.js';
import { NamesFields } from '../../../components/reference/names-fields.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';
import { imagesOf, Thumbnail } from '../../../components/reference/record-image.js';
import {
  type ReferenceFieldsProps,
  type ReferenceScreen,
} from '../../../components/reference/reference-screen.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { translateError } from '../../../lib/translate.js';
import { accessoryFormRules } from '../rules/form-rules.js';

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
  const values = form.getValues();
  const photoError = form.errors.photo ?? form.errors.photoFileCode;
  const xtPhotoError = form.errors.xtPhoto ?? form.errors.xtPhotoFileCode;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('reference.fields.number')}
          withAsterisk
          data-testid="field-number"
          {...form.getInputProps('number')}
        />
        <Select
          label={t('catalog.fields.type')}
          withAsterisk
          data={ACCESSORY_TYPES.map((type) => ({ value: type, label: t(`catalog.accessoryTypes.${type}`) }))}
          data-testid="field-type"
          {...form.getInputProps('type')}
        />
      </SimpleGrid>
      <NamesFields form={form} languages={languages} mainLang={mainLang} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('catalog.fields.code')}
          data-testid="field-code"
          {...form.getInputProps('code')}
        />
        <TextInput
          label={t('catalog.fields.accessoryCode')}
          data-testid="field-accessoryCode"
          {...form.getInputProps('accessoryCode')}
        />
      </SimpleGrid>
      <div data-testid="field-photo">
        <ImageUpload
          label={t('catalog.fields.photo')}
          required
          max={1}
          value={values.photo}
          onChange={(images) => {
            form.setFieldValue('photo', images);
            form.clearFieldError('photoFileCode');
          }}
          error={photoError ? translateError(photoError) : undefined}
        />
      </div>
      <div data-testid="field-xtPhoto">
        <ImageUpload
          label={t('catalog.fields.xtPhoto')}
          max={1}
          value={values.xtPhoto}
          onChange={(images) => {
            form.setFieldValue('xtPhoto', images);
            form.clearFieldError('xtPhotoFileCode');
          }}
          error={xtPhotoError ? translateError(xtPhotoError) : undefined}
        />
      </div>
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
    {
      accessor: 'photoFileCode',
      title: t('catalog.fields.photo'),
      width: 80,
      render: (a) => <Thumbnail fileCode={a.photoFileCode} alt={a.name} />,
    },
    { accessor: 'number', title: t('reference.fields.number') },
    { accessor: 'name', title: t('reference.fields.name') },
    {
      accessor: 'type',
      title: t('catalog.fields.type'),
      render: (a) => t(`catalog.accessoryTypes.${a.type}`),
    },
    { accessor: 'code', title: t('catalog.fields.code') },
    { accessor: 'accessoryCode', title: t('catalog.fields.accessoryCode') },
    { accessor: 'updatedAt', title: t('reference.fields.updatedAt'), render: (a) => formatTime(a.updatedAt) },
  ],
  form: {
    schema: accessoryFormRules,
    initialValues: (record, languages) => ({
      number: record?.number ?? '',
      names: namesForForm(
        languages.map((l) => l.langCode),
        record?.names,
      ),
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
