import { SORT_ORDERS, type SortOrder } from '@kb/contracts';

/** The sort of a list: a sortable field and its direction; none keeps the list's own order. */
export interface ListSort {
  orderBy?: string;
  order?: SortOrder;
}

export const NO_SORT: ListSort = {};

/** A header click: unsorted → ascending → descending → unsorted (another column starts ascending). */
export function nextSort(current: ListSort, field: string): ListSort {
  if (current.orderBy !== field) return { orderBy: field, order: 'asc' };
  return (current.order ?? 'asc') === 'asc' ? { orderBy: field, order: 'desc' } : NO_SORT;
}

/** The sort a query string asks for, if the list sorts by that field (anything else is ignored). */
export function sortFromSearch(search: Record<string, unknown>, fields: readonly string[]): ListSort {
  const orderBy = search.orderBy;
  if (typeof orderBy !== 'string' || !fields.includes(orderBy)) return NO_SORT;
  const order = (SORT_ORDERS as readonly unknown[]).includes(search.order)
    ? (search.order as SortOrder)
    : 'asc';
  return { orderBy, order };
}

export const sameSort = (a: ListSort, b: ListSort) =>
  (a.orderBy ?? null) === (b.orderBy ?? null) &&
  (a.orderBy ? (a.order ?? 'asc') === (b.order ?? 'asc') : true);

/** The `aria-sort` of a column header. */
export function ariaSort(sort: ListSort, field: string): 'ascending' | 'descending' | 'none' {
  if (sort.orderBy !== field) return 'none';
  return sort.order === 'desc' ? 'descending' : 'ascending';
}

/** The sort as the list APIs' query (`orderBy`, `order`); nothing for the list's own order. */
export const sortParams = (sort: ListSort): ListSort =>
  sort.orderBy ? { orderBy: sort.orderBy, order: sort.order ?? 'asc' } : {};
