import type { ListQuery } from '../components/list-query.js';
import { sortParams } from '../components/list-views/list-sort-logic.js';

/** A list route's page and sort, as the API takes them beside the list's filters. */
export const pageParams = (query: ListQuery) => ({
  pageNum: query.pageNum,
  pageSize: query.pageSize,
  ...sortParams(query),
});
