import type { BrandLanguage, RecipeTag } from '@kb/contracts';
import { TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { useSaveRecord } from '../api/reference-records.js';
import { tagRoute, type TagInput } from '../api/tags.js';
import { tagFormRules } from '../rules/form-rules.js';
import { namesForForm, namesToSend } from '../rules/languages.js';
import { ConflictAlert } from '../../../components/conflict-alert.js';
import { NamesFields } from './names-fields.js';
import { saveOrReportConflict } from './save-outcome.js';

interface TagValues extends Record<string, unknown> {
  number: string;
  names: Record<string, string>;
}

/** The tag library's form (add and edit): number (unique) and a name per brand language, the main one required. */
export function TagForm({
  languages,
  record,
  onReload,
}: {
  languages: BrandLanguage[];
  record?: RecipeTag;
  onReload?: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const save = useSaveRecord<TagInput, RecipeTag>(tagRoute);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const langs = languages.map((l) => l.langCode);
  const mainLang = langs[0] ?? '';
  const rules = useMemo(() => tagFormRules(langs, mainLang), [langs.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useSchemaForm<TagValues>(rules, {
    initialValues: { number: record?.number ?? '', names: namesForForm(langs, record?.names) },
  });
  return (
    <FormPage
      form={form}
      onCancel={() => void navigate({ to: '/tag-list' })}
      onSubmit={async (v) => {
        const input: TagInput = { number: v.number.trim(), names: namesToSend(v.names, langs) };
        await saveOrReportConflict(
          () => save.mutateAsync(record ? { ...input, id: record.id, version: record.version } : input),
          () => setConflict(true),
        );
        await navigate({ to: '/tag-list' });
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
      <NamesFields form={form} languages={languages} mainLang={mainLang} />
    </FormPage>
  );
}
