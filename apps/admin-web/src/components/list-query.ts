import type { ListName, Page } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { NO_SORT, type ListSort } from './list-views/list-sort-logic.js';
import { PAGER_DEFAULT_SIZE } from './pager-logic.js';

export interface ListQuery extends ListSort {
  pageNum: number;
  pageSize: number;
}

/**
 * Loads one page (`pageNum` from 1, `pageSize` of §9) with the applied filters; a large list's page may say its
 * total is an estimate (`totalExact: false`, counted exactly up to `exactUpTo` when it says so).
 */
export type FetchPage<T, F> = (
  query: F & ListQuery,
  signal: AbortSignal,
) => Promise<Page<T> & { totalExact?: boolean; exactUpTo?: number }>;

/**
 * The query of one page of a list screen: what ListPage asks for, and what a route's loader may start while the
 * screen's code is still loading (the first page, unfiltered and unsorted), under the same key.
 */
export function listQuery<T, F>(
  queryKey: readonly unknown[],
  fetchPage: FetchPage<T, F>,
  applied: F,
  paging: ListQuery = { pageNum: 1, pageSize: PAGER_DEFAULT_SIZE },
  sort: ListSort = NO_SORT,
) {
  return queryOptions({
    queryKey: [...queryKey, applied, sort, paging.pageNum, paging.pageSize],
    queryFn: ({ signal }) => fetchPage({ ...applied, ...paging, ...sort }, signal),
  });
}

/**
 * Where a list screen's rows come from, declared beside its API call: the cache key, the page it loads, its empty
 * filter, the fields the API sorts by (libs/contracts `*_SORT_FIELDS`) and its name for saved views. The screen
 * spreads it into ListPage and adds what it shows: filters, columns, actions.
 */
export interface ListSource<T, F> {
  queryKey: readonly unknown[];
  fetchPage: FetchPage<T, F>;
  initialFilters: F;
  sortFields?: readonly string[];
  views?: ListName;
}
