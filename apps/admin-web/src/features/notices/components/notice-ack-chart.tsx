import '@mantine/charts/styles.layer.css';
import type { NoticeState } from '@kb/contracts';
import { LineChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { noticeChartQuery } from '../api/notice-detail.js';

/** Received and read devices over time (running totals per minute since the push). */
export function NoticeAckChart({ id, state }: { id: string; state: NoticeState }) {
  const { t } = useTranslation();
  const { data } = useQuery(noticeChartQuery(id, state));
  const points = (data ?? []).map((p) => ({
    at: dayjs(p.at).format('MM-DD HH:mm'),
    received: p.receivedTotal,
    read: p.readTotal,
  }));
  return (
    <Paper withBorder p="md" radius="md" data-testid="ack-chart">
      <Text fw={600} mb="sm">
        {t('notices.detail.chart')}
      </Text>
      {points.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('notices.detail.noAcks')}
        </Text>
      ) : (
        <LineChart
          h={220}
          data={points}
          dataKey="at"
          withLegend
          series={[
            { name: 'received', label: t('notices.fields.received'), color: 'blue.6' },
            { name: 'read', label: t('notices.fields.read'), color: 'green.6' },
          ]}
        />
      )}
    </Paper>
  );
}
