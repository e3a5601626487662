import type { ApkListItem, Page } from '@kb/contracts';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';
import type { ListQuery } from '../../../components/list-query.js';

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
  query: ApkListFilter & ListQuery,
  signal: AbortSignal,
): Promise<Page<ApkListItem>> {
  return call.get(
    '/subApk/list',
    {
      subBrandCode: query.subBrandCode,
      productCode: query.productCode,
      version: query.version?.trim(),
      reviewStatus: query.reviewStatus,
      testStatus: query.testStatus,
      releaseStatus: query.releaseStatus,
      ...pageParams(query),
    },
    { signal },
  );
}
