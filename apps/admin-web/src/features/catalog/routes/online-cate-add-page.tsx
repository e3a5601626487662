import type { BrandLanguage } from '@kb/contracts';
import { ActionIcon, Button, Divider, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPage, useSchemaForm } from '../../../components/form-page.js';
import { ImageUpload } from '../../../components/image-upload.js';
import type { UploadedImage } from '../../../components/upload-image.js';
import { translateError } from '../../../lib/translate.js';
import { useAddOnlineCategories } from '../api/online-categories.js';
import { WithBrandLanguages } from '../../../components/reference/brand-languages.js';
import { NamesFields } from '../../../components/reference/names-fields.js';
import { sortToSend } from '../../../components/reference/form-rules.js';
import { onlineCategoriesFormRules } from '../rules/form-rules.js';
import { namesForForm, namesToSend } from '../../../components/reference/names.js';

interface CategoryRow {
  /** Keeps React's identity of a row when another is removed. */
  key: string;
  names: Record<string, string>;
  sort: string;
  picture: UploadedImage[];
}

interface Values extends Record<string, unknown> {
  categories: CategoryRow[];
}

function OnlineCategoriesForm({ languages }: { languages: BrandLanguage[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const add = useAddOnlineCategories();
  const langs = languages.map((l) => l.langCode);
  const mainLang = langs[0] ?? '';
  const counter = useRef(0);
  const newRow = (): CategoryRow => ({
    key: String((counter.current += 1)),
    names: namesForForm(languages),
    sort: '',
    picture: [],
  });
  const rules = useMemo(() => onlineCategoriesFormRules(langs, mainLang), [langs.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  const form = useSchemaForm<Values>(rules, { initialValues: { categories: [newRow()] } });
  const rows = form.getValues().categories;

  return (
    <FormPage
      form={form}
      maw={860}
      onCancel={() => void navigate({ to: '/online-cate/list' })}
      onSubmit={async (v) => {
        await add.mutateAsync(
          v.categories.map((c) => ({
            names: namesToSend(c.names, langs),
            sort: sortToSend(c.sort),
            pictureFileCode: c.picture[0]?.fileCode ?? null,
          })),
        );
        await navigate({ to: '/online-cate/list' });
      }}
    >
      {rows.map((row, i) => {
        const pictureError =
          form.errors[`categories.${i}.picture`] ?? form.errors[`categories.${i}.pictureFileCode`];
        return (
          <Stack key={row.key} gap="sm" data-testid={`online-row-${i}`}>
            {i > 0 && <Divider />}
            <Group justify="space-between">
              <Text fw={600}>{t('catalog.online.rowTitle', { index: i + 1 })}</Text>
              {rows.length > 1 && (
                <Tooltip label={t('catalog.online.removeRow')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('catalog.online.removeRow')}
                    onClick={() => form.removeListItem('categories', i)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
            <NamesFields
              form={form}
              languages={languages}
              mainLang={mainLang}
              path={`categories.${i}.names`}
            />
            <TextInput
              label={t('reference.fields.sort')}
              inputMode="numeric"
              w={200}
              data-testid="field-sort"
              {...form.getInputProps(`categories.${i}.sort`)}
            />
            <ImageUpload
              label={t('reference.fields.picture')}
              max={1}
              value={row.picture}
              onChange={(images) => form.setFieldValue(`categories.${i}.picture`, images)}
              error={pictureError ? translateError(pictureError) : undefined}
            />
          </Stack>
        );
      })}
      <Button
        variant="light"
        leftSection={<IconPlus size={14} />}
        onClick={() => form.insertListItem('categories', newRow())}
        w="fit-content"
        data-testid="online-add-row"
      >
        {t('catalog.online.addRow')}
      </Button>
    </FormPage>
  );
}

/** §2 /online-cate/add: one or more online categories at once (`appOnlineCategory/batchAdd`). */
export function OnlineCateAddPage() {
  return (
    <WithBrandLanguages>{(languages) => <OnlineCategoriesForm languages={languages} />}</WithBrandLanguages>
  );
}
