import { DEVICE_SORT_FIELDS, type DeviceListPage, type DeviceRow } from '@kb/contracts';
import type { ExportFormat } from '../../../components/list-views/list-export.js';
import { queryOptions } from '@tanstack/react-query';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { LIVE_FALLBACK_POLL_MS } from '../../../lib/live-events.js';
import { call } from '../../../lib/call.js';
import { cursorPage } from '../../../lib/cursor-page.js';
import { useDeleteRecords } from '../../../lib/delete-records.js';
import { filterText, rangeQuery } from '../../../lib/filter-query.js';
import { PageCursors } from '../../../lib/page-cursors.js';
import { DEVICES_KEY } from './devices-key.js';

/** The filters of /device-info-list; date ranges are `[from, to]` as `YYYY-MM-DD`. */
export interface DeviceFilter extends Record<string, unknown> {
  sn: string;
  subModel: string;
  activated: [string | null, string | null] | null;
  online: string | null;
  ip: string;
  lastConnect: [string | null, string | null] | null;
  subBrandCode: string | null;
  productCode: string | null;
  apkVersion: string;
  mcuVersion: string;
  tpVersion: string;
}

export const NO_DEVICE_FILTER: DeviceFilter = {
  sn: '',
  subModel: '',
  activated: null,
  online: null,
  ip: '',
  lastConnect: null,
  subBrandCode: null,
  productCode: null,
  apkVersion: '',
  mcuVersion: '',
  tpVersion: '',
};

export const DEVICE_LIST_KEY = [...DEVICES_KEY, 'list'] as const;

function filterQuery(f: DeviceFilter) {
  const activated = rangeQuery(f.activated);
  const lastConnect = rangeQuery(f.lastConnect);
  return {
    sn: filterText(f.sn),
    subModel: filterText(f.subModel),
    activatedFrom: activated.from,
    activatedTo: activated.to,
    online: f.online ?? undefined,
    ip: filterText(f.ip),
    lastConnectFrom: lastConnect.from,
    lastConnectTo: lastConnect.to,
    subBrandCode: f.subBrandCode ?? undefined,
    productCode: f.productCode ?? undefined,
    apkVersion: filterText(f.apkVersion),
    mcuVersion: filterText(f.mcuVersion),
    tpVersion: filterText(f.tpVersion),
  };
}

/** Keyset cursors of the device list: "next page" is an index seek however deep the page. */
export const deviceCursors = new PageCursors();

export const fetchDevicePage = (f: DeviceFilter & ListQuery, signal?: AbortSignal): Promise<DeviceListPage> =>
  cursorPage(deviceCursors, '/device/list', filterQuery(f), f, signal);

/** The rows of /device-info-list. */
export const deviceList: ListSource<DeviceRow, DeviceFilter> = {
  queryKey: DEVICE_LIST_KEY,
  fetchPage: fetchDevicePage,
  initialFilters: NO_DEVICE_FILTER,
  sortFields: DEVICE_SORT_FIELDS,
  views: 'device',
};

/** Exports the devices the list shows (its filters and sort) as CSV or xlsx: the export job's run. */
export const exportDevices = (f: DeviceFilter & ListSort, format: ExportFormat) =>
  call.post('/device/exportData', { ...filterQuery(f), ...sortParams(f), format }, { kind: 'command' });

/**
 * How often the list asks for the live state of the rows on screen (while the page is visible) when the event
 * stream says nothing: it reports each change as it happens (`useLiveRefresh`), this only catches what it missed.
 */
export const DEVICE_STATUS_POLL_MS = LIVE_FALLBACK_POLL_MS;

/**
 * `/api/device/status?ids=…`: online state, last connect time and IP of the rows on screen (a primary-key
 * lookup, cheap at any fleet size). Polled only while the browser tab is visible (TanStack Query's default).
 */
export const deviceStatusQuery = (ids: readonly string[]) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'status', ids],
    queryFn: async ({ signal }) => {
      const rows = await call.get('/device/status', { ids: ids.join(',') }, { signal, kind: 'reference' });
      return new Map(rows.map((r) => [r.id, r]));
    },
    enabled: ids.length > 0,
    refetchInterval: DEVICE_STATUS_POLL_MS,
  });

/** Deletes one device (`delete`) or several, all or none (`batchDelete`). */
export function useDeleteDevices() {
  return useDeleteRecords('/device', (queryClient) => {
    deviceCursors.clear();
    return queryClient.invalidateQueries({ queryKey: DEVICES_KEY });
  });
}
