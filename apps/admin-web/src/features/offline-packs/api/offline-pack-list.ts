import type { OfflinePackListItem, Page } from '@kb/contracts';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { call } from '../../../lib/call.js';

/** The list filters of `/api/offlineRecipes/list` (empty ones are not sent). */
export interface OfflinePackListFilter {
  number?: string;
  type?: string | null;
  productCode?: string | null;
  subBrandCode?: string | null;
  testStatus?: string | null;
  releaseStatus?: string | null;
}

export function fetchOfflinePackPage(
  query: OfflinePackListFilter & ListSort & { pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<Page<OfflinePackListItem>> {
  return call.get(
    '/offlineRecipes/list',
    {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      number: query.number?.trim(),
      type: query.type,
      productCode: query.productCode,
      subBrandCode: query.subBrandCode,
      testStatus: query.testStatus,
      releaseStatus: query.releaseStatus,
      ...sortParams(query),
    },
    { signal },
  );
}
