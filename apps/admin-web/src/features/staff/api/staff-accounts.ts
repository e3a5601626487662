import {
  STAFF_SORT_FIELDS,
  type Page,
  type StaffInvite,
  type StaffRow,
  type StaffState,
  type StaffUpdate,
} from '@kb/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';

/** Cache key of everything the staff screen loads; every change invalidates it. */
export const STAFF_KEY = ['staff'] as const;
export const STAFF_LIST_KEY = [...STAFF_KEY, 'list'] as const;

/** The filters of /staff-list. */
export interface StaffFilter extends Record<string, unknown> {
  keyword: string;
  role: string | null;
  status: string | null;
}

export const NO_STAFF_FILTER: StaffFilter = { keyword: '', role: null, status: null };

export function fetchStaffPage(f: StaffFilter & ListQuery, signal?: AbortSignal): Promise<Page<StaffRow>> {
  return call.get(
    '/staff/list',
    {
      keyword: f.keyword.trim() || undefined,
      role: f.role ?? undefined,
      status: f.status ?? undefined,
      ...pageParams(f),
    },
    { signal },
  );
}

/** The rows of /staff-list. */
export const staffList: ListSource<StaffRow, StaffFilter> = {
  queryKey: STAFF_LIST_KEY,
  fetchPage: fetchStaffPage,
  initialFilters: NO_STAFF_FILTER,
  sortFields: STAFF_SORT_FIELDS,
  views: 'staff',
};

/** An account's audit trail, newest first (its first 100 changes). */
export const staffChangesQuery = (id: string) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'changes', id],
    queryFn: ({ signal }) => call.get('/staff/changes', { id, pageNum: 1, pageSize: 100 }, { signal }),
  });

function useStaffChange<I>(call: (input: I) => Promise<StaffRow>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** Invites a staff member: the form shows what is wrong with its fields itself. */
export const useInviteStaff = () =>
  useStaffChange((input: StaffInvite) => call.post('/staff/invite', input, { kind: 'command', quiet: true }));

export const useUpdateStaff = () =>
  useStaffChange((input: StaffUpdate) => call.post('/staff/update', input, { kind: 'command', quiet: true }));

/** Disables or enables an account; a refusal (the last admin) is shown as a toast. */
export const useSetStaffState = () =>
  useStaffChange(({ id, status }: { id: string; status: StaffState }) =>
    call.post(status === 'disabled' ? '/staff/disable' : '/staff/enable', { id }, { kind: 'command' }),
  );
