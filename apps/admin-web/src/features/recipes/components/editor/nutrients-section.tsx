import { Button, Group, NumberInput, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecipeForm } from './recipe-form.js';

/** §3 nutrients: name, amount and unit. */
export function NutrientsSection({ form }: { form: RecipeForm }) {
  const { t } = useTranslation();
  const nutrients = form.getValues().nutrients;
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={5} mb="sm">
        {t('recipes.editor.nutrients')}
      </Title>
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
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => form.removeListItem('nutrients', i)}
            >
              {t('recipes.editor.remove')}
            </Button>
          </Group>
        ))}
        <Group>
          <Button
            size="xs"
            variant="default"
            onClick={() => form.insertListItem('nutrients', { name: '', amount: 0, unit: '' })}
          >
            {t('recipes.editor.addNutrient')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
