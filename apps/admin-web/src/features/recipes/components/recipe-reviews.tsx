import { Group, Loader, Paper, Rating, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGER_DEFAULT_SIZE } from '../../../components/pager-logic.js';
import { Pager } from '../../../components/pager.js';
import { recipeCommentsQuery, recipeStatisticsQuery } from '../api/recipe-reviews.js';
import { formatTime } from '../../../lib/format.js';

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0} align="center" miw={120}>
      <Text size="xl" fw={600} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** §3 recipe statistics: collection count (app favourites), cook count, rater count, overall score (reviews). */
export function RecipeStatisticsBar({ recipeId }: { recipeId: string }) {
  const { t } = useTranslation();
  const stats = useQuery(recipeStatisticsQuery(recipeId));
  if (!stats.data) return <Loader size="xs" />;
  const { collectionCount, raterCount, overallScore, cookCount } = stats.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="recipe-statistics">
      <Group gap="xl" justify="space-around">
        <Figure
          label={t('recipes.reviews.collectionCount')}
          value={collectionCount}
          testId="stat-collections"
        />
        <Figure label={t('recipes.reviews.cookCount')} value={cookCount} testId="stat-cooks" />
        <Figure label={t('recipes.reviews.raterCount')} value={raterCount} testId="stat-raters" />
        <Stack gap={2} align="center" miw={120}>
          <Text size="xl" fw={600} data-testid="stat-score">
            {overallScore ?? t('recipes.reviews.noScore')}
          </Text>
          {overallScore !== null && <Rating value={overallScore} fractions={10} readOnly size="sm" />}
          <Text size="xs" c="dimmed">
            {t('recipes.reviews.overallScore')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** §3 recipe comments: user, 1–5 stars, content and time, newest first, with the shared pager. */
export function RecipeComments({ recipeId }: { recipeId: string }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: PAGER_DEFAULT_SIZE });
  const comments = useQuery({
    ...recipeCommentsQuery(recipeId, paging.pageNum, paging.pageSize),
    placeholderData: keepPreviousData,
  });
  if (!comments.data) return <Loader size="sm" />;
  return (
    <Stack gap="sm">
      {comments.data.list.length === 0 && (
        <Text c="dimmed" size="sm" data-testid="no-comments">
          {t('recipes.reviews.noComments')}
        </Text>
      )}
      {comments.data.list.map((c) => (
        <Paper key={c.id} withBorder p="sm" radius="md" data-testid="recipe-comment">
          <Group justify="space-between" wrap="nowrap">
            <Group gap="sm">
              <Text fw={500} size="sm" data-testid="comment-user">
                {c.userNickname || c.userAccount}
              </Text>
              <Rating value={c.score} readOnly size="xs" data-testid="comment-score" data-score={c.score} />
            </Group>
            <Text size="xs" c="dimmed">
              {formatTime(c.evaluatedAt)} · {t('recipes.reviews.sn', { sn: c.sn })}
            </Text>
          </Group>
          {c.content && (
            <Text size="sm" mt={4} data-testid="comment-content">
              {c.content}
            </Text>
          )}
        </Paper>
      ))}
      <Pager
        total={comments.data.total}
        pageNum={paging.pageNum}
        pageSize={paging.pageSize}
        onChange={(pageNum, pageSize) => setPaging({ pageNum, pageSize })}
      />
    </Stack>
  );
}
