import { useLocation, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { usePageContext } from '../../lib/page-context.js';
import { sameSort, sortFromSearch, type ListSort } from './list-sort-logic.js';

/**
 * A list's sort, kept in the address (`?orderBy=sn&order=desc`): read from the page's own query when the list
 * opens (a reload or a shared link shows the same order), written back while the list's page is the current one.
 * The tab of a list does not change with its sort (app/tabs ignores these two parameters).
 */
export function useListSort(fields: readonly string[]): [ListSort, (sort: ListSort) => void] {
  const page = usePageContext();
  const location = useLocation();
  const navigate = useNavigate();
  const [sort, setSort] = useState<ListSort>(() =>
    sortFromSearch(page?.search ?? (location.search as Record<string, unknown>), fields),
  );
  const ownPath = page?.tabKey.split('?')[0] ?? location.pathname;
  const current = ownPath === location.pathname.replace(/\/+$/, '') || ownPath === location.pathname;
  const search = location.search as Record<string, unknown>;
  useEffect(() => {
    if (!current || fields.length === 0 || sameSort(sortFromSearch(search, fields), sort)) return;
    void navigate({
      to: location.pathname,
      search: { ...search, orderBy: sort.orderBy, order: sort.orderBy ? (sort.order ?? 'asc') : undefined },
      replace: true,
    } as never);
  }, [current, fields, sort, search, location.pathname, navigate]);
  return [sort, setSort];
}
