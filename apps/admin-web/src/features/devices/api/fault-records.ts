import { FAULT_SORT_FIELDS, type FaultPeriod, type FaultRecord, type Page } from '@kb/contracts';
import type { ExportFormat } from '../../../components/list-views/list-export.js';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';
import { useDeleteRecords } from '../../../lib/delete-records.js';
import { filterText, rangeQuery } from '../../../lib/filter-query.js';
import { DEVICES_KEY } from './devices-key.js';

const FAULTS_KEY = [...DEVICES_KEY, 'faults'] as const;

/** The filters of /fault-record-list (and the drill-down from the summary); `time` is `[from, to]`. */
export interface FaultFilter extends Record<string, unknown> {
  sn: string;
  type: string | null;
  country: string;
  city: string;
  productCode: string | null;
  apkVersion: string;
  time: [string | null, string | null] | null;
}

export const NO_FAULT_FILTER: FaultFilter = {
  sn: '',
  type: null,
  country: '',
  city: '',
  productCode: null,
  apkVersion: '',
  time: null,
};

function faultQuery(f: Partial<FaultFilter>) {
  const time = rangeQuery(f.time);
  return {
    sn: filterText(f.sn),
    type: filterText(f.type),
    country: filterText(f.country),
    city: filterText(f.city),
    productCode: f.productCode ?? undefined,
    apkVersion: filterText(f.apkVersion),
    from: time.from,
    to: time.to,
  };
}

export function fetchFaultPage(f: FaultFilter & ListQuery, signal?: AbortSignal): Promise<Page<FaultRecord>> {
  return call.get('/deviceFaultLog/list', { ...faultQuery(f), ...pageParams(f) }, { signal });
}

/** Exports the fault records the list shows (its filters and sort) as CSV or xlsx: the export job's run. */
export const exportFaults = (f: FaultFilter & ListSort, format: ExportFormat) =>
  call.post(
    '/deviceFaultLog/exportData',
    { ...faultQuery(f), ...sortParams(f), format },
    { kind: 'command' },
  );

export const FAULT_LIST_KEY = [...FAULTS_KEY, 'list'] as const;

/** `/api/deviceFaultLog/summary`: counts by type, model, version and period over the filtered records. */
export const faultSummaryQuery = (f: Partial<FaultFilter>, period: FaultPeriod) =>
  queryOptions({
    queryKey: [...FAULTS_KEY, 'summary', f, period],
    queryFn: ({ signal }) => call.get('/deviceFaultLog/summary', { ...faultQuery(f), period }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Deletes one fault record (`delete`) or several, all or none (`batchDelete`). */
export function useDeleteFaults() {
  return useDeleteRecords('/deviceFaultLog', (queryClient) =>
    queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  );
}

/** The rows of /fault-record-list (its screen starts from the filter in the address). */
export const faultList: ListSource<FaultRecord, FaultFilter> = {
  queryKey: FAULT_LIST_KEY,
  fetchPage: fetchFaultPage,
  initialFilters: NO_FAULT_FILTER,
  sortFields: FAULT_SORT_FIELDS,
  views: 'faultRecord',
};
