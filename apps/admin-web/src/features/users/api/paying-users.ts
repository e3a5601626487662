import type { JobRun, PayingUserDetail, PayingUserListPage } from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { api } from '../../../lib/api-client.js';
import { filterText, rangeQuery, USERS_KEY } from './users-key.js';

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
  f: PayingUserFilter & ListSort & { pageNum: number; pageSize: number },
  signal?: AbortSignal,
): Promise<PayingUserListPage> {
  const range = rangeQuery(f.endRange);
  return api<PayingUserListPage>('/vipUser/list', {
    query: {
      account: filterText(f.account),
      nickname: filterText(f.nickname),
      vipLevel: filterText(f.vipLevel),
      state: f.state ?? undefined,
      endFrom: range.from,
      endTo: range.to,
      pageNum: f.pageNum,
      pageSize: f.pageSize,
      ...sortParams(f),
    },
    signal,
  });
}

export const payingUserDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...PAYING_USER_LIST_KEY, 'detail', id],
    queryFn: ({ signal }) => api<PayingUserDetail>('/vipUser/detail', { query: { id }, signal }),
  });

/** Ends the paying status of one record or several, all or none. */
export function useDeletePayingUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      ids.length === 1
        ? api<{ deleted: number }>('/vipUser/delete', { json: { id: ids[0] }, kind: 'command' })
        : api<{ deleted: number }>('/vipUser/batchDelete', { json: { ids }, kind: 'command' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PAYING_USER_LIST_KEY }),
  });
}

/** Starts the import of an uploaded template (purpose `list`); answers the run to follow. */
export const startPayingUserImport = (fileCode: string, fileName: string) =>
  api<JobRun>('/vipUser/importData', { json: { fileCode, fileName }, kind: 'command' });

/** The template to download, by format. */
export const payingUserTemplateUrl = (format: 'csv' | 'xlsx') =>
  `/api/common/downloadImportAccountTpl?fileName=vip-user-import.${format}`;
