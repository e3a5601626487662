import { PAYING_USER_SORT_FIELDS, type PayingUserListPage, type PayingUserRow } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';
import { useDeleteRecords } from '../../../lib/delete-records.js';
import { filterText, rangeQuery } from '../../../lib/filter-query.js';
import { USERS_KEY } from './users-key.js';

/** The filters of /vip-user-list; the end-date range is `[from, to]` as `YYYY-MM-DD`. */
export interface PayingUserFilter extends Record<string, unknown> {
  account: string;
  nickname: string;
  vipLevel: string;
  state: string | null;
  endRange: [string | null, string | null] | null;
}

export const NO_PAYING_USER_FILTER: PayingUserFilter = {
  account: '',
  nickname: '',
  vipLevel: '',
  state: null,
  endRange: null,
};

export const PAYING_USER_LIST_KEY = [...USERS_KEY, 'paying'] as const;

export function fetchPayingUserPage(
  f: PayingUserFilter & ListQuery,
  signal?: AbortSignal,
): Promise<PayingUserListPage> {
  const range = rangeQuery(f.endRange);
  return call.get(
    '/vipUser/list',
    {
      account: filterText(f.account),
      nickname: filterText(f.nickname),
      vipLevel: filterText(f.vipLevel),
      state: f.state ?? undefined,
      endFrom: range.from,
      endTo: range.to,
      ...pageParams(f),
    },
    { signal },
  );
}

/** The rows of /vip-user-list. */
export const payingUserList: ListSource<PayingUserRow, PayingUserFilter> = {
  queryKey: PAYING_USER_LIST_KEY,
  fetchPage: fetchPayingUserPage,
  initialFilters: NO_PAYING_USER_FILTER,
  sortFields: PAYING_USER_SORT_FIELDS,
  views: 'payingUser',
};

export const payingUserDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...PAYING_USER_LIST_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/vipUser/detail', { id }, { signal }),
  });

/** Ends the paying status of one record or several, all or none. */
export function useDeletePayingUsers() {
  return useDeleteRecords('/vipUser', (queryClient) =>
    queryClient.invalidateQueries({ queryKey: PAYING_USER_LIST_KEY }),
  );
}

/** Starts the import of an uploaded template (purpose `list`); answers the run to follow. */
export const startPayingUserImport = (fileCode: string, fileName: string) =>
  call.post('/vipUser/importData', { fileCode, fileName }, { kind: 'command' });

/** The template to download, by format. */
export const payingUserTemplateUrl = (format: 'csv' | 'xlsx') =>
  `/api/common/downloadImportAccountTpl?fileName=vip-user-import.${format}`;
