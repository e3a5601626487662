import type { BrandLanguage, RecipeCategory } from '@kb/contracts';
import { Select, TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { ImageUpload } from '../../../components/image-upload.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { translateError } from '../../../lib/translate.js';
import { categoryRoute, type CategoryInput } from '../api/categories.js';
import { useSaveRecord } from '../api/reference-records.js';
import { categoryFormRules, sortToSend } from '../rules/form-rules.js';
import { namesForForm, namesToSend } from '../rules/languages.js';
import { ConflictAlert } from '../../../components/conflict-alert.js';
import { NamesFields } from './names-fields.js';
import { imagesOf } from './record-image.js';
import { saveOrReportConflict } from './save-outcome.js';

interface CategoryValues extends Record<string, unknown> {
  number: string;
  mainLang: string | null;
  names: Record<string, string>;
  sort: string;
  picture: UploadedImage[];
}

/**
 * Category settings' form (add and edit): number (unique per brand), main language, a name per brand language
 * (the main language's required), sort (numeric) and an optional picture. Saving goes back to the list.
 */
export function CategoryForm({
  languages,
  record,
  onReload,
}: {
  languages: BrandLanguage[];
  record?: RecipeCategory;
  onReload?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveRecord<CategoryInput, RecipeCategory>(categoryRoute);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const langs = languages.map((l) => l.langCode);
  const rules = useMemo(() => categoryFormRules(langs), [langs.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useSchemaForm<CategoryValues>(rules, {
    // A sort is checked as it is typed: letters are refused at once, and the error goes as soon as it is fixed.
    validateInputOnChange: ['sort'],
    initialValues: {
      number: record?.number ?? '',
      mainLang: record?.mainLang ?? languages[0]?.langCode ?? null,
      names: namesForForm(langs, record?.names),
      sort: record ? String(record.sort) : '',
      picture: imagesOf(record?.pictureFileCode),
    },
  });
  const mainLang = form.getValues().mainLang;
  const pictureError = form.errors.picture ?? form.errors.pictureFileCode;

  return (
    <FormPage
      form={form}
      onCancel={() => void navigate({ to: '/category-set-list' })}
      onSubmit={async (v) => {
        const input: CategoryInput = {
          number: v.number.trim(),
          mainLang: v.mainLang ?? '',
          names: namesToSend(v.names, langs),
          sort: sortToSend(v.sort),
          pictureFileCode: v.picture[0]?.fileCode ?? null,
        };
        await saveOrReportConflict(
          () => save.mutateAsync(record ? { ...input, id: record.id, version: record.version } : input),
          () => setConflict(true),
        );
        await navigate({ to: '/category-set-list' });
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
      <TextInput
        label={t('catalog.fields.number')}
        withAsterisk
        data-testid="field-number"
        {...form.getInputProps('number')}
      />
      <Select
        label={t('catalog.fields.mainLang')}
        withAsterisk
        allowDeselect={false}
        data={languages.map((l) => ({ value: l.langCode, label: l.langName }))}
        data-testid="field-mainLang"
        {...form.getInputProps('mainLang')}
      />
      <NamesFields form={form} languages={languages} mainLang={mainLang} />
      <TextInput
        label={t('catalog.fields.sort')}
        inputMode="numeric"
        w={200}
        data-testid="field-sort"
        {...form.getInputProps('sort')}
      />
      <ImageUpload
        label={t('catalog.fields.picture')}
        max={1}
        value={form.getValues().picture}
        onChange={(images) => {
          form.setFieldValue('picture', images);
          form.clearFieldError('pictureFileCode');
        }}
        error={pictureError ? translateError(pictureError) : undefined}
      />
    </FormPage>
  );
}
