import { DELIVERY_STATES, type Notice, type NoticeDelivery } from '@kb/contracts';
import { Alert, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { timeColumn } from '../../../components/record-columns.js';
import { DetailView } from '../../../components/detail-view.js';
import { ListPage } from '../../../components/list-page.js';
import { RecordState } from '../../../components/record-state.js';
import { useRecordId } from '../../../lib/page-context.js';
import { useLiveRefresh } from '../../../lib/live-events.js';
import { fetchDeliveries, noticeDetailQuery } from '../api/notice-detail.js';
import { NOTICES_KEY } from '../api/notices-key.js';
import { NoticeAckChart } from '../components/notice-ack-chart.js';
import { NoticeActions } from '../components/notice-actions.js';
import { formatTime, NoticeStateBadge, PushProgress } from '../components/notice-cells.js';

function Targets({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  const { targets } = notice;
  const names =
    targets.kind === 'regions'
      ? targets.regionNames
      : targets.kind === 'models'
        ? targets.productNames
        : targets.kind === 'users'
          ? [t('notices.form.listSummary', { name: targets.userFileName ?? '', known: targets.userCount })]
          : [];
  return (
    <Stack gap={4}>
      <Text size="sm">{t(`notices.target.${targets.kind}`)}</Text>
      {names.length > 0 && (
        <Text size="sm" c="dimmed">
          {names.join('、')}
        </Text>
      )}
      {targets.unknownCount > 0 && (
        <Text size="xs" c="orange" data-testid="unknown-accounts">
          {t('notices.form.unknownAccounts', {
            count: targets.unknownCount,
            accounts: targets.unknownAccounts.join(', '),
          })}
        </Text>
      )}
    </Stack>
  );
}

function Deliveries({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text fw={600}>{t('notices.detail.deliveries')}</Text>
      <ListPage<NoticeDelivery, { state: string | null }>
        queryKey={[...NOTICES_KEY, 'deliveries', id]}
        fetchPage={(q, signal) => fetchDeliveries({ ...q, id }, signal)}
        initialFilters={{ state: null }}
        filters={[
          {
            name: 'state',
            label: t('notices.fields.state'),
            kind: 'select',
            options: DELIVERY_STATES.map((s) => ({
              value: s,
              label: t(`notices.detail.deliveryState.${s}`),
            })),
          },
        ]}
        idAccessor="targetId"
        columns={[
          {
            accessor: 'targetName',
            title: t('notices.detail.target'),
            render: (d) => `${t(`notices.detail.targetType.${d.targetType}`)} ${d.targetName}`,
          },
          {
            accessor: 'state',
            title: t('notices.fields.state'),
            render: (d) => (
              <span data-testid="delivery-state">{t(`notices.detail.deliveryState.${d.state}`)}</span>
            ),
          },
          timeColumn('createdAt', t('notices.detail.deliveredAt'), true),
          timeColumn('receivedAt', t('notices.detail.receivedAt'), true),
          timeColumn('readAt', t('notices.detail.readAt'), true),
        ]}
      />
    </Stack>
  );
}

const COUNTS = [
  ['targetCount', 'notices.fields.targetCount'],
  ['receivedCount', 'notices.fields.received'],
  ['readCount', 'notices.fields.read'],
] as const;

/**
 * §2 /inform-detail?id=…: the notice, its recipients, its push (progress while it runs), received and read counts
 * rising as devices acknowledge, push health, the chart over time and the deliveries by state.
 */
export function InformDetailPage() {
  const { t } = useTranslation();
  const id = useRecordId();
  const detail = useQuery({ ...noticeDetailQuery(id ?? ''), enabled: !!id });
  // Push progress, state, counts and the chart follow the notice's changes as the event stream reports them.
  useLiveRefresh('notice', [...NOTICES_KEY, 'detail', id ?? ''], id ?? '');
  useLiveRefresh('notice', [...NOTICES_KEY, 'chart', id ?? ''], id ?? '');
  useLiveRefresh('notice', [...NOTICES_KEY, 'deliveries', id ?? ''], id ?? '');
  return (
    <RecordState id={id} query={detail}>
      {(notice) => (
        <Stack gap="md">
          <Paper withBorder p="md" radius="md">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600} data-testid="notice-title">{`${notice.number} · ${notice.title}`}</Text>
                  <NoticeStateBadge state={notice.state} />
                </Group>
                <NoticeActions notice={notice} exclude={['detail']} />
              </Stack>
              <Group gap="xl">
                <PushProgress notice={notice} />
                {COUNTS.map(([field, label]) => (
                  <Stack key={field} gap={0} align="center">
                    <Text size="xs" c="dimmed">
                      {t(label)}
                    </Text>
                    <Text fw={600} data-testid={`notice-${field}`}>
                      {notice[field]}
                    </Text>
                  </Stack>
                ))}
              </Group>
            </Group>
          </Paper>
          {notice.state === 'failed' && notice.failureCode && (
            <Alert color="red" data-testid="push-failed">
              <Text size="sm">
                {t('notices.detail.failed', {
                  reason: t(`notices.failure.${notice.failureCode}`),
                  at: formatTime(notice.failedAt),
                })}
              </Text>
              {notice.failureDetail && (
                <Text size="xs" c="dimmed" data-testid="push-failed-detail">
                  {t('notices.detail.failureDetail', { detail: notice.failureDetail })}
                </Text>
              )}
            </Alert>
          )}
          {notice.state === 'pushed' && (
            <Alert color={notice.overdueCount > 0 ? 'orange' : 'green'} data-testid="push-health">
              {notice.overdueCount > 0
                ? t('notices.detail.overdue', {
                    count: notice.overdueCount,
                    minutes: notice.overdueAfterMinutes,
                  })
                : t('notices.detail.healthy')}
            </Alert>
          )}
          <DetailView
            items={[
              { label: t('notices.fields.label'), value: notice.label },
              { label: t('notices.fields.pushMode'), value: t(`notices.pushMode.${notice.pushMode}`) },
              { label: t('notices.fields.pushAt'), value: formatTime(notice.pushAt) },
              { label: t('notices.fields.pushedAt'), value: formatTime(notice.pushedAt) },
              { label: t('notices.fields.targets'), value: <Targets notice={notice} />, wide: true },
              ...notice.texts.map((text) => ({
                label: <Badge variant="light">{text.lang}</Badge>,
                value: (
                  <Stack gap={2}>
                    <Text fw={500} size="sm">
                      {text.title}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {text.content}
                    </Text>
                  </Stack>
                ),
                wide: true,
              })),
              { label: t('notices.fields.createdBy'), value: notice.createdBy },
              { label: t('notices.fields.createdAt'), value: formatTime(notice.createdAt) },
            ]}
          />
          {(notice.state === 'pushing' || notice.state === 'pushed') && (
            <NoticeAckChart id={notice.id} state={notice.state} />
          )}
          {(notice.state === 'pushing' || notice.state === 'pushed' || notice.state === 'failed') && (
            <Deliveries id={notice.id} />
          )}
        </Stack>
      )}
    </RecordState>
  );
}
