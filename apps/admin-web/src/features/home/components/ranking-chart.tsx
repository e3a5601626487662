import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Center, Paper, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface RankingRow {
  /** The record's number, which tells apart two records of one name. */
  number: string;
  name: string;
  count: number;
}

/** A ranking as horizontal bars, most popular on top (top 10). */
export function RankingChart({
  title,
  rows,
  loading,
  color,
  testId,
}: {
  title: string;
  rows: RankingRow[] | undefined;
  loading: boolean;
  color: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const data = (rows ?? []).slice(0, 10).map((r) => ({ label: `${r.number} · ${r.name}`, count: r.count }));
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={5} mb="md">
        {title}
      </Title>
      {loading ? (
        <Skeleton height={280} />
      ) : data.length === 0 ? (
        <Center h={280}>
          <Text c="dimmed" size="sm" data-testid={`${testId}-empty`}>
            {t('home.rankingEmpty')}
          </Text>
        </Center>
      ) : (
        <BarChart
          h={Math.max(200, data.length * 36)}
          data={data}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'count', label: t('home.rankingSeries'), color }]}
          // Counts are whole numbers: no "0.5" ticks on the count axis.
          xAxisProps={{ allowDecimals: false }}
          yAxisProps={{ width: 180 }}
          gridAxis="x"
          withBarValueLabel
        />
      )}
    </Paper>
  );
}
