import type { AuditNames } from '@kb/contracts';
import { Image, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailView, type DetailItem } from '../../../components/detail-view.js';
import type { RecipeAuditState } from '../../../components/history/audit-states.js';
import { languageLabel, workModeLabel } from '../../../lib/labels.js';
import { isUiLang } from '../../../lib/language.js';
import { fileUrl, type RecipeDetail, type RecipeContentView } from '../api/recipe-detail.js';
import { StatusBadge, YesNo } from './recipe-cells.js';

/** Names of units, tags, accessories (by id) and models (by code), from the detail or as of a history event. */
type RecipeLabels = Pick<RecipeDetail['labels'], 'units' | 'tags' | 'accessories' | 'models'>;

function ServingVersions({ content, labels }: { content: RecipeContentView; labels: RecipeLabels }) {
  const { t, i18n } = useTranslation();
  const ui = isUiLang(i18n.language) ? i18n.language : 'zh';
  const lang = content.mainLang;
  return (
    <Stack gap="md">
      {content.servingVersions.map((version) => (
        <Paper key={version.servings} withBorder p="md" radius="md" data-testid="serving-version">
          <Title order={5} mb="xs">
            {t('recipes.detail.servingsOf', { count: version.servings })}
          </Title>
          <Text size="sm" fw={500}>
            {t('recipes.detail.ingredients')}
          </Text>
          <Table mb="sm">
            <Table.Tbody>
              {version.ingredients.map((ingredient, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{ingredient.names[lang] ?? Object.values(ingredient.names)[0] ?? ''}</Table.Td>
                  <Table.Td data-testid="detail-ingredient-amount">
                    {[ingredient.quantity, ingredient.unitId ? labels.units[ingredient.unitId] : null]
                      .filter((part) => part !== null && part !== undefined && part !== '')
                      .join(' ')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm" fw={500}>
            {t('recipes.detail.steps')}
          </Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t('recipes.detail.workMode')}</Table.Th>
                <Table.Th>{t('recipes.detail.settings')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {version.steps.map((step) => (
                <Table.Tr key={step.number} data-testid="detail-step">
                  <Table.Td>{step.number}</Table.Td>
                  <Table.Td data-testid="detail-step-mode">{workModeLabel(step.workMode, ui)}</Table.Td>
                  <Table.Td>
                    {[
                      step.temperature !== null ? `${step.temperature}°C` : null,
                      step.speed !== null ? t('recipes.detail.speed', { value: step.speed }) : null,
                      step.minutes !== null || step.seconds !== null
                        ? `${String(step.minutes ?? 0).padStart(2, '0')}:${String(step.seconds ?? 0).padStart(2, '0')}`
                        : null,
                      step.rotation
                        ? t(`recipes.editor.${step.rotation}`, { defaultValue: step.rotation })
                        : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Table.Td>
                  <Table.Td>{step.descriptions[lang] ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}

/** The recipe as of an event of its stream, in the info tab's layout. */
export function RecipeStateAsOf({ state, names }: { state: RecipeAuditState; names: AuditNames }) {
  const { t } = useTranslation();
  return (
    <RecipeInfo
      content={state.content}
      labels={names}
      categoryName={
        state.content.categoryId
          ? (names.categories[state.content.categoryId] ?? state.content.categoryId)
          : null
      }
      statusItems={[
        {
          label: t('recipes.fields.status'),
          value: <StatusBadge status={state.status} />,
          testId: 'state-status',
        },
        { label: t('recipes.fields.version'), value: state.version, testId: 'state-version' },
      ]}
      moreItems={[
        { label: t('recipes.fields.online'), value: <YesNo value={state.content.online} /> },
        { label: t('recipes.fields.paid'), value: <YesNo value={state.content.paid} /> },
      ]}
      testIdPrefix="state"
    />
  );
}

/** Names of referenced records, or what was stored when one no longer exists. */
const namesOf = (ids: string[], names: Record<string, string>) => ids.map((id) => names[id] ?? id).join('、');

/**
 * The recipe's fields and serving versions as the info tab shows them; the History tab shows the state as of an
 * event in this same layout.
 */
export function RecipeInfo({
  content,
  labels,
  categoryName,
  statusItems,
  moreItems = [],
  testIdPrefix = 'detail',
}: {
  content: RecipeContentView;
  labels: RecipeLabels;
  categoryName: string | null;
  statusItems: DetailItem[];
  moreItems?: DetailItem[];
  testIdPrefix?: string;
}) {
  const { t, i18n } = useTranslation();
  const ui = isUiLang(i18n.language) ? i18n.language : 'zh';
  const minutes = [content.prepMinutes, content.cookMinutes, content.restMinutes]
    .map((m) => m ?? '–')
    .join(' / ');
  return (
    <Stack gap="md">
      <DetailView
        items={[
          { label: t('recipes.fields.number'), value: content.number, testId: `${testIdPrefix}-number` },
          ...content.langs.map((lang) => ({
            label: t('recipes.detail.nameIn', { lang: languageLabel(lang, ui) }),
            value: content.texts[lang]?.name,
            testId: `${testIdPrefix}-name-${lang}`,
          })),
          {
            label: t('recipes.detail.mainLang'),
            value: languageLabel(content.mainLang, ui),
            testId: `${testIdPrefix}-main-lang`,
          },
          {
            label: t('recipes.fields.type'),
            value: t(`recipes.type.${content.type}`, { defaultValue: content.type }),
          },
          ...statusItems,
          { label: t('recipes.fields.category'), value: categoryName, testId: `${testIdPrefix}-category` },
          {
            label: t('recipes.detail.difficulty'),
            value: content.difficulty
              ? t(`recipes.difficulty.${content.difficulty}`, { defaultValue: content.difficulty })
              : null,
          },
          { label: t('recipes.detail.times'), value: minutes },
          {
            label: t('recipes.detail.models'),
            value: namesOf(content.productCodes, labels.models),
            testId: `${testIdPrefix}-models`,
          },
          {
            label: t('recipes.editor.tags'),
            value: namesOf(content.tagIds, labels.tags),
            testId: `${testIdPrefix}-tags`,
          },
          {
            label: t('recipes.editor.accessories'),
            value: namesOf(content.accessoryIds, labels.accessories),
            testId: `${testIdPrefix}-accessories`,
          },
          {
            label: t('recipes.editor.headPackages'),
            value: (content.headPackageIds ?? []).join('、'),
            testId: `${testIdPrefix}-head-packages`,
          },
          ...moreItems,
          {
            label: t('recipes.detail.picture'),
            value: content.pictureFileCode ? (
              <Image src={fileUrl(content.pictureFileCode)} w={160} h={120} fit="cover" radius="sm" />
            ) : null,
            wide: true,
          },
        ]}
      />
      <ServingVersions content={content} labels={labels} />
    </Stack>
  );
}
