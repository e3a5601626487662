import { DIFFICULTIES, RECIPE_TYPES } from '@kb/contracts';
import { Group, MultiSelect, NumberInput, Select, Switch, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accessoriesQuery, tagsQuery } from '../../api/recipe-editor.js';
import { useBrandModelOptions } from '../../../../lib/lookups.js';
import { useCategoryOptions } from '../../api/recipe-list.js';
import { numberProps, type RecipeForm } from './recipe-form.js';
import { FormSection } from '../../../../components/form-section.js';

/** §3 basics: type, number, difficulty, category, tags, models, accessories, times, head packages, flags. */
export function BasicsSection({ form }: { form: RecipeForm }) {
  const { t } = useTranslation();
  const values = form.getValues();
  const accessories = useQuery(accessoriesQuery).data ?? [];
  const tags = useQuery(tagsQuery(values.mainLang)).data ?? [];
  const categories = useCategoryOptions();
  const models = useBrandModelOptions();
  return (
    <FormSection title={t('recipes.editor.basics')}>
      <Group align="flex-start" gap="md" wrap="wrap">
        <Select
          label={t('recipes.fields.type')}
          data={RECIPE_TYPES.map((type) => ({ value: type, label: t(`recipes.type.${type}`) }))}
          {...form.getInputProps('type')}
          onChange={(v) => v && form.setFieldValue('type', v as (typeof RECIPE_TYPES)[number])}
          w={200}
          data-testid="field-type"
        />
        <TextInput
          label={t('recipes.fields.number')}
          {...form.getInputProps('number')}
          w={180}
          required
          data-testid="field-number"
        />
        <Select
          label={t('recipes.editor.difficulty')}
          data={DIFFICULTIES.map((d) => ({ value: d, label: t(`recipes.difficulty.${d}`) }))}
          {...form.getInputProps('difficulty')}
          clearable
          w={140}
          data-testid="field-difficulty"
        />
        <Select
          label={t('recipes.editor.category')}
          data={categories}
          {...form.getInputProps('categoryId')}
          clearable
          w={180}
        />
        <MultiSelect
          label={t('recipes.editor.tags')}
          data={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
          {...form.getInputProps('tagIds')}
          w={220}
        />
        <MultiSelect
          label={t('recipes.editor.models')}
          data={models}
          {...form.getInputProps('productCodes')}
          w={260}
          data-testid="field-models"
        />
        <MultiSelect
          label={t('recipes.editor.accessories')}
          data={accessories.map((a) => ({ value: a.id, label: a.name }))}
          {...form.getInputProps('accessoryIds')}
          w={220}
        />
        {(['prepMinutes', 'cookMinutes', 'restMinutes'] as const).map((field) => (
          <NumberInput
            key={field}
            label={t(`recipes.editor.${field}`)}
            {...numberProps(form, field)}
            min={0}
            w={150}
          />
        ))}
        <TagsInput
          label={t('recipes.editor.headPackages')}
          {...form.getInputProps('headPackageIds')}
          w={260}
        />
        <Switch
          mt={28}
          label={t('recipes.fields.online')}
          {...form.getInputProps('online', { type: 'checkbox' })}
        />
        <Switch
          mt={28}
          label={t('recipes.fields.paid')}
          {...form.getInputProps('paid', { type: 'checkbox' })}
        />
        <Switch
          mt={28}
          label={t('recipes.editor.showOnMachine')}
          {...form.getInputProps('showOnMachine', { type: 'checkbox' })}
        />
      </Group>
    </FormSection>
  );
}
