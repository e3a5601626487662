import type { NoticePage } from '@kb/contracts';
import { api } from '../../../lib/api-client.js';

/** The list filters of `/api/inform/list` (empty ones are not sent). */
export interface NoticeListFilter {
  keyword?: string;
  state?: string | null;
  pushMode?: string | null;
  targetKind?: string | null;
}

export function fetchNoticePage(
  query: NoticeListFilter & { pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<NoticePage> {
  return api<NoticePage>('/inform/list', {
    query: {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      keyword: query.keyword?.trim() || undefined,
      state: query.state,
      pushMode: query.pushMode,
      targetKind: query.targetKind,
    },
    signal,
  });
}
