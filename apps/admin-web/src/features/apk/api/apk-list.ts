import type { ApkListItem, Page } from '@kb/contracts';
import { sortParams, type ListSort } from '../../../components/list-views/list-sort-logic.js';
import { call } from '../../../lib/call.js';

/** The list filters of `/api/subApk/list` (empty ones are not sent). */
export interface ApkListFilter {
  subBrandCode?: string | null;
  productCode?: string | null;
  version?: string;
  reviewStatus?: string | null;
  testStatus?: string | null;
  releaseStatus?: string | null;
}

export function fetchApkPage(
  query: ApkListFilter & ListSort & { pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<Page<ApkListItem>> {
  return call.get(
    '/subApk/list',
    {
      pageNum: query.pageNum,
      pageSize: query.pageSize,
      subBrandCode: query.subBrandCode,
      productCode: query.productCode,
      version: query.version?.trim(),
      reviewStatus: query.reviewStatus,
      testStatus: query.testStatus,
      releaseStatus: query.releaseStatus,
      ...sortParams(query),
    },
    { signal },
  );
}
