import {
  APP_USER_SORT_FIELDS,
  type AppUserDetailPart,
  type AppUserListPage,
  type AppUserRow,
  type AppUserState,
  type Page,
} from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExportFormat } from '../../../components/list-views/list-export.js';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { call } from '../../../lib/call.js';
import { cursorPage } from '../../../lib/cursor-page.js';
import { useDeleteRecords } from '../../../lib/delete-records.js';
import { filterText, rangeQuery } from '../../../lib/filter-query.js';
import { PageCursors } from '../../../lib/page-cursors.js';
import { searchRecordCursors } from './search-records.js';
import { USERS_KEY } from './users-key.js';

/** The filters of /user-list; the registration range is `[from, to]` as `YYYY-MM-DD`. */
export interface AppUserFilter extends Record<string, unknown> {
  number: string;
  account: string;
  nickname: string;
  region: string;
  status: string | null;
  registered: string | null;
  hasDevice: string | null;
  registeredRange: [string | null, string | null] | null;
}

export const NO_APP_USER_FILTER: AppUserFilter = {
  number: '',
  account: '',
  nickname: '',
  region: '',
  status: null,
  registered: null,
  hasDevice: null,
  registeredRange: null,
};

export const APP_USER_LIST_KEY = [...USERS_KEY, 'list'] as const;

/**
 * Keyset cursors of the user list: the next page is an index seek however deep (a brand may have a million app
 * users); a page reached by a jump is read by offset.
 */
export const appUserCursors = new PageCursors();

/** The filter as the API's query (the list and the export send the same). */
function appUserQuery(f: AppUserFilter) {
  const range = rangeQuery(f.registeredRange);
  return {
    number: filterText(f.number),
    account: filterText(f.account),
    nickname: filterText(f.nickname),
    region: filterText(f.region)?.toUpperCase(),
    status: f.status ?? undefined,
    registered: f.registered ?? undefined,
    hasDevice: f.hasDevice ?? undefined,
    registeredFrom: range.from,
    registeredTo: range.to,
  };
}

/** Exports the users the list shows (its filters and sort) as CSV or xlsx: the export job's run. */
export const exportAppUsers = (f: AppUserFilter & ListSort, format: ExportFormat) =>
  call.post('/user/exportData', { ...appUserQuery(f), ...sortParams(f), format }, { kind: 'command' });

export const fetchAppUserPage = (
  f: AppUserFilter & ListQuery,
  signal?: AbortSignal,
): Promise<AppUserListPage> => cursorPage(appUserCursors, '/user/list', appUserQuery(f), f, signal);

/** The rows of /user-list. */
export const appUserList: ListSource<AppUserRow, AppUserFilter> = {
  queryKey: APP_USER_LIST_KEY,
  fetchPage: fetchAppUserPage,
  initialFilters: NO_APP_USER_FILTER,
  sortFields: APP_USER_SORT_FIELDS,
  views: 'appUser',
};

export const appUserDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/user/detail', { id }, { signal }),
  });

/** One paged part of /user-detail (devices, favourites, cooking, reviews): its cache key and page fetcher. */
export const appUserPart = <T>(id: string, part: Exclude<AppUserDetailPart, 'searches'>) => ({
  queryKey: [...USERS_KEY, part, id],
  fetchPage: (pageNum: number, signal: AbortSignal) =>
    call.get(`/user/${part}` as const, { id, pageNum, pageSize: 10 }, { signal }) as Promise<Page<T>>,
});

/** Enables or disables users (all or none). */
export function useSetAppUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: readonly string[]; status: AppUserState }) =>
      call.post('/user/updateStatus', { ids, status }, { kind: 'command' }),
    onSettled: () => {
      // A list filtered by status shifts: later pages start from offsets again.
      appUserCursors.clear();
      return queryClient.invalidateQueries({ queryKey: USERS_KEY });
    },
  });
}

/** Deletes one user (`delete`) or several, all or none (`batchDelete`). */
export function useDeleteAppUsers() {
  return useDeleteRecords('/user', (queryClient) => {
    // The users' search records go with them.
    appUserCursors.clear();
    searchRecordCursors.clear();
    return queryClient.invalidateQueries({ queryKey: USERS_KEY });
  });
}
