import { Button, Group, Stack, Title } from '@mantine/core';
import { IconDeviceMobile, IconMessagePlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can.js';
import { DetailTabs } from '../../../components/detail-tabs.js';
import { AuditHistory } from '../../../components/history/audit-history.js';
import type { RecipeAuditState } from '../../../components/history/audit-states.js';
import { RecordLoader } from '../../../components/record-state.js';
import { recipeDetailQuery, type RecipeDetail } from '../api/recipe-detail.js';
import { StatusBadge, YesNo } from '../components/recipe-cells.js';
import { formatTime } from '../../../lib/format.js';
import { RecipeInfo, RecipeStateAsOf } from '../components/recipe-info.js';
import { RecipeComments, RecipeStatisticsBar } from '../components/recipe-reviews.js';

/** §2 /recipe-detail?id=…: one recipe read-only, with the History tab for auditors. */
export function RecipeDetailPage() {
  return (
    <RecordLoader query={recipeDetailQuery}>
      {(recipe) => <RecipeDetailView id={recipe.id} recipe={recipe} />}
    </RecordLoader>
  );
}

function RecipeDetailView({ id, recipe }: { id: string; recipe: RecipeDetail }) {
  const { t, i18n } = useTranslation();
  const labels = recipe.labels;
  const navigate = useNavigate();
  const content = recipe.content;
  // The recipe's name in the reader's language when it has one, else in its main language.
  const name = content.texts[i18n.language]?.name || content.texts[content.mainLang]?.name || '';
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={4} data-testid="detail-recipe-name">
          {[content.number, name].filter(Boolean).join(' ')}
        </Title>
        <Group gap="xs">
          <Can permission="review.add">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMessagePlus size={14} />}
              onClick={() =>
                void navigate({ href: `/user-evaluation-add?recipeId=${encodeURIComponent(id)}` })
              }
              data-testid="add-review"
            >
              {t('recipes.reviews.add')}
            </Button>
          </Can>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDeviceMobile size={14} />}
            onClick={() => void navigate({ to: '/preview-detail', search: { id } })}
            data-testid="open-preview"
          >
            {t('recipes.detail.preview')}
          </Button>
        </Group>
      </Group>
      <DetailTabs
        tabs={[
          {
            value: 'info',
            label: t('recipes.detail.tabInfo'),
            panel: (
              <Stack gap="md">
                <RecipeStatisticsBar recipeId={id} />
                <RecipeInfo
                  content={content}
                  labels={labels}
                  categoryName={recipe.categoryName}
                  statusItems={[
                    {
                      label: t('recipes.fields.status'),
                      value: <StatusBadge status={recipe.status} />,
                      testId: 'detail-status',
                    },
                    { label: t('recipes.fields.version'), value: recipe.version, testId: 'detail-version' },
                  ]}
                  moreItems={[
                    { label: t('recipes.fields.online'), value: <YesNo value={recipe.online} /> },
                    { label: t('recipes.fields.paid'), value: <YesNo value={recipe.paid} /> },
                    { label: t('recipes.detail.createdAt'), value: formatTime(recipe.createdAt) },
                    { label: t('recipes.detail.releasedAt'), value: formatTime(recipe.releasedAt) },
                  ]}
                />
              </Stack>
            ),
          },
          {
            value: 'comments',
            label: t('recipes.reviews.comments'),
            testId: 'tab-comments',
            panel: <RecipeComments recipeId={id} />,
          },
          {
            value: 'history',
            label: t('recipes.detail.tabHistory'),
            testId: 'tab-history',
            panel: (
              <AuditHistory<RecipeAuditState>
                kind="recipe"
                id={id}
                renderState={(state, names) => <RecipeStateAsOf state={state} names={names} />}
              />
            ),
          },
        ]}
      />
    </Stack>
  );
}
