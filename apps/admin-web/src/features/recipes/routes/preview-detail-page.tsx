import {
  Alert,
  Badge,
  Card,
  Center,
  Group,
  Image,
  Loader,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { withConsoleTexts } from '../../../app/i18n/i18n.js';
import { fileUrl, recipePreviewQuery } from '../api/recipe-detail.js';
import { languageLabel } from '../../../lib/labels.js';
import { isUiLang } from '../../../lib/language.js';
import { useRecordId, useRecordTitle } from '../../../lib/page-context.js';

/** An amount and its unit, as the device writes them. */
const withUnit = (amount: number | string, unit: string) =>
  [amount, unit].filter((part) => part !== '').join(' ');

/** A table of the device's screen: each row a name and its amount. */
function AmountTable({ rows, testId }: { rows: { name: string; amount: string }[]; testId: string }) {
  return (
    <Table c="white">
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={i} data-testid={testId}>
            <Table.Td>{row.name}</Table.Td>
            <Table.Td>{row.amount}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * §2 /preview-detail?id=…: the recipe as the appliance's screen shows it (`simulatRecipeDetail`), step by step,
 * in a chosen language and serving size. It opens in the user's language when the recipe has it (else the
 * recipe's main language), and the screen's own words follow the language shown, so the screen reads in one
 * language, with each quantity's unit.
 */
export function PreviewDetailPage() {
  const { t, i18n } = useTranslation();
  const ui = isUiLang(i18n.language) ? i18n.language : 'zh';
  const id = useRecordId();
  const [lang, setLang] = useState<string | null>(null);
  const [servings, setServings] = useState<number | null>(null);
  const preview = useQuery({
    ...recipePreviewQuery(id ?? '', lang ?? ui, servings),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });
  // The device's words: Chinese for a Chinese screen, English for every other language; their strings may not be
  // loaded yet when the console runs in the other language.
  const deviceLang = preview.data && /^zh($|-)/.test(preview.data.lang) ? 'zh' : 'en';
  const deviceTexts = useQuery({
    queryKey: ['console-texts', deviceLang],
    // Nothing else to load beside them: resolves once they are in i18next (`getFixedT` then has them).
    queryFn: withConsoleTexts(
      async () => true,
      () => deviceLang,
    ),
    enabled: !!preview.data,
    staleTime: Infinity,
  });
  // What the screen shows: a preview whose screen language's strings are loaded. While another language's strings
  // load, it stays as it was (rather than a loader blinking in over the whole page).
  const [shown, setShown] = useState<{ recipe: NonNullable<typeof preview.data>; deviceLang: 'zh' | 'en' }>();
  if (preview.data && deviceTexts.data && (shown?.recipe !== preview.data || shown.deviceLang !== deviceLang))
    setShown({ recipe: preview.data, deviceLang });
  useRecordTitle(preview.data?.number);
  if (!id || preview.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} data-testid="record-load-failed">
        {preview.error?.message ?? ''}
      </Alert>
    );
  if (deviceTexts.isError)
    return (
      <Alert color="red" icon={<IconAlertCircle />} data-testid="record-load-failed">
        {deviceTexts.error.message}
      </Alert>
    );
  if (!shown)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  const { recipe } = shown;
  const device = i18n.getFixedT(shown.deviceLang);
  return (
    <Stack gap="md" maw={720}>
      <Group gap="md">
        <Select
          label={t('recipes.preview.language')}
          data={recipe.langs.map((code) => ({ value: code, label: languageLabel(code, ui) }))}
          value={recipe.lang}
          onChange={(value) => value && setLang(value)}
          w={140}
          data-testid="preview-lang"
        />
        <Select
          label={t('recipes.preview.servings')}
          data={recipe.servingOptions.map((n) => ({
            value: String(n),
            label: t('recipes.detail.servingsOf', { count: n }),
          }))}
          value={recipe.servings === null ? null : String(recipe.servings)}
          onChange={(value) => value && setServings(Number(value))}
          w={160}
          data-testid="preview-servings"
        />
      </Group>
      <Paper withBorder radius="lg" p="lg" bg="dark.7" c="white" data-testid="device-screen">
        <Stack gap="sm">
          {recipe.pictureFileCode && (
            <Image src={fileUrl(recipe.pictureFileCode)} h={180} fit="cover" radius="md" />
          )}
          <Title order={3} data-testid="preview-name">
            {recipe.name}
          </Title>
          {recipe.description && <Text size="sm">{recipe.description}</Text>}
          <Title order={5}>{device('recipes.preview.ingredients')}</Title>
          <AmountTable
            testId="preview-ingredient"
            rows={recipe.ingredients.map((ingredient) => ({
              name: ingredient.name,
              amount:
                ingredient.quantity === null
                  ? device('recipes.preview.toTaste')
                  : withUnit(ingredient.quantity, ingredient.unit),
            }))}
          />
          {recipe.nutrients.length > 0 && (
            <>
              <Title order={5}>{device('recipes.preview.nutrients')}</Title>
              <AmountTable
                testId="preview-nutrient"
                rows={recipe.nutrients.map((n) => ({ name: n.name, amount: withUnit(n.amount, n.unit) }))}
              />
            </>
          )}
          <Title order={5}>{device('recipes.preview.steps')}</Title>
          {recipe.steps.map((step) => (
            <Card key={step.number} radius="md" withBorder data-testid="preview-step">
              <Group justify="space-between">
                <Text fw={600}>{device('recipes.detail.stepNo', { number: step.number })}</Text>
                {step.modeName && <Badge>{step.modeName}</Badge>}
              </Group>
              {step.settings && (
                <Text size="sm" c="dimmed" data-testid="preview-step-settings">
                  {step.settings}
                </Text>
              )}
              <Text size="sm">{step.description}</Text>
              {step.autoStart && (
                <Text size="xs" c="teal">
                  {device('recipes.preview.autoStart')}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
