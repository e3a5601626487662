import type { AuditNames } from '@kb/contracts';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DetailView } from '../../../components/detail-view.js';
import { AuditHistory } from '../../../components/history/audit-history.js';
import type { OfflinePackAuditState } from '../../../components/history/audit-states.js';
import { useCustomerModelOptions } from '../api/offline-pack-references.js';
import { ReleaseBadge, TestBadge, TypeBadge } from './offline-pack-cells.js';

/** The pack as of an event of its stream: its fields, statuses and the recipes it held, by number and name. */
export function OfflinePackStateAsOf({ state, names }: { state: OfflinePackAuditState; names: AuditNames }) {
  const { t } = useTranslation();
  const customer = useCustomerModelOptions();
  const { content, testStatus, releaseStatus } = state;
  return (
    <DetailView
      items={[
        { label: t('offlinePacks.fields.number'), value: content.number },
        {
          label: t('offlinePacks.fields.type'),
          value: content.type ? <TypeBadge type={content.type} /> : null,
        },
        {
          label: t('offlinePacks.fields.factoryModel'),
          value: content.productCode ? (names.models[content.productCode] ?? content.productCode) : null,
        },
        {
          label: t('offlinePacks.fields.customerModel'),
          value: customer.find((o) => o.value === content.subBrandCode)?.label ?? content.subBrandCode,
        },
        { label: t('offlinePacks.fields.testStatus'), value: <TestBadge status={testStatus} /> },
        { label: t('offlinePacks.fields.releaseStatus'), value: <ReleaseBadge status={releaseStatus} /> },
        {
          label: t('offlinePacks.fields.recipeCount'),
          value: String(content.recipeIds.length),
          testId: 'state-recipe-count',
        },
        {
          label: t('offlinePacks.fields.recipes'),
          value: (
            <Text size="sm" data-testid="state-recipes">
              {content.recipeIds.map((id) => names.recipes[id] ?? id).join('、')}
            </Text>
          ),
          wide: true,
        },
      ]}
    />
  );
}

/**
 * The pack's history for auditors (the stream, newest first): who did what and when, what changed, and the pack
 * as it was after any event.
 */
export function OfflinePackHistory({ id }: { id: string }) {
  return (
    <AuditHistory<OfflinePackAuditState>
      kind="offlinePack"
      id={id}
      renderState={(state, names) => <OfflinePackStateAsOf state={state} names={names} />}
    />
  );
}
