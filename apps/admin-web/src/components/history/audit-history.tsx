import type { AuditEntry, AuditKind, AuditNames } from '@kb/contracts';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconDownload, IconPoint } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { auditCompareQuery, auditExportUrl, auditHistoryQuery, auditStateQuery } from './audit-api.js';
import { ChangeLines } from './change-lines.js';

/** How a screen lays out the record as of an event: the same layout as its detail page. */
export type RenderState<S> = (state: S, names: AuditNames) => ReactNode;

const when = (at: string) => dayjs(at).format('YYYY-MM-DD HH:mm:ss');

function StateAsOf<S>({
  kind,
  id,
  entry,
  renderState,
}: {
  kind: AuditKind;
  id: string;
  entry: AuditEntry;
  renderState: RenderState<S>;
}) {
  const { t } = useTranslation();
  const state = useQuery(auditStateQuery<S>(kind, id, entry.revision));
  return (
    <Stack gap="xs" data-testid="state-as-of">
      <Title order={5}>
        {t('components.history.stateAsOf', { n: entry.revision + 1, time: when(entry.occurredAt) })}
      </Title>
      {state.data ? renderState(state.data.state, state.data.names) : <Loader size="sm" />}
    </Stack>
  );
}

function Comparison({ kind, id, from, to }: { kind: AuditKind; id: string; from: number; to: number }) {
  const { t } = useTranslation();
  const compared = useQuery(auditCompareQuery(kind, id, from, to));
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="history-compare">
      <Text size="sm" fw={600} mb={6}>
        {t('components.history.compareTitle', { from: from + 1, to: to + 1 })}
      </Text>
      {compared.data ? <ChangeLines changes={compared.data.changes} /> : <Loader size="xs" />}
    </Paper>
  );
}

/**
 * The History tab of any event-sourced record (recipe, APK package, offline pack), replayed by the API from the
 * record's stream: newest first, who did what and when, the status after it, a reason if one was given, and what
 * changed in the user's words. Any event opens the record as it was then (in the detail page's layout); any two
 * versions can be compared; the whole trail downloads as CSV for an audit file.
 */
export function AuditHistory<S>({
  kind,
  id,
  renderState,
}: {
  kind: AuditKind;
  id: string;
  renderState: RenderState<S>;
}) {
  const { t } = useTranslation();
  const history = useQuery(auditHistoryQuery(kind, id));
  const [selected, setSelected] = useState<number | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  if (history.error) return <Alert color="red">{history.error.message}</Alert>;
  if (!history.data) return <Loader size="sm" />;
  const { entries } = history.data;
  if (entries.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="history-empty">
        {t('components.historyEmpty')}
      </Text>
    );
  const versions = [...entries].reverse().map((e) => ({
    value: String(e.revision),
    label: `#${e.revision + 1} · ${e.title} · ${when(e.occurredAt)}`,
  }));
  const selectedEntry = entries.find((e) => e.revision === selected) ?? null;
  return (
    <Stack gap="md" data-testid="audit-history">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Group gap="xs" align="flex-end" wrap="wrap">
          {(
            [
              ['compareFrom', from, setFrom, 'compare-from'],
              ['compareTo', to, setTo, 'compare-to'],
            ] as const
          ).map(([label, value, onChange, testId]) => (
            <Select
              key={testId}
              size="xs"
              w={260}
              label={t(`components.history.${label}`)}
              data={versions}
              value={value}
              onChange={onChange}
              data-testid={testId}
            />
          ))}
        </Group>
        <Group gap="xs">
          {history.data.ended && (
            <Badge color="gray" variant="light" data-testid="history-ended">
              {history.data.status}
            </Badge>
          )}
          <Button
            size="xs"
            variant="light"
            component="a"
            href={auditExportUrl(kind, id)}
            download
            leftSection={<IconDownload size={14} />}
            data-testid="history-export"
          >
            {t('components.history.export')}
          </Button>
        </Group>
      </Group>
      {from !== null && to !== null && from !== to && (
        <Comparison kind={kind} id={id} from={Number(from)} to={Number(to)} />
      )}
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <Timeline
          style={{ flex: 1, minWidth: 0 }}
          active={-1}
          bulletSize={20}
          lineWidth={2}
          data-testid="history"
        >
          {[...entries].reverse().map((entry) => (
            <Timeline.Item
              key={entry.eventId}
              bullet={<IconPoint size={12} />}
              title={entry.title}
              data-testid="history-entry"
            >
              <Text size="xs" c="dimmed">
                {t('components.history.eventNo', { n: entry.revision + 1 })} ·{' '}
                {t('components.historyBy', { actor: entry.actor, time: when(entry.occurredAt) })}
              </Text>
              <Badge variant="light" size="sm" mt={4} data-testid="history-status">
                {entry.status}
              </Badge>
              {entry.reason && (
                <Text size="sm" mt={4} c="orange.9">
                  {t('components.historyReason', { reason: entry.reason })}
                </Text>
              )}
              <Paper withBorder p="xs" mt={6} radius="sm">
                <ChangeLines changes={entry.changes} />
              </Paper>
              <Button
                size="compact-xs"
                variant={entry.revision === selected ? 'filled' : 'subtle'}
                mt={6}
                onClick={() => setSelected(entry.revision === selected ? null : entry.revision)}
                data-testid="history-state-button"
              >
                {t('components.historyStateAsOf')}
              </Button>
            </Timeline.Item>
          ))}
        </Timeline>
        {selectedEntry && (
          <div style={{ flex: 1.4, minWidth: 0 }}>
            <StateAsOf kind={kind} id={id} entry={selectedEntry} renderState={renderState} />
          </div>
        )}
      </Group>
    </Stack>
  );
}
