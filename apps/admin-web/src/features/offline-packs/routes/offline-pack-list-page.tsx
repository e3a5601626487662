import {
  OFFLINE_PACK_RELEASE_STATUSES,
  OFFLINE_PACK_SORT_FIELDS,
  OFFLINE_PACK_TEST_STATUSES,
  OFFLINE_PACK_TYPES,
  type OfflinePackListItem,
} from '@kb/contracts';
import { Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BatchAction } from '../../../components/batch-actions.js';
import { AddButton } from '../../../components/add-button.js';
import { ListPage, type FilterField } from '../../../components/list-page.js';
import { deleteOfflinePacks } from '../api/offline-pack-commands.js';
import { fetchOfflinePackPage } from '../api/offline-pack-list.js';
import { OFFLINE_PACKS_KEY } from '../api/offline-pack-read-position.js';
import { useCustomerModelOptions, useFactoryModelOptions } from '../api/offline-pack-references.js';
import { BuildStatus } from '../components/build-status.js';
import { ReleaseBadge, TestBadge, TypeBadge } from '../components/offline-pack-cells.js';
import { OfflinePackRowActions } from '../components/offline-pack-row-actions.js';
import { actionsColumn, linkColumn, onSelectedIds, timeColumn } from '../../../components/record-columns.js';

interface PackFilters extends Record<string, unknown> {
  number: string;
  type: string | null;
  productCode: string | null;
  subBrandCode: string | null;
  testStatus: string | null;
  releaseStatus: string | null;
}

const NO_FILTER: PackFilters = {
  number: '',
  type: null,
  productCode: null,
  subBrandCode: null,
  testStatus: null,
  releaseStatus: null,
};

/**
 * §2 /offline-recipes-list: the brand's offline recipe packs with filters (number, type, factory and customer
 * model, test and online status), the §9 pager, batch delete, each pack's file (build, progress, download) and
 * the publish/cancel actions its status allows, each behind its §8 confirmation.
 */
export function OfflinePackListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const factoryModels = useFactoryModelOptions();
  const customerModels = useCustomerModelOptions();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: OFFLINE_PACKS_KEY });

  const filters: FilterField<PackFilters>[] = [
    { name: 'number', label: t('offlinePacks.filters.number'), kind: 'text' },
    {
      name: 'type',
      label: t('offlinePacks.fields.type'),
      kind: 'select',
      options: OFFLINE_PACK_TYPES.map((value) => ({ value, label: t(`offlinePacks.type.${value}`) })),
    },
    {
      name: 'productCode',
      label: t('offlinePacks.fields.factoryModel'),
      kind: 'select',
      options: factoryModels,
    },
    {
      name: 'subBrandCode',
      label: t('offlinePacks.fields.customerModel'),
      kind: 'select',
      options: customerModels,
    },
    {
      name: 'testStatus',
      label: t('offlinePacks.fields.testStatus'),
      kind: 'select',
      options: OFFLINE_PACK_TEST_STATUSES.map((value) => ({
        value,
        label: t(`offlinePacks.testStatus.${value}`),
      })),
    },
    {
      name: 'releaseStatus',
      label: t('offlinePacks.fields.releaseStatus'),
      kind: 'select',
      options: OFFLINE_PACK_RELEASE_STATUSES.map((value) => ({
        value,
        label: t(`offlinePacks.releaseStatus.${value}`),
      })),
    },
  ];

  const batchActions: BatchAction<OfflinePackListItem>[] = [
    {
      key: 'delete',
      label: t('common.delete'),
      confirm: 'batchDelete',
      permission: 'offlinePack.edit',
      color: 'red',
      run: onSelectedIds(deleteOfflinePacks, refresh),
    },
  ];

  return (
    <ListPage<OfflinePackListItem, PackFilters>
      queryKey={[...OFFLINE_PACKS_KEY, 'list']}
      fetchPage={fetchOfflinePackPage}
      sortFields={OFFLINE_PACK_SORT_FIELDS}
      views="offlinePack"
      initialFilters={NO_FILTER}
      filters={filters}
      idAccessor="id"
      columns={[
        linkColumn('number', t('offlinePacks.fields.number'), '/offline-recipes-edit', {
          testId: 'pack-number',
        }),
        {
          accessor: 'type',
          title: t('offlinePacks.fields.type'),
          render: (r) => <TypeBadge type={r.type} />,
        },
        {
          accessor: 'factoryModel',
          title: t('offlinePacks.fields.factoryModel'),
          render: (r) => r.factoryModel ?? r.productCode,
        },
        {
          accessor: 'customerModel',
          title: t('offlinePacks.fields.customerModel'),
          render: (r) => (
            <Text size="sm">
              {r.customerModel ?? t('common.empty')}
              <Text span size="xs" c="dimmed">{` · ${r.subBrandName ?? r.subBrandCode}`}</Text>
            </Text>
          ),
        },
        { accessor: 'recipeCount', title: t('offlinePacks.fields.recipeCount') },
        {
          accessor: 'testStatus',
          title: t('offlinePacks.fields.testStatus'),
          render: (r) => <TestBadge status={r.testStatus} />,
        },
        {
          accessor: 'releaseStatus',
          title: t('offlinePacks.fields.releaseStatus'),
          render: (r) => <ReleaseBadge status={r.releaseStatus} />,
        },
        {
          accessor: 'build',
          title: t('offlinePacks.fields.build'),
          render: (r) => <BuildStatus pack={r} />,
        },
        timeColumn('releasedAt', t('offlinePacks.fields.releasedAt')),
        timeColumn('updatedAt', t('offlinePacks.fields.updatedAt')),
        actionsColumn(t, (r) => <OfflinePackRowActions pack={r} onChanged={refresh} />, 200),
      ]}
      batchActions={batchActions}
      toolbar={<AddButton permission="offlinePack.edit" to="/offline-recipes-add" />}
    />
  );
}
