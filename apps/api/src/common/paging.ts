import type { Page, PageQuery } from '@kb/contracts';

type Runner = <R extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<R[]>;

/**
 * Runs a list query as the §9 pager wants it: the page's rows and the total. With `onPage=false` the whole
 * list comes back in `list` (total = its length). `sql` must not end in LIMIT/OFFSET.
 */
export async function pagedQuery<R extends Record<string, unknown>, T>(
  run: Runner,
  sql: string,
  params: unknown[],
  page: PageQuery,
  map: (row: R) => T,
): Promise<Page<T>> {
  if (!page.onPage) {
    const rows = await run<R>(sql, params);
    return { list: rows.map(map), total: rows.length, pageNum: 1, pageSize: rows.length };
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
