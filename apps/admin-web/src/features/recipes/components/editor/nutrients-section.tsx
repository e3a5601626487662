import { Group, NumberInput, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddItemButton, RemoveItemButton } from './list-item-buttons.js';
import type { RecipeForm } from './recipe-form.js';
import { FormSection } from '../../../../components/form-section.js';

/** §3 nutrients: name, amount and unit. */
export function NutrientsSection({ form }: { form: RecipeForm }) {
  const { t } = useTranslation();
  const nutrients = form.getValues().nutrients;
  return (
    <FormSection title={t('recipes.editor.nutrients')}>
      <Stack gap="xs">
        {nutrients.map((nutrient, i) => (
          <Group key={i} align="flex-end" gap="xs">
            <TextInput
              label={t('recipes.editor.nutrientName')}
              {...form.getInputProps(`nutrients.${i}.name`)}
              w={160}
            />
            <NumberInput
              label={t('recipes.editor.amount')}
              {...form.getInputProps(`nutrients.${i}.amount`)}
              value={nutrient.amount}
              onChange={(value) => form.setFieldValue(`nutrients.${i}.amount`, Number(value) || 0)}
              min={0}
              w={110}
            />
            <TextInput
              label={t('recipes.editor.unit')}
              {...form.getInputProps(`nutrients.${i}.unit`)}
              w={90}
            />
            <RemoveItemButton form={form} path="nutrients" index={i} label={t('recipes.editor.remove')} />
          </Group>
        ))}
        <AddItemButton
          form={form}
          path="nutrients"
          item={() => ({ name: '', amount: 0, unit: '' })}
          label={t('recipes.editor.addNutrient')}
        />
      </Stack>
    </FormSection>
  );
}
