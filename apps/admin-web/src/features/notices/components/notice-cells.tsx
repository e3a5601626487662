import type { Notice, NoticeListItem, NoticeState } from '@kb/contracts';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { noticeRowQuery } from '../api/notice-detail.js';

const STATE_COLORS: Record<NoticeState, string> = {
  draft: 'gray',
  scheduled: 'blue',
  pushing: 'orange',
  pushed: 'green',
  cancelled: 'dark',
  failed: 'red',
};

export const formatTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '';

export function NoticeStateBadge({ state }: { state: NoticeState }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATE_COLORS[state]} variant="light" data-testid="notice-state">
      {t(`notices.state.${state}`)}
    </Badge>
  );
}

/** The push's progress bar while it runs, then how many targets it reached. */
export function PushProgress({ notice }: { notice: Pick<Notice, 'state' | 'progress' | 'targetCount'> }) {
  if (notice.state !== 'pushing') return null;
  return (
    <Stack gap={2} miw={120}>
      <Progress value={notice.progress} size="sm" animated data-testid="push-progress" />
      <Text size="xs" c="dimmed">{`${notice.progress}% · ${notice.targetCount}`}</Text>
    </Stack>
  );
}

/**
 * A list row's live part: state, progress and received/read counts, asked again when the event stream says the
 * notice changed (the list page listens once for all its rows, `useLiveRefreshEach`), so they rise on screen.
 */
export function useLiveRow(row: NoticeListItem) {
  const { data } = useQuery(noticeRowQuery(row.id, row as unknown as Notice));
  return data ?? (row as unknown as Notice);
}

export function LiveState({ row }: { row: NoticeListItem }) {
  const live = useLiveRow(row);
  return (
    <Group gap="xs" wrap="nowrap">
      <NoticeStateBadge state={live.state} />
      <PushProgress notice={live} />
    </Group>
  );
}

export function LiveCount({ row, field }: { row: NoticeListItem; field: 'receivedCount' | 'readCount' }) {
  const live = useLiveRow(row);
  return <span data-testid={`notice-${field}`}>{live[field]}</span>;
}
