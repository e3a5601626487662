import { SEARCH_RECORD_SORT_FIELDS, type SearchRecordListPage, type SearchRecordRow } from '@kb/contracts';
import type { ListQuery, ListSource } from '../../../components/list-query.js';
import { call } from '../../../lib/call.js';
import { cursorPage } from '../../../lib/cursor-page.js';
import { useDeleteRecords } from '../../../lib/delete-records.js';
import { filterText, rangeQuery } from '../../../lib/filter-query.js';
import { PageCursors } from '../../../lib/page-cursors.js';
import { USERS_KEY } from './users-key.js';

/** The filters of /user-search-record-list. */
export interface SearchRecordFilter extends Record<string, unknown> {
  terms: string;
  user: string;
  lang: string;
  region: string;
  empty: string | null;
  searched: [string | null, string | null] | null;
}

export const NO_SEARCH_RECORD_FILTER: SearchRecordFilter = {
  terms: '',
  user: '',
  lang: '',
  region: '',
  empty: null,
  searched: null,
};

export const SEARCH_RECORD_LIST_KEY = [...USERS_KEY, 'searches'] as const;

/** The filter as the API's query (the list and the export send the same). */
export function searchRecordQuery(f: SearchRecordFilter) {
  const range = rangeQuery(f.searched);
  return {
    terms: filterText(f.terms),
    user: filterText(f.user),
    lang: filterText(f.lang),
    region: filterText(f.region)?.toUpperCase(),
    empty: (f.empty ?? undefined) as 'true' | 'false' | undefined,
    searchedFrom: range.from,
    searchedTo: range.to,
  };
}

/** Keyset cursors of the search records: deep pages of millions of records stay index seeks. */
export const searchRecordCursors = new PageCursors();

export const fetchSearchRecordPage = (
  f: SearchRecordFilter & ListQuery,
  signal?: AbortSignal,
): Promise<SearchRecordListPage> =>
  cursorPage(searchRecordCursors, '/userSearchRecord/list', searchRecordQuery(f), f, signal);

/** The rows of /user-search-record-list. */
export const searchRecordList: ListSource<SearchRecordRow, SearchRecordFilter> = {
  queryKey: SEARCH_RECORD_LIST_KEY,
  fetchPage: fetchSearchRecordPage,
  initialFilters: NO_SEARCH_RECORD_FILTER,
  sortFields: SEARCH_RECORD_SORT_FIELDS,
  views: 'searchRecord',
};

/** One user's searches, paged (the user detail): its cache key and page fetcher. */
export const userSearches = (appUserId: string) => ({
  queryKey: [...SEARCH_RECORD_LIST_KEY, 'user', appUserId],
  fetchPage: (pageNum: number, signal: AbortSignal) =>
    call.get('/userSearchRecord/list', { appUserId, pageNum, pageSize: 10 }, { signal }),
});

/** Deletes one search record or several, all or none. */
export function useDeleteSearchRecords() {
  return useDeleteRecords('/userSearchRecord', (queryClient) => {
    searchRecordCursors.clear();
    return queryClient.invalidateQueries({ queryKey: USERS_KEY });
  });
}
