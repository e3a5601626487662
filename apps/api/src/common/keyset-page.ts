import type { CountedPage, PageQuery } from '@kb/contracts';
import type { Db } from '../infra/db.js';
import {
  keysetKeysSql,
  nextKeysetCursor,
  orderClause,
  type ListOrder,
  type SortRequest,
} from './list-sort.js';
import { boundedWholeList, countUpTo, MAX_WHOLE_LIST, refuseDeepJump } from './paging.js';
import { SqlFilter } from './sql-filter.js';

/**
 * A large list of a brand read by keyset (devices, app users, search records): a table keyed by its `seq`, whose
 * brand total is kept up to date beside it.
 */
export interface KeysetList<F extends string> {
  /** The table, and the alias its filter, order and columns use. */
  table: string;
  alias: string;
  /** The page's columns (the page's `sort_value` is added to them). */
  columns: string;
  /** Joins the columns need, after the table. */
  joins?: string;
  order: ListOrder<F>;
  /** Reads the brand's kept total (`total`; the brand is $1, then `params`): the total when nothing narrows the list. */
  keptTotal: { sql: string; params?: unknown[] };
}

/** What a keyset list is asked: the page, its sort and the cursor of the page before. */
export type KeysetQuery<F extends string> = PageQuery & SortRequest<F> & { after?: string };

/**
 * The pager's total. The whole brand: its kept total. Filtered: counted up to LIST_COUNT_EXACT_UP_TO matches (an
 * index walk of at most that many entries), beyond that the planner's estimate, marked as such, so a broad filter
 * over a million rows stays cheap.
 */
async function totalOf<F extends string>(
  db: Db,
  list: KeysetList<F>,
  filter: SqlFilter,
): Promise<{ total: number; exact: boolean }> {
  if (!filter.filtered) {
    const [row] = await db.scoped<{ total: string }>(list.keptTotal.sql, list.keptTotal.params);
    return { total: Number(row?.total ?? 0), exact: true };
  }
  return countUpTo(
    (sql, params) => db.scoped(sql, params),
    `SELECT 1 FROM ${list.table} ${list.alias} WHERE ${filter.sql}`,
    filter.params,
  );
}

/**
 * One page of a keyset list, newest first or in the order asked: the page's keys come from an index alone (a seek
 * after `after`, else a walk to the offset, which refuseDeepJump bounds), then only the page's rows are read and
 * joined. With `onPage=false` the whole list, up to MAX_WHOLE_LIST rows.
 */
export async function keysetPage<R extends { seq: string; sort_value?: string | null }, F extends string, T>(
  db: Db,
  list: KeysetList<F>,
  filter: SqlFilter,
  q: KeysetQuery<F>,
  map: (row: R) => T,
): Promise<CountedPage<T>> {
  refuseDeepJump(q);
  const { table, alias } = list;
  const keys = new SqlFilter(alias);
  keys.params.push(...filter.params);
  const keysSql = keysetKeysSql(
    list.order,
    q,
    { from: `${table} ${alias}`, where: filter.sql },
    q,
    (v) => keys.param(v),
    MAX_WHOLE_LIST + 1,
  );
  const [rows, count] = await Promise.all([
    db.scoped<R>(
      `WITH page AS (${keysSql})
       SELECT ${list.columns}, page.sort_value
         FROM page JOIN ${table} ${alias} ON ${alias}.brand_owner_code = $1 AND ${alias}.seq = page.seq ${list.joins ?? ''}
        ORDER BY ${orderClause(list.order, q)}`,
      keys.params,
    ),
    q.onPage ? totalOf(db, list, filter) : Promise.resolve(null),
  ]);
  const page = q.onPage ? rows : boundedWholeList(rows);
  return {
    list: page.map(map),
    total: count ? count.total : page.length,
    totalExact: count ? count.exact : true,
    pageNum: q.onPage ? q.pageNum : 1,
    pageSize: q.onPage ? q.pageSize : page.length,
    nextCursor: nextKeysetCursor(q, q, page),
  };
}
