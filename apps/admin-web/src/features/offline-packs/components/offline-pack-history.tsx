import type { OfflinePackHistoryEntry } from '@kb/contracts';
import { Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailView } from '../../../components/detail-view.js';
import { HistoryTimeline } from '../../../components/history-timeline.js';
import { offlinePackHistoryQuery } from '../api/offline-pack-detail.js';
import { useCustomerModelOptions, useFactoryModelOptions } from '../api/offline-pack-references.js';
import { ReleaseBadge, TestBadge, TypeBadge } from './offline-pack-cells.js';

/** Model codes as the pickers name them (factory model · product; sub-brand · customer model). */
function useModelLabels() {
  const factory = useFactoryModelOptions();
  const customer = useCustomerModelOptions();
  return {
    productCode: (code: string) => factory.find((o) => o.value === code)?.label ?? code,
    subBrandCode: (code: string) => customer.find((o) => o.value === code)?.label ?? code,
  };
}

function ChangeLine({ field, before, after }: { field: string; before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const labels = useModelLabels();
  const show = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return t('offlinePacks.history.none');
    if (Array.isArray(value)) return t('offlinePacks.history.recipeCount', { count: value.length });
    if (field === 'type' && typeof value === 'string') return t(`offlinePacks.type.${value as 'initial'}`);
    if (field === 'testStatus' && typeof value === 'string')
      return t(`offlinePacks.testStatus.${value as 'testing'}`);
    if (field === 'releaseStatus' && typeof value === 'string')
      return t(`offlinePacks.releaseStatus.${value as 'online'}`);
    if (field === 'status' && typeof value === 'string')
      return t(`offlinePacks.history.status.${value as 'active'}`, { defaultValue: value });
    if (field === 'productCode' || field === 'subBrandCode') return labels[field](String(value));
    return String(value);
  };
  return (
    <Text size="xs" data-testid="history-change">
      <Text span fw={600}>
        {t(`offlinePacks.history.fieldNames.${field as 'number'}`, { defaultValue: field })}
      </Text>
      {`: ${show(before)} → ${show(after)}`}
    </Text>
  );
}

/**
 * The pack's history for auditors (the stream, newest first): who did what and when, what changed, and the pack
 * as it was after any event.
 */
export function OfflinePackHistory({ id }: { id: string }) {
  const { t } = useTranslation();
  const history = useQuery(offlinePackHistoryQuery(id));
  const labels = useModelLabels();
  const [selected, setSelected] = useState<OfflinePackHistoryEntry | null>(null);
  if (!history.data) return <Loader size="sm" />;
  const entries = history.data.entries;
  return (
    <Group align="flex-start" gap="xl" wrap="nowrap">
      <div style={{ flex: 1 }}>
        <HistoryTimeline
          entries={[...entries].reverse().map((entry) => ({
            id: entry.eventId,
            at: entry.occurredAt,
            actor: entry.actor,
            title: entry.title,
            status: [
              t(`offlinePacks.testStatus.${entry.state.testStatus}`),
              t(`offlinePacks.releaseStatus.${entry.state.releaseStatus}`),
            ].join(' · '),
            changes:
              entry.changes.length > 0 ? (
                <Stack gap={2}>
                  {entry.changes.map((change) => (
                    <ChangeLine key={change.field} {...change} />
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
          <Title order={5}>{t('offlinePacks.history.stateAsOf')}</Title>
          <DetailView
            items={[
              { label: t('offlinePacks.fields.number'), value: selected.state.content.number },
              {
                label: t('offlinePacks.fields.type'),
                value: selected.state.content.type ? <TypeBadge type={selected.state.content.type} /> : null,
              },
              {
                label: t('offlinePacks.fields.factoryModel'),
                value: labels.productCode(selected.state.content.productCode),
              },
              {
                label: t('offlinePacks.fields.customerModel'),
                value: labels.subBrandCode(selected.state.content.subBrandCode),
              },
              {
                label: t('offlinePacks.fields.recipeCount'),
                value: String(selected.state.content.recipeIds.length),
                testId: 'state-recipe-count',
              },
              {
                label: t('offlinePacks.fields.testStatus'),
                value: <TestBadge status={selected.state.testStatus} />,
              },
              {
                label: t('offlinePacks.fields.releaseStatus'),
                value: <ReleaseBadge status={selected.state.releaseStatus} />,
              },
            ]}
          />
        </Stack>
      )}
    </Group>
  );
}
