import { Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StreamHistory } from '../../../components/history-timeline.js';
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
  if (!history.data) return <Loader size="sm" />;
  return (
    <StreamHistory
      entries={history.data.entries}
      status={({ state }) =>
        [
          t(`offlinePacks.testStatus.${state.testStatus}`),
          t(`offlinePacks.releaseStatus.${state.releaseStatus}`),
        ].join(' · ')
      }
      renderChange={(change) => <ChangeLine {...change} />}
      stateTitle={t('offlinePacks.history.stateAsOf')}
      stateItems={({ state: { content, testStatus, releaseStatus } }) => [
        { label: t('offlinePacks.fields.number'), value: content.number },
        {
          label: t('offlinePacks.fields.type'),
          value: content.type ? <TypeBadge type={content.type} /> : null,
        },
        { label: t('offlinePacks.fields.factoryModel'), value: labels.productCode(content.productCode) },
        { label: t('offlinePacks.fields.customerModel'), value: labels.subBrandCode(content.subBrandCode) },
        {
          label: t('offlinePacks.fields.recipeCount'),
          value: String(content.recipeIds.length),
          testId: 'state-recipe-count',
        },
        { label: t('offlinePacks.fields.testStatus'), value: <TestBadge status={testStatus} /> },
        { label: t('offlinePacks.fields.releaseStatus'), value: <ReleaseBadge status={releaseStatus} /> },
      ]}
    />
  );
}
