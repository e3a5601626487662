import type { NoticePage } from '@kb/contracts';
import type { ExportFormat } from '../../../components/list-views/list-export.js';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { call } from '../../../lib/call.js';

/** The list filters of `/api/inform/list` (empty ones are not sent). */
export interface NoticeListFilter {
  keyword?: string;
  state?: string | null;
  pushMode?: string | null;
  targetKind?: string | null;
}

/**
 * The filter and sort as the API's query (the list and the export send the same). An empty select is left out, not
 * sent as null: the export posts these as JSON, where a null is a value the filter refuses.
 */
function noticeQuery(query: NoticeListFilter & ListSort) {
  return {
    keyword: query.keyword?.trim() || undefined,
    state: query.state ?? undefined,
    pushMode: query.pushMode ?? undefined,
    targetKind: query.targetKind ?? undefined,
    ...sortParams(query),
  };
}

export function fetchNoticePage(
  query: NoticeListFilter & ListSort & { pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<NoticePage> {
  return call.get(
    '/inform/list',
    { pageNum: query.pageNum, pageSize: query.pageSize, ...noticeQuery(query) },
    { signal },
  );
}

/** Exports the notices the list shows (its filters and sort) as CSV or xlsx: the export job's run. */
export const exportNotices = (query: NoticeListFilter & ListSort, format: ExportFormat) =>
  call.post('/inform/exportData', { ...noticeQuery(query), format }, { kind: 'command' });
