import {
  APK_RELEASE_STATUSES,
  APK_SORT_FIELDS,
  APK_REVIEW_STATUSES,
  APK_TEST_STATUSES,
  type ApkListItem,
} from '@kb/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BatchAction } from '../../../components/batch-actions.js';
import { AddButton } from '../../../components/add-button.js';
import { ListPage, type FilterField } from '../../../components/list-page.js';
import { runApkBatch } from '../api/apk-commands.js';
import { fetchApkPage } from '../api/apk-list.js';
import { APK_KEY } from '../api/apk-read-position.js';
import { useBrandModelOptions, useSubBrandOptions } from '../../../lib/lookups.js';
import { ReleaseBadge, ReviewBadge, TestBadge } from '../components/apk-cells.js';
import { formatSize } from '../../../lib/format.js';
import { ApkRowActions } from '../components/apk-row-actions.js';
import { actionsColumn, linkColumn, onSelectedIds, timeColumn } from '../../../components/record-columns.js';

interface ApkFilters extends Record<string, unknown> {
  subBrandCode: string | null;
  productCode: string | null;
  version: string;
  reviewStatus: string | null;
  testStatus: string | null;
  releaseStatus: string | null;
}

const NO_FILTER: ApkFilters = {
  subBrandCode: null,
  productCode: null,
  version: '',
  reviewStatus: null,
  testStatus: null,
  releaseStatus: null,
};

/**
 * §2 /apk-list: the brand's APK sub-packages with filters (sub-brand, model, version, review/test/release
 * status), the §9 pager, batch audit and batch delete with their §8 confirmations and per-package results, and
 * the row actions each state allows.
 */
export function ApkListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const subBrands = useSubBrandOptions();
  const models = useBrandModelOptions();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: APK_KEY });

  const filters: FilterField<ApkFilters>[] = [
    { name: 'subBrandCode', label: t('apk.fields.subBrand'), kind: 'select', options: subBrands },
    { name: 'productCode', label: t('apk.fields.model'), kind: 'select', options: models },
    { name: 'version', label: t('apk.filters.version'), kind: 'text' },
    {
      name: 'reviewStatus',
      label: t('apk.fields.reviewStatus'),
      kind: 'select',
      options: APK_REVIEW_STATUSES.map((value) => ({ value, label: t(`apk.reviewStatus.${value}`) })),
    },
    {
      name: 'testStatus',
      label: t('apk.fields.testStatus'),
      kind: 'select',
      options: APK_TEST_STATUSES.map((value) => ({ value, label: t(`apk.testStatus.${value}`) })),
    },
    {
      name: 'releaseStatus',
      label: t('apk.fields.releaseStatus'),
      kind: 'select',
      options: APK_RELEASE_STATUSES.map((value) => ({ value, label: t(`apk.releaseStatus.${value}`) })),
    },
  ];

  const batchActions: BatchAction<ApkListItem>[] = [
    {
      key: 'audit',
      label: t('apk.actions.batchAudit'),
      confirm: 'batchAudit',
      permission: 'apk.audit',
      run: onSelectedIds((ids) => runApkBatch('batchAudit', ids, { pass: true }), refresh),
    },
    {
      key: 'delete',
      label: t('common.delete'),
      permission: 'apk.edit',
      confirm: 'batchDelete',
      color: 'red',
      run: onSelectedIds((ids) => runApkBatch('batchDelete', ids), refresh),
    },
  ];

  return (
    <ListPage<ApkListItem, ApkFilters>
      queryKey={[...APK_KEY, 'list']}
      fetchPage={fetchApkPage}
      sortFields={APK_SORT_FIELDS}
      views="apk"
      initialFilters={NO_FILTER}
      filters={filters}
      idAccessor="id"
      columns={[
        linkColumn('versionNumber', t('apk.fields.versionNumber'), '/apk-detail', {
          text: (r) => r.versionNumber || t('common.empty'),
          testId: 'apk-version',
        }),
        {
          accessor: 'subBrandName',
          title: t('apk.fields.subBrand'),
          render: (r) => r.subBrandName ?? r.subBrandCode,
        },
        { accessor: 'modelName', title: t('apk.fields.model'), render: (r) => r.modelName ?? r.productCode },
        { accessor: 'apkVersion', title: t('apk.fields.apkVersion') },
        { accessor: 'parentVersion', title: t('apk.fields.parentVersion') },
        {
          accessor: 'fileSize',
          title: t('apk.fields.fileSize'),
          noWrap: true,
          render: (r) => formatSize(r.fileSize),
        },
        {
          accessor: 'reviewStatus',
          title: t('apk.fields.reviewStatus'),
          noWrap: true,
          render: (r) => <ReviewBadge status={r.reviewStatus} />,
        },
        {
          accessor: 'testStatus',
          title: t('apk.fields.testStatus'),
          noWrap: true,
          render: (r) => <TestBadge status={r.testStatus} />,
        },
        {
          accessor: 'releaseStatus',
          title: t('apk.fields.releaseStatus'),
          noWrap: true,
          render: (r) => <ReleaseBadge status={r.releaseStatus} />,
        },
        {
          accessor: 'installedCount',
          title: t('apk.fields.installedCount'),
          render: (a) => <span data-testid="apk-installed">{a.installedCount}</span>,
        },
        timeColumn('appliedAt', t('apk.fields.appliedAt')),
        timeColumn('releasedAt', t('apk.fields.releasedAt')),
        {
          accessor: 'returnReason',
          title: t('apk.fields.returnReason'),
          // A long reason is read on the detail page; here one line of it, whole on hover.
          width: 160,
          ellipsis: true,
          render: (r) => <span title={r.returnReason ?? undefined}>{r.returnReason}</span>,
        },
        actionsColumn(t, (r) => <ApkRowActions apk={r} onChanged={refresh} />, 220),
      ]}
      batchActions={batchActions}
      toolbar={<AddButton permission="apk.edit" to="/apk-add" />}
    />
  );
}
