import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../lib/use-can.js';
import { pushHealthQuery } from '../api/notice-detail.js';
import { formatTime } from './notice-cells.js';

/** Re-read every ten seconds (the home page stays open): a failure shows up without a reload. */
const HEALTH_REFRESH_MS = 10_000;

function Figure({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: string;
  color?: string;
  testId: string;
}) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} c={color} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The home page's push health for the roles that write or push notices: pushes running, failed pushes (each can
 * be pushed again from the notice list), deliveries of recent pushes still not received after the limit, and the
 * last push. Red or orange when something needs a look.
 */
export function PushHealthCard() {
  const { t } = useTranslation();
  const can = usePermissions();
  const allowed = can('notice.edit') || can('notice.push');
  const health = useQuery({
    ...pushHealthQuery,
    enabled: allowed,
    refetchInterval: HEALTH_REFRESH_MS,
  });
  if (!allowed || !health.data) return null;
  const h = health.data;
  return (
    <Paper withBorder p="md" radius="md" data-testid="push-health-card">
      <Group justify="space-between" mb="xs">
        <Text fw={600}>{t('notices.health.title')}</Text>
        <Anchor component={Link} to="/inform-list" size="sm" data-testid="health-open-list">
          {t('notices.actions.detail')}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Figure label={t('notices.health.pushing')} value={String(h.pushing)} testId="health-pushing" />
        <Figure
          label={t('notices.health.failed')}
          value={String(h.failed)}
          color={h.failed > 0 ? 'red' : undefined}
          testId="health-failed"
        />
        <Figure
          label={t('notices.health.overdue', { minutes: h.overdueAfterMinutes })}
          value={String(h.overdue)}
          color={h.overdue > 0 ? 'orange' : undefined}
          testId="health-overdue"
        />
        <Figure
          label={t('notices.health.lastPushed')}
          value={h.lastPushedAt ? formatTime(h.lastPushedAt) : t('notices.health.never')}
          testId="health-last-pushed"
        />
      </SimpleGrid>
    </Paper>
  );
}
