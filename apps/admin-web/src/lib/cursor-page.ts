import type { StaffGetAnswer, StaffGetInput, StaffGetPath } from '@kb/contracts';
import type { ListQuery } from '../components/list-query.js';
import { sortParams } from '../components/list-views/list-sort-logic.js';
import { call, type Paged, type QueryOf } from './call.js';
import type { PageCursors } from './page-cursors.js';

/** The lists read a page at a time by keyset cursor (their page says where the next one starts). */
type CursorListPath = {
  [P in StaffGetPath]: Paged<StaffGetAnswer<P>> extends { nextCursor: string | null } ? P : never;
}[StaffGetPath];

/**
 * The page of the list at `path` that `list` asks for (its number, size and sort), of the rows `filters` pick: sent
 * with the cursor of the page before when `cursors` has it (an index seek however deep), by offset otherwise; where
 * the page after starts is kept.
 */
export function cursorPage<P extends CursorListPath>(
  cursors: PageCursors,
  path: P,
  filters: Omit<QueryOf<StaffGetInput<P>>, 'pageNum' | 'pageSize' | 'after' | 'orderBy' | 'order'>,
  list: ListQuery,
  signal?: AbortSignal,
): Promise<Paged<StaffGetAnswer<P>>> {
  const { pageNum, pageSize } = list;
  const query = { ...filters, ...sortParams(list) };
  const get = call.get as (
    path: P,
    input: object,
    options: { signal?: AbortSignal },
  ) => Promise<Paged<StaffGetAnswer<P>>>;
  return cursors.page(query, pageSize, pageNum, (after) =>
    get(path, { ...query, pageNum, pageSize, after }, { signal }),
  );
}
