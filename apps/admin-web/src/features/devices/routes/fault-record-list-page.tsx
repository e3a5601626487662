import type { FaultRecord } from '@kb/contracts';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/list-page.js';
import { usePageContext } from '../../../lib/page-context.js';
import { exportFaults, faultList, useDeleteFaults, type FaultFilter } from '../api/fault-records.js';
import { useBrandModelOptions } from '../../../lib/lookups.js';
import { useFaultTypeNames } from '../api/device-references.js';
import { ErrorLogButton } from '../components/device-cells.js';
import { useFaultReportColumns } from '../components/fault-columns.js';
import { productColumn } from '../components/device-list-fields.js';
import { faultTypeOptions } from '../components/fault-type-options.js';
import { faultFilterFromSearch } from '../rules/fault-search.js';
import { batchDeleteAction } from '../../../components/delete-actions.js';
import { deleteColumn, linkColumn } from '../../../components/record-columns.js';

/**
 * §2 /fault-record-list: fault reports with filters SN, type, country, city, time (and model and version, the
 * summary's drill-down); the whole error log in a dialog; row and batch delete behind confirmations.
 */
export function FaultRecordListPage() {
  const { t } = useTranslation();
  const faultTypeNames = useFaultTypeNames();
  const reportColumns = useFaultReportColumns();
  const remove = useDeleteFaults();
  const products = useBrandModelOptions();
  // The page is drawn afresh for each address, so the query's filters are its initial ones.
  const initial = faultFilterFromSearch(usePageContext()?.search);
  return (
    <ListPage<FaultRecord, FaultFilter>
      {...faultList}
      sortByColumn={{ productName: 'productCode' }}
      exportRows={exportFaults}
      initialFilters={initial}
      filters={[
        { name: 'sn', label: t('devices.fields.sn'), kind: 'text' },
        {
          name: 'type',
          label: t('devices.faults.type'),
          kind: 'select',
          options: faultTypeOptions(initial.type, faultTypeNames),
        },
        { name: 'country', label: t('devices.faults.country'), kind: 'text' },
        { name: 'city', label: t('devices.faults.city'), kind: 'text' },
        { name: 'time', label: t('devices.faults.time'), kind: 'date-range' },
        { name: 'productCode', label: t('devices.faults.product'), kind: 'select', options: products },
        { name: 'apkVersion', label: t('devices.fields.apkVersion'), kind: 'text' },
      ]}
      idAccessor="id"
      columns={[
        linkColumn('sn', t('devices.fields.sn'), '/device-info-detail', {
          id: (f) => f.deviceId,
          testId: 'fault-sn',
        }),
        ...reportColumns,
        productColumn(t('devices.faults.product')),
        { accessor: 'apkVersion', title: t('devices.fields.apkVersion') },
        {
          accessor: 'errorLog',
          title: t('devices.faults.errorLog'),
          width: 280,
          render: (f) => (
            <div style={{ maxWidth: 280 }}>
              <div
                style={{
                  fontFamily: 'var(--mantine-font-family-monospace)',
                  fontSize: 12,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                }}
                data-testid="fault-log-preview"
              >
                {f.errorLog.split('\n')[0]}
              </div>
              <ErrorLogButton sn={f.sn} log={f.errorLog} />
            </div>
          ),
        },
        deleteColumn(t, 'fault.delete', remove.mutateAsync),
      ]}
      batchActions={[batchDeleteAction(t, 'fault.delete', remove.mutateAsync)]}
    />
  );
}
