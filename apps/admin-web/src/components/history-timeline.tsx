import { Badge, Button, Paper, Text, Timeline } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface HistoryEntry {
  id: string;
  /** ISO time of the event. */
  at: string;
  actor: string;
  /** What happened, in the user's language (e.g. "Submitted for release"). */
  title: ReactNode;
  /** What changed (a diff, a list of fields). */
  changes?: ReactNode;
  /** A reason given with the event, e.g. why an APK was returned. */
  reason?: string | null;
  /** A status badge after the event. */
  status?: ReactNode;
}

/**
 * An event-sourced record's history for auditors: who did what and when, newest first as given, with the
 * changes and reasons; choosing an entry asks the screen to show the record's state as of that event.
 */
export function HistoryTimeline({
  entries,
  selectedId,
  onSelect,
}: {
  entries: HistoryEntry[];
  selectedId?: string | null;
  onSelect?: (entry: HistoryEntry) => void;
}) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="history-empty">
        {t('components.historyEmpty')}
      </Text>
    );
  }
  const locale = i18n.language === 'zh' ? 'zh-cn' : 'en';
  const active = Math.max(
    0,
    entries.findIndex((e) => e.id === selectedId),
  );
  return (
    <Timeline active={selectedId ? active : -1} bulletSize={20} lineWidth={2} data-testid="history">
      {entries.map((entry) => (
        <Timeline.Item
          key={entry.id}
          bullet={<IconPoint size={12} />}
          title={entry.title}
          data-testid="history-entry"
        >
          <Text size="xs" c="dimmed">
            {t('components.historyBy', {
              actor: entry.actor,
              time: dayjs(entry.at).locale(locale).format('YYYY-MM-DD HH:mm:ss'),
            })}
          </Text>
          {entry.status && (
            <Badge variant="light" size="sm" mt={4}>
              {entry.status}
            </Badge>
          )}
          {entry.reason && (
            <Text size="sm" mt={4} c="orange.8">
              {t('components.historyReason', { reason: entry.reason })}
            </Text>
          )}
          {entry.changes && (
            <Paper withBorder p="xs" mt={6} radius="sm">
              {entry.changes}
            </Paper>
          )}
          {onSelect && (
            <Button
              size="compact-xs"
              variant={entry.id === selectedId ? 'filled' : 'subtle'}
              mt={6}
              onClick={() => onSelect(entry)}
            >
              {t('components.historyStateAsOf')}
            </Button>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
