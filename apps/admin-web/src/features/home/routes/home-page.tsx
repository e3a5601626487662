import { Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { RANKING_PERIODS } from '@kb/contracts';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useStoredUser } from '../../../lib/use-stored-user.js';
import { useRanking } from '../api/rankings.js';
import { useIndexCount } from '../api/get-index-count.js';
import { CountCards } from '../components/count-cards.js';

// The charts library is the console's largest download: the counts show without waiting for it.
const RankingChart = lazy(() =>
  import('../components/ranking-chart.js').then((m) => ({ default: m.RankingChart })),
);

/**
 * The home dashboard; the app puts in other features' `notices` (above the counts) and `cards` (under them).
 */
export function HomePage({ notices, cards }: { notices?: ReactNode; cards?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const user = useStoredUser();
  const counts = useIndexCount();
  // The rankings count cooking over a chosen period (days; 0: all time).
  const [days, setDays] = useState(30);
  const recipes = useRanking('recipe', days);
  const categories = useRanking('category', days);
  // Re-read on a language switch so the date is drawn in the new locale.
  const today = dayjs()
    .locale(i18n.language === 'zh' ? 'zh-cn' : 'en')
    .format('LL dddd');
  return (
    <Stack gap="lg">
      <div>
        <Title order={3}>{t('home.greeting', { name: user?.name ?? user?.account ?? '' })}</Title>
        <Text c="dimmed" size="sm" data-testid="home-today">
          {t('home.today', { date: today })}
        </Text>
      </div>
      {notices}
      <CountCards counts={counts.data} loading={counts.isPending} />
      {cards}
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {t('home.rankingPeriod')}
        </Text>
        <SegmentedControl
          size="xs"
          value={String(days)}
          onChange={(v) => setDays(Number(v))}
          data={RANKING_PERIODS.map((d) => ({
            value: String(d),
            label: d ? t('home.lastDays', { count: d }) : t('home.allTime'),
          }))}
          data-testid="ranking-period"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Suspense fallback={<Skeleton height={320} radius="md" />}>
          <RankingChart
            title={t('home.recipeRanking')}
            rows={recipes.data?.map((r) => ({ number: r.recipeNumber, name: r.recipeName, count: r.count }))}
            loading={recipes.isPending}
            color="red.6"
            testId="recipe-ranking"
          />
        </Suspense>
        <Suspense fallback={<Skeleton height={320} radius="md" />}>
          <RankingChart
            title={t('home.categoryRanking')}
            rows={categories.data?.map((c) => ({
              number: c.categoryNumber,
              name: c.categoryName,
              count: c.count,
            }))}
            loading={categories.isPending}
            color="orange.6"
            testId="category-ranking"
          />
        </Suspense>
      </SimpleGrid>
    </Stack>
  );
}
