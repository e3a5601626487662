import { Badge, Button, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailView, type DetailItem } from './detail-view.js';

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

/** One event of an aggregate's stream as the `/…/history` endpoints give it (oldest first). */
export interface StreamHistoryEntry<State> {
  eventId: string;
  type: string;
  title: string;
  actor: string;
  occurredAt: string;
  changes: { field: string; before: unknown; after: unknown }[];
  /** The record as of this event. */
  state: State;
}

/**
 * The History tab of an event-sourced record (recipe, APK package, offline pack): the stream newest first with
 * each event's changes, and beside it the record as of the event the auditor chose.
 */
export function StreamHistory<State, Entry extends StreamHistoryEntry<State>>({
  entries,
  status,
  reason,
  renderChange,
  stateTitle,
  stateItems,
}: {
  entries: Entry[];
  /** The record's status after the event, as a short text. */
  status: (entry: Entry) => ReactNode;
  /** A reason given with the event, if any. */
  reason?: (entry: Entry) => string | null;
  renderChange: (change: Entry['changes'][number]) => ReactNode;
  stateTitle: ReactNode;
  stateItems: (entry: Entry) => DetailItem[];
}) {
  const [selected, setSelected] = useState<Entry | null>(null);
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap">
      <div style={{ flex: 1 }}>
        <HistoryTimeline
          entries={[...entries].reverse().map((entry) => ({
            id: entry.eventId,
            at: entry.occurredAt,
            actor: entry.actor,
            title: entry.title,
            reason: reason?.(entry) ?? null,
            status: status(entry),
            changes:
              entry.changes.length > 0 ? (
                <Stack gap={2}>
                  {entry.changes.map((change) => (
                    <Fragment key={change.field}>{renderChange(change)}</Fragment>
                  ))}
                </Stack>
              ) : undefined,
          }))}
          selectedId={selected?.eventId ?? null}
          onSelect={(entry) => setSelected(entries.find((e) => e.eventId === entry.id) ?? null)}
        />
      </div>
      {selected && (
        <Stack style={{ flex: 1 }} gap="xs" data-testid="state-as-of">
          <Title order={5}>{stateTitle}</Title>
          <DetailView items={stateItems(selected)} />
        </Stack>
      )}
    </Group>
  );
}
