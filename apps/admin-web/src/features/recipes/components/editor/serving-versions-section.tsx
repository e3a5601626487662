import { Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { unitChoicesQuery } from '../../../../lib/lookups.js';
import { languageLabel } from '../../../../lib/labels.js';
import { currentLanguage } from '../../../../lib/language.js';
import { type WorkModeOption } from '../../api/recipe-editor.js';
import { numberProps, type RecipeForm } from './recipe-form.js';
import { AddItemButton, RemoveItemButton } from './list-item-buttons.js';
import { StepsSection } from './steps-section.js';

/** The ingredients of one serving version: names and notes per language, quantity and unit. */
function IngredientsOf({ form, version, langs }: { form: RecipeForm; version: number; langs: string[] }) {
  const { t } = useTranslation();
  const units = useQuery(unitChoicesQuery).data ?? [];
  const path = `servingVersions.${version}.ingredients`;
  const ingredients = form.getValues().servingVersions[version]?.ingredients ?? [];
  const perLanguage = (i: number, field: 'names' | 'descriptions', lang: string) => {
    const props = form.getInputProps(`${path}.${i}.${field}.${lang}`);
    return { ...props, value: (props.value as string | undefined) ?? '' };
  };
  return (
    <>
      <Text fw={500} size="sm">
        {t('recipes.editor.ingredients')}
      </Text>
      {ingredients.map((_, i) => (
        <Group key={i} align="flex-end" gap="xs" data-testid="ingredient">
          {langs.map((lang) => (
            <TextInput
              key={lang}
              label={t('recipes.editor.ingredientName', { lang: languageLabel(lang, currentLanguage()) })}
              {...perLanguage(i, 'names', lang)}
              w={160}
              data-testid={`ingredient-name-${lang}`}
            />
          ))}
          {langs.map((lang) => (
            <TextInput
              key={`d-${lang}`}
              label={t('recipes.editor.ingredientNote', { lang: languageLabel(lang, currentLanguage()) })}
              {...perLanguage(i, 'descriptions', lang)}
              w={160}
            />
          ))}
          <NumberInput
            label={t('recipes.editor.quantity')}
            {...numberProps(form, `${path}.${i}.quantity`)}
            min={0}
            w={100}
            data-testid="ingredient-quantity"
          />
          <Select
            label={t('recipes.editor.unit')}
            data={units.map((u) => ({ value: u.id, label: u.name }))}
            {...form.getInputProps(`${path}.${i}.unitId`)}
            clearable
            w={120}
            data-testid="ingredient-unit"
          />
          <RemoveItemButton form={form} path={path} index={i} label={t('recipes.editor.remove')} />
        </Group>
      ))}
      <AddItemButton
        form={form}
        path={path}
        item={() => ({ names: {}, quantity: null, unitId: null, descriptions: {} })}
        label={t('recipes.editor.addIngredient')}
        testId="add-ingredient"
      />
    </>
  );
}

/** §3 serving versions: per portion count its ingredients and steps. */
export function ServingVersionsSection({
  form,
  modes,
  langs,
}: {
  form: RecipeForm;
  modes: WorkModeOption[];
  langs: string[];
}) {
  const { t } = useTranslation();
  const versions = form.getValues().servingVersions;
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={5}>{t('recipes.editor.servingVersions')}</Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() =>
            form.insertListItem('servingVersions', {
              servings: Math.max(0, ...versions.map((v) => v.servings)) + 1,
              ingredients: [],
              steps: [],
            })
          }
          data-testid="add-version"
        >
          {t('recipes.editor.addVersion')}
        </Button>
      </Group>
      <Stack gap="md">
        {versions.map((version, v) => (
          <Paper key={v} withBorder p="sm" radius="sm" data-testid="version">
            <Stack gap="sm">
              <Group justify="space-between">
                <NumberInput
                  label={t('recipes.editor.servings')}
                  {...form.getInputProps(`servingVersions.${v}.servings`)}
                  value={version.servings}
                  onChange={(value) =>
                    form.setFieldValue(`servingVersions.${v}.servings`, Number(value) || 1)
                  }
                  min={1}
                  max={99}
                  w={120}
                  data-testid="version-servings"
                />
                <RemoveItemButton
                  form={form}
                  path="servingVersions"
                  index={v}
                  label={t('recipes.editor.removeVersion')}
                />
              </Group>
              <IngredientsOf form={form} version={v} langs={langs} />
              <StepsSection form={form} version={v} modes={modes} langs={langs} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}
