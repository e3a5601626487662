import type { Page } from '@kb/contracts';

/** One page of a list the server answers whole (§7: `boUnit/list` with `onPage=false`; a category's recipes). */
export function pageLocally<T>(rows: readonly T[], pageNum: number, pageSize: number): Page<T> {
  const start = (Math.max(1, pageNum) - 1) * pageSize;
  return { list: rows.slice(start, start + pageSize), total: rows.length, pageNum, pageSize };
}
