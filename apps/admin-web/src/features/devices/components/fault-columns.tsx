import type { FaultRecord } from '@kb/contracts';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useFaultTypeNames } from '../api/device-references.js';
import { faultCountryLabel, faultTypeLabel } from './device-cells.js';
import { formatTime } from '../../../lib/format.js';

/**
 * What a fault report says wherever faults are listed (the fault records, a device's faults): its type by the
 * brand's name for it, when it was reported, and where.
 */
export function useFaultReportColumns(): DataTableColumn<FaultRecord>[] {
  const { t } = useTranslation();
  const faultTypeNames = useFaultTypeNames();
  return [
    {
      accessor: 'type',
      title: t('devices.faults.type'),
      render: (f) => faultTypeLabel(f.type, faultTypeNames),
    },
    {
      accessor: 'reportedAt',
      title: t('devices.faults.reportedAt'),
      render: (f) => formatTime(f.reportedAt, true),
    },
    {
      accessor: 'country',
      title: t('devices.faults.country'),
      render: (f) => faultCountryLabel(f.country),
    },
    { accessor: 'city', title: t('devices.faults.city') },
  ];
}
