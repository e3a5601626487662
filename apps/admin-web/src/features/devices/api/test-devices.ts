import { TEST_DEVICE_SORT_FIELDS, type Page, type TestDevice } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';
import { useDeleteRecords } from '../../../lib/delete-records.js';
import { filterText } from '../../../lib/filter-query.js';
import { DEVICES_KEY } from './devices-key.js';

export const TEST_DEVICES_KEY = [...DEVICES_KEY, 'test'] as const;

export interface TestDeviceFilter extends Record<string, unknown> {
  sn: string;
  subBrandCode: string | null;
  productCode: string | null;
  online: string | null;
}

export const NO_TEST_DEVICE_FILTER: TestDeviceFilter = {
  sn: '',
  subBrandCode: null,
  productCode: null,
  online: null,
};

export function fetchTestDevicePage(
  f: TestDeviceFilter & ListQuery,
  signal?: AbortSignal,
): Promise<Page<TestDevice>> {
  return call.get(
    '/testDevice/list',
    {
      sn: filterText(f.sn),
      subBrandCode: f.subBrandCode ?? undefined,
      productCode: f.productCode ?? undefined,
      online: f.online ?? undefined,
      ...pageParams(f),
    },
    { signal },
  );
}

/** `/api/testDevice/detail?id=`. Quiet: the page says "record does not exist" itself. */
export const testDeviceDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...TEST_DEVICES_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/testDevice/detail', { id }, { signal, quiet: true }),
    retry: false,
  });

/** Devices of the brand whose SN starts with the keyword (`/api/device/search`), for the add form's picker. */
export const deviceChoicesQuery = (keyword: string) =>
  queryOptions({
    queryKey: [...DEVICES_KEY, 'choices', keyword],
    queryFn: ({ signal }) => call.get('/device/search', { keyword }, { signal, kind: 'reference' }),
    staleTime: 10_000,
  });

export interface TestDeviceInput {
  sn: string;
  remark: string;
}

/** Adds a test device, or changes one (with the version loaded). Quiet: the form shows what went wrong. */
export function useSaveTestDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestDeviceInput & { id?: string; version?: number }) =>
      input.id
        ? call.post(
            '/testDevice/update',
            { ...input, id: input.id, version: input.version },
            { quiet: true, kind: 'command' },
          )
        : call.post('/testDevice/add', input, { quiet: true, kind: 'command' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

export function useDeleteTestDevices() {
  return useDeleteRecords('/testDevice', (queryClient) =>
    queryClient.invalidateQueries({ queryKey: DEVICES_KEY }),
  );
}

/** The rows of /test-device-list. */
export const testDeviceList: ListSource<TestDevice, TestDeviceFilter> = {
  queryKey: [...TEST_DEVICES_KEY, 'list'],
  fetchPage: fetchTestDevicePage,
  initialFilters: NO_TEST_DEVICE_FILTER,
  sortFields: TEST_DEVICE_SORT_FIELDS,
  views: 'testDevice',
};
