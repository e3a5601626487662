import type { Page, PageQuery } from '@kb/contracts';
import { AppError } from './app-error.js';

type Runner = <R extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<R[]>;

/**
 * The most rows `onPage=false` answers. Whole lists serve pickers and small reference tables; a list past this
 * bound (a brand's recipes, its devices) is refused with a message to page it instead of answering megabytes.
 */
export const MAX_WHOLE_LIST = 1000;

/** The whole-list refusal: 400 naming the bound, so the caller knows to page (`onPage=true`) or filter. */
export const wholeListTooLarge = () => new AppError(400, 'list_too_large', { max: MAX_WHOLE_LIST });

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
  const n = params.length;
  const [rows, count] = await Promise.all([
    run<R>(`${sql} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      page.pageSize,
      (page.pageNum - 1) * page.pageSize,
    ]),
    run<{ total: string }>(`SELECT count(*) AS total FROM (${sql}) AS counted`, params),
  ]);
  return {
    list: rows.map(map),
    total: Number(count[0]?.total ?? 0),
    pageNum: page.pageNum,
    pageSize: page.pageSize,
  };
}
