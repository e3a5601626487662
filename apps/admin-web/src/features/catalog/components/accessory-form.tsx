import { ACCESSORY_TYPES, type Accessory, type BrandLanguage } from '@kb/contracts';
import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { ImageUpload } from '../../../components/image-upload.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { translateError } from '../../../lib/translate.js';
import { accessoryRoute, type AccessoryInput } from '../api/accessories.js';
import { useSaveRecord } from '../api/reference-records.js';
import { accessoryFormRules } from '../rules/form-rules.js';
import { namesForForm, namesToSend } from '../rules/languages.js';
import { ConflictAlert } from '../../../components/conflict-alert.js';
import { NamesFields } from './names-fields.js';
import { imagesOf } from './record-image.js';
import { saveOrReportConflict } from './save-outcome.js';

interface AccessoryValues extends Record<string, unknown> {
  number: string;
  names: Record<string, string>;
  photo: UploadedImage[];
  xtPhoto: UploadedImage[];
  code: string;
  accessoryCode: string;
  type: string | null;
}

/**
 * The accessory library's form (add and edit): number (unique), a name per brand language (main required),
 * image (jpg/png ≤300 KB, required), device-side photo, code, accessory code and type.
 */
export function AccessoryForm({
  languages,
  record,
  onReload,
}: {
  languages: BrandLanguage[];
  record?: Accessory;
  onReload?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveRecord<AccessoryInput, Accessory>(accessoryRoute);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const langs = languages.map((l) => l.langCode);
  const mainLang = langs[0] ?? '';
  const rules = useMemo(() => accessoryFormRules(langs, mainLang), [langs.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useSchemaForm<AccessoryValues>(rules, {
    initialValues: {
      number: record?.number ?? '',
      names: namesForForm(langs, record?.names),
      photo: imagesOf(record?.photoFileCode),
      xtPhoto: imagesOf(record?.xtPhotoFileCode),
      code: record?.code ?? '',
      accessoryCode: record?.accessoryCode ?? '',
      type: record?.type ?? null,
    },
  });
  const values = form.getValues();
  const photoError = form.errors.photo ?? form.errors.photoFileCode;
  const xtPhotoError = form.errors.xtPhoto ?? form.errors.xtPhotoFileCode;

  return (
    <FormPage
      form={form}
      onCancel={() => void navigate({ to: '/fitting-list' })}
      onSubmit={async (v) => {
        const input: AccessoryInput = {
          number: v.number.trim(),
          names: namesToSend(v.names, langs),
          photoFileCode: v.photo[0]?.fileCode ?? '',
          xtPhotoFileCode: v.xtPhoto[0]?.fileCode ?? null,
          code: v.code.trim(),
          accessoryCode: v.accessoryCode.trim(),
          type: v.type as Accessory['type'],
        };
        await saveOrReportConflict(
          () => save.mutateAsync(record ? { ...input, id: record.id, version: record.version } : input),
          () => setConflict(true),
        );
        await navigate({ to: '/fitting-list' });
      }}
    >
      {conflict && onReload && (
        <ConflictAlert
          reloading={reloading}
          onReload={() => {
            setReloading(true);
            void onReload().finally(() => setReloading(false));
          }}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('catalog.fields.number')}
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
    </FormPage>
  );
}
