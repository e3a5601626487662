import { deepestJump, LIST_COUNT_EXACT_UP_TO, type Page, type PageQuery } from '@kb/contracts';
import type { SqlWhere } from '@kb/platform';
import type pg from 'pg';
import { orderClause, type ListOrder, type SortRequest } from './list-sort.js';
import { AppError, fieldRefusal } from './app-error.js';

type Runner = <R extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<R[]>;

/**
 * The most rows `onPage=false` answers. Whole lists serve pickers and small reference tables; a list past this
 * bound (a brand's recipes, its devices) is refused with a message to page it instead of answering megabytes.
 */
export const MAX_WHOLE_LIST = 1000;

/** The whole-list refusal: 400 naming the bound, so the caller knows to page (`onPage=true`) or filter. */
export const wholeListTooLarge = () => new AppError(400, 'list_too_large', { max: MAX_WHOLE_LIST });

/**
 * Refuses (400) a page of a large list asked for by a number past deepestJump without the cursor of the page before
 * it: its offset would walk the list's index from its start (LIST_JUMP_UP_TO).
 */
export function refuseDeepJump(q: { pageNum: number; pageSize: number; onPage: boolean; after?: string }) {
  const max = deepestJump(q.pageSize);
  if (!q.onPage || q.after || q.pageNum <= max) return;
  throw fieldRefusal('pageNum', 'page_too_deep', { max });
}

/** Throws the refusal when a list already in memory is longer than the bound. */
export function boundedWholeList<T>(list: T[]): T[] {
  if (list.length > MAX_WHOLE_LIST) throw wholeListTooLarge();
  return list;
}

/**
 * Runs an `onPage=false` query for at most MAX_WHOLE_LIST rows (one more is read to notice a longer list).
 * `sql` must not end in LIMIT/OFFSET.
 */
export async function wholeList<R extends Record<string, unknown>, T>(
  run: Runner,
  sql: string,
  params: unknown[],
  map: (row: R) => T,
): Promise<T[]> {
  const rows = await run<R>(`${sql} LIMIT ${MAX_WHOLE_LIST + 1}`, params);
  return boundedWholeList(rows).map(map);
}

/** A pool as the paging helpers run their queries: the rows of each. */
export const rowsOf =
  (pool: pg.Pool): Runner =>
  (sql, params) =>
    pool.query(sql, params).then((r) => r.rows);

/** A list's SQL as the pager runs it. */
export interface ListSql {
  /** The rows in the list's order; must not end in LIMIT/OFFSET. */
  sql: string;
  params: unknown[];
  /** What counts the rows `sql` lists (default: `sql` counted as a whole). */
  count?: string;
  /** A page's SQL given the placeholders of its LIMIT and OFFSET (default: `sql` with them). */
  page?(limit: string, offset: string): string;
}

/** One page of a list and the total, as the §9 pager shows them. */
async function pageOf<R extends Record<string, unknown>, T>(
  run: Runner,
  list: ListSql,
  page: PageQuery,
  map: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Page<T>> {
  const n = list.params.length;
  const [limit, offset] = [`$${n + 1}`, `$${n + 2}`];
  const [rows, count] = await Promise.all([
    run<R>(list.page?.(limit, offset) ?? `${list.sql} LIMIT ${limit} OFFSET ${offset}`, [
      ...list.params,
      page.pageSize,
      (page.pageNum - 1) * page.pageSize,
    ]),
    run<{ total: string }>(
      list.count ?? `SELECT count(*) AS total FROM (${list.sql}) AS counted`,
      list.params,
    ),
  ]);
  return {
    list: await map(rows),
    total: Number(count[0]?.total ?? 0),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}

/**
 * Runs a list query as the §9 pager wants it: the page's rows and the total. With `onPage=false` the whole
 * list (up to MAX_WHOLE_LIST rows) comes back in `list` (total = its length). `sql` must not end in LIMIT/OFFSET.
 */
export async function pagedQuery<R extends Record<string, unknown>, T>(
  run: Runner,
  sql: string,
  params: unknown[],
  page: PageQuery,
  map: (row: R) => T,
): Promise<Page<T>> {
  if (!page.onPage) {
    const list = await wholeList(run, sql, params, map);
    return { list, total: list.length, pageNum: 1, pageSize: list.length };
  }
  return pageOf(run, { sql, params }, page, (rows: R[]) => rows.map(map));
}

/**
 * A list's page with the total, or with `onPage=false` the whole list itself (up to MAX_WHOLE_LIST rows): what the
 * lists that serve pickers answer.
 */
export async function pageOrWholeList<R extends Record<string, unknown>, T>(
  run: Runner,
  list: ListSql,
  page: PageQuery,
  map: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Page<T> | T[]> {
  if (page.onPage) return pageOf(run, list, page, map);
  return map(boundedWholeList(await run<R>(`${list.sql} LIMIT ${MAX_WHOLE_LIST + 1}`, list.params)));
}

/** The count of countUpTo: at most one row more than it counts exactly (`upTo`). */
export const countUpToSql = (rows: string, upTo = LIST_COUNT_EXACT_UP_TO) =>
  `SELECT count(*) AS total FROM (${rows} LIMIT ${upTo + 1}) counted`;

/** The planner's estimate of how many rows `rows` (a `SELECT 1 FROM … WHERE …`) finds, from the table statistics. */
export async function plannedRows(run: Runner, rows: string, params: unknown[]): Promise<number> {
  const [plan] = await run<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    `EXPLAIN (FORMAT JSON) ${rows}`,
    params,
  );
  return Math.round(plan?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
}

/**
 * The total of a large list: its rows counted up to `upTo` (LIST_COUNT_EXACT_UP_TO unless a list's matches cost a
 * row visit each: a walk of at most that many index entries or rows), beyond that the planner's estimate from the
 * table statistics, marked as not exact. `rows` is the list's `SELECT 1 FROM … WHERE …` (no ORDER BY, no LIMIT).
 */
export async function countUpTo(
  run: Runner,
  rows: string,
  params: unknown[],
  upTo = LIST_COUNT_EXACT_UP_TO,
): Promise<{ total: number; exact: boolean }> {
  const [counted] = await run<{ total: string }>(countUpToSql(rows, upTo), params);
  const total = Number(counted?.total ?? 0);
  if (total <= upTo) return { total, exact: true };
  return { total: Math.max(await plannedRows(run, rows, params), total), exact: false };
}

/**
 * A sortable list as `pagedQuery` answers it: `select` (its SELECT with its FROM and joins, without WHERE) narrowed
 * by `where`, in the order the caller asked of `order` (its natural order without a sort).
 */
export function sortedPage<R extends Record<string, unknown>, T, F extends string>(
  pool: pg.Pool,
  select: string,
  where: SqlWhere,
  order: ListOrder<F>,
  q: PageQuery & SortRequest<F>,
  map: (row: R) => T,
): Promise<Page<T>> {
  return pagedQuery(
    rowsOf(pool),
    `${select} WHERE ${where.sql} ORDER BY ${orderClause(order, q)}`,
    where.withBrand(),
    q,
    map,
  );
}

/** A list of a brand read through its brand index (tens or hundreds of rows): what `filteredList` runs. */
export interface FilteredList<F extends string> {
  /** The page's SELECT with its FROM and joins, without WHERE. */
  select: string;
  /** What the total counts, filtered by the same WHERE (the list's table without its joins). */
  from: string;
  order: ListOrder<F>;
}

/** A filtered list in the order asked, as pageOrWholeList answers it: `where` narrows both the rows and the total. */
export function filteredList<R extends Record<string, unknown>, T, F extends string>(
  pool: pg.Pool,
  list: FilteredList<F>,
  where: SqlWhere,
  q: PageQuery & SortRequest<F>,
  map: (rows: R[]) => T[] | Promise<T[]>,
): Promise<Page<T> | T[]> {
  return pageOrWholeList(
    rowsOf(pool),
    {
      sql: `${list.select} WHERE ${where.sql} ORDER BY ${orderClause(list.order, q)}`,
      params: where.withBrand(),
      count: `SELECT count(*) AS total FROM ${list.from} WHERE ${where.sql}`,
    },
    q,
    map,
  );
}
