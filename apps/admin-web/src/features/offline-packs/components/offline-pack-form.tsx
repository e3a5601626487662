import { OFFLINE_PACK_TYPES, type OfflinePackCommandAnswer, type OfflinePackType } from '@kb/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Input,
  Radio,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconListCheck, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPage } from '../../../components/form-page.js';
import { useAppForm } from '../../../components/use-app-form.js';
import { ApiError } from '../../../lib/api-client.js';
import { notifySuccess } from '../../../lib/notify.js';
import { requiredError } from '../../../lib/translate.js';
import { saveOfflinePack } from '../api/offline-pack-commands.js';
import { OFFLINE_PACKS_KEY } from '../api/offline-pack-read-position.js';
import { useCustomerModelOptions, useFactoryModelOptions } from '../api/offline-pack-references.js';
import { recipeName, RecipePicker, type ChosenRecipe } from './recipe-picker.js';

export interface OfflinePackFormValues extends Record<string, unknown> {
  number: string;
  type: OfflinePackType | null;
  productCode: string | null;
  subBrandCode: string | null;
  recipeIds: string[];
}

export const emptyOfflinePackValues = (): OfflinePackFormValues => ({
  number: '',
  type: null,
  productCode: null,
  subBrandCode: null,
  recipeIds: [],
});

/** What the edit page loaded: the pack's id and the revision a save goes over. */
export interface OfflinePackFormRecord {
  id: string;
  revision: number;
}

/**
 * The add/edit form of a pack (§3, §5): number, type (initial or incremental), factory model, customer model (a
 * sub-brand selling that model) and the recipes, chosen in the picker among the released ones compatible with the
 * model. The §5 fields are checked here; the API checks the rest (number free, models the brand's, recipes
 * released and compatible) and its field errors appear under the fields.
 */
export function OfflinePackForm({
  initial,
  initialRecipes,
  record,
  onSaved,
  onReload,
}: {
  initial: OfflinePackFormValues;
  initialRecipes: ChosenRecipe[];
  record?: OfflinePackFormRecord;
  onSaved: (answer: OfflinePackCommandAnswer) => void;
  onReload?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [recipes, setRecipes] = useState<ChosenRecipe[]>(initialRecipes);
  const [picking, setPicking] = useState(false);
  const [conflict, setConflict] = useState(false);
  const form = useAppForm<OfflinePackFormValues>({
    initialValues: initial,
    validateInputOnBlur: true,
    validate: {
      number: (v) => (v.trim() ? null : requiredError('offlinePacks.fields.number')),
      type: (v) => (v ? null : requiredError('offlinePacks.fields.type')),
      productCode: (v) => (v ? null : requiredError('offlinePacks.fields.factoryModel')),
      subBrandCode: (v) => (v ? null : requiredError('offlinePacks.fields.customerModel')),
      recipeIds: (v) => (v.length > 0 ? null : requiredError('offlinePacks.fields.recipes')),
    },
  });
  const factoryModels = useFactoryModelOptions();
  const customerModels = useCustomerModelOptions(form.values.productCode ?? '');
  const modelLabel = factoryModels.find((m) => m.value === form.values.productCode)?.label ?? '';

  const choose = (next: ChosenRecipe[]) => {
    setRecipes(next);
    form.setFieldValue(
      'recipeIds',
      next.map((r) => r.id),
    );
  };

  const submit = async (values: OfflinePackFormValues) => {
    setConflict(false);
    const body = {
      number: values.number.trim(),
      type: values.type,
      productCode: values.productCode ?? '',
      subBrandCode: values.subBrandCode ?? '',
      recipeIds: values.recipeIds,
    };
    try {
      const answer = record
        ? await saveOfflinePack('update', { id: record.id, revision: record.revision, ...body })
        : await saveOfflinePack('add', body);
      void queryClient.invalidateQueries({ queryKey: OFFLINE_PACKS_KEY });
      notifySuccess(t('offlinePacks.form.saved'));
      onSaved(answer);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConflict(true);
      throw error;
    }
  };

  return (
    <FormPage form={form} onSubmit={submit} maw={900}>
      {conflict && onReload && (
        <Alert color="orange" icon={<IconAlertCircle />} data-testid="pack-conflict">
          <Group justify="space-between">
            {t('offlinePacks.form.changed')}
            <Button size="xs" variant="light" onClick={onReload} data-testid="pack-reload">
              {t('offlinePacks.form.reload')}
            </Button>
          </Group>
        </Alert>
      )}
      <TextInput
        label={t('offlinePacks.fields.number')}
        withAsterisk
        maxLength={32}
        {...form.getInputProps('number')}
        data-testid="pack-number-input"
      />
      <Radio.Group
        label={t('offlinePacks.fields.type')}
        description={t('offlinePacks.form.typeHint')}
        withAsterisk
        {...form.getInputProps('type')}
        value={form.values.type ?? ''}
      >
        <Group mt="xs">
          {OFFLINE_PACK_TYPES.map((type) => (
            <Radio
              key={type}
              value={type}
              label={t(`offlinePacks.type.${type}`)}
              data-testid={`pack-type-${type}`}
            />
          ))}
        </Group>
      </Radio.Group>
      <Group grow align="flex-start">
        <Select
          label={t('offlinePacks.fields.factoryModel')}
          withAsterisk
          data={factoryModels}
          searchable
          {...form.getInputProps('productCode')}
          onChange={(value) => {
            if (value === form.values.productCode) return;
            form.setFieldValue('productCode', value);
            // Customer model and recipes belong to the factory model chosen before.
            form.setFieldValue('subBrandCode', null);
            choose([]);
          }}
          data-testid="pack-factory-model"
        />
        <Select
          label={t('offlinePacks.fields.customerModel')}
          withAsterisk
          data={customerModels}
          disabled={!form.values.productCode}
          nothingFoundMessage={t('offlinePacks.form.noCustomerModel')}
          {...form.getInputProps('subBrandCode')}
          data-testid="pack-customer-model"
        />
      </Group>
      <Input.Wrapper
        label={t('offlinePacks.fields.recipes')}
        withAsterisk
        error={form.getInputProps('recipeIds').error}
      >
        <Stack gap="xs" mt={4}>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="pack-recipe-count">
              {t('offlinePacks.form.selectedCount', { count: recipes.length })}
            </Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconListCheck size={14} />}
              disabled={!form.values.productCode}
              title={form.values.productCode ? undefined : t('offlinePacks.form.chooseModelFirst')}
              onClick={() => setPicking(true)}
              data-testid="pack-choose-recipes"
            >
              {t('offlinePacks.form.chooseRecipes')}
            </Button>
          </Group>
          {recipes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('offlinePacks.form.noRecipes')}
            </Text>
          ) : (
            <Table withTableBorder striped data-testid="pack-recipes">
              <Table.Tbody>
                {recipes.map((r) => (
                  <Table.Tr key={r.id} data-testid="pack-recipe">
                    <Table.Td w={160}>{r.number ?? r.id.slice(0, 8)}</Table.Td>
                    <Table.Td>{recipeName(r, i18n.language)}</Table.Td>
                    <Table.Td w={40}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('offlinePacks.form.remove')}
                        onClick={() => choose(recipes.filter((x) => x.id !== r.id))}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Input.Wrapper>
      <RecipePicker
        opened={picking}
        onClose={() => setPicking(false)}
        productCode={form.values.productCode ?? ''}
        modelLabel={modelLabel}
        chosen={recipes}
        onChange={choose}
      />
    </FormPage>
  );
}
