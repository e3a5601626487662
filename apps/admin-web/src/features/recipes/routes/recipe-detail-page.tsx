import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconDeviceMobile, IconMessagePlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Can } from '../../../components/can.js';
import { AuditHistory } from '../../../components/history/audit-history.js';
import type { RecipeAuditState } from '../../../components/history/audit-states.js';
import { RecordState } from '../../../components/record-state.js';
import { recipeDetailQuery, type RecipeDetail } from '../api/recipe-detail.js';
import { formatTime, StatusBadge, YesNo } from '../components/recipe-cells.js';
import { RecipeInfo, RecipeStateAsOf } from '../components/recipe-info.js';
import { RecipeComments, RecipeStatisticsBar } from '../components/recipe-reviews.js';
import { useRecordId } from '../../../lib/page-context.js';

function History({ id }: { id: string }) {
  return (
    <AuditHistory<RecipeAuditState>
      kind="recipe"
      id={id}
      renderState={(state, names) => <RecipeStateAsOf state={state} names={names} />}
    />
  );
}

/** §2 /recipe-detail?id=…: one recipe read-only, with the History tab for auditors. */
export function RecipeDetailPage() {
  const id = useRecordId();
  const detail = useQuery({ ...recipeDetailQuery(id ?? ''), enabled: !!id });
  return (
    <RecordState id={id} query={detail}>
      {(recipe) => <RecipeDetailView id={recipe.id} recipe={recipe} />}
    </RecordState>
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
      <Tabs defaultValue="info" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="info">{t('recipes.detail.tabInfo')}</Tabs.Tab>
          <Tabs.Tab value="comments" data-testid="tab-comments">
            {t('recipes.reviews.comments')}
          </Tabs.Tab>
          <Tabs.Tab value="history" data-testid="tab-history">
            {t('recipes.detail.tabHistory')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
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
        </Tabs.Panel>
        <Tabs.Panel value="comments" pt="md">
          <RecipeComments recipeId={id} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <History id={id} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
