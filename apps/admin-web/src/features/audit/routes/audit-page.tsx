import { AUDIT_KINDS, type AuditEndedRecord, type AuditKind } from '@kb/contracts';
import { Alert, Button, Group, Loader, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditEndedQuery } from '../../../components/history/audit-api.js';
import { AuditHistory } from '../../../components/history/audit-history.js';
import type {
  ApkAuditState,
  AuditStateViews,
  OfflinePackAuditState,
  RecipeAuditState,
} from '../../../components/history/audit-states.js';
import { useCan } from '../../../lib/use-can.js';
import { TableHead } from '../../../components/record-columns.js';

/** The trail of one ended record, the state as of an event in its own detail layout. */
function EndedHistory({ record, views }: { record: AuditEndedRecord; views: AuditStateViews }) {
  const { recipe: RecipeStateAsOf, apk: ApkStateAsOf, offlinePack: OfflinePackStateAsOf } = views;
  if (record.kind === 'recipe')
    return (
      <AuditHistory<RecipeAuditState>
        kind="recipe"
        id={record.id}
        renderState={(state, names) => <RecipeStateAsOf state={state} names={names} />}
      />
    );
  if (record.kind === 'apk')
    return (
      <AuditHistory<ApkAuditState>
        kind="apk"
        id={record.id}
        renderState={(state, names) => <ApkStateAsOf state={state} names={names} />}
      />
    );
  return (
    <AuditHistory<OfflinePackAuditState>
      kind="offlinePack"
      id={record.id}
      renderState={(state, names) => <OfflinePackStateAsOf state={state} names={names} />}
    />
  );
}

function EndedList({ kind, onOpen }: { kind: AuditKind; onOpen: (record: AuditEndedRecord) => void }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState<(string | null)[]>([null]);
  const before = pages.at(-1) ?? null;
  const page = useQuery(auditEndedQuery(kind, before));
  if (page.error) return <Alert color="red">{page.error.message}</Alert>;
  if (!page.data) return <Loader size="sm" />;
  return (
    <Stack gap="xs">
      <Table striped highlightOnHover data-testid="audit-ended">
        <TableHead
          columns={[
            t('components.history.number'),
            t('components.history.status'),
            t('components.history.endedAt'),
            t('components.history.endedBy'),
            t('common.actions'),
          ]}
        />
        <Table.Tbody>
          {page.data.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}>
                <Text c="dimmed" size="sm">
                  {t('components.history.noEnded')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {page.data.items.map((record) => (
            <Table.Tr key={record.id} data-testid="audit-ended-row">
              <Table.Td>{record.number}</Table.Td>
              <Table.Td>{record.status}</Table.Td>
              <Table.Td>{dayjs(record.endedAt).format('YYYY-MM-DD HH:mm:ss')}</Table.Td>
              <Table.Td>{record.endedBy}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onOpen(record)}
                  data-testid="audit-open"
                >
                  {t('components.history.open')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="xs">
        {pages.length > 1 && (
          <Button size="xs" variant="default" onClick={() => setPages(pages.slice(0, -1))}>
            {t('components.history.newer')}
          </Button>
        )}
        {page.data.next && (
          <Button size="xs" variant="default" onClick={() => setPages([...pages, page.data.next])}>
            {t('components.history.older')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * The audit view (auditors and admins): cleared recipes, deleted APK packages and offline packs, which no list
 * or detail page shows any more, each with its whole trail replayed from the event store and drawn as of an
 * event by `views` (the features' own detail layouts, which the app passes in).
 */
export function AuditPage({ views }: { views: AuditStateViews }) {
  const { t } = useTranslation();
  const allowed = useCan('audit.read');
  const [kind, setKind] = useState<AuditKind>('recipe');
  const [open, setOpen] = useState<AuditEndedRecord | null>(null);
  if (!allowed)
    return (
      <Alert color="orange" data-testid="audit-refused">
        {t('components.history.auditOnly')}
      </Alert>
    );
  if (open)
    return (
      <Stack gap="md">
        <Group gap="sm">
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconArrowLeft size={14} />}
            onClick={() => setOpen(null)}
          >
            {t('components.history.back')}
          </Button>
          <Title order={4} data-testid="audit-record-title">
            {t(`components.history.kinds.${open.kind}`)} · {open.number}
          </Title>
        </Group>
        <EndedHistory record={open} views={views} />
      </Stack>
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('components.history.auditIntro')}
      </Text>
      <SegmentedControl
        w="fit-content"
        value={kind}
        onChange={(value) => setKind(value as AuditKind)}
        data={AUDIT_KINDS.map((k) => ({ value: k, label: t(`components.history.kinds.${k}`) }))}
        data-testid="audit-kind"
      />
      <EndedList key={kind} kind={kind} onOpen={setOpen} />
    </Stack>
  );
}
