import type { OfflinePackListItem, Page } from '@kb/contracts';
import { call } from '../../../lib/call.js';
import { pageParams } from '../../../lib/page-params.js';
import type { ListQuery } from '../../../components/list-query.js';

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
  query: OfflinePackListFilter & ListQuery,
  signal: AbortSignal,
): Promise<Page<OfflinePackListItem>> {
  return call.get(
    '/offlineRecipes/list',
    {
      number: query.number?.trim(),
      type: query.type,
      productCode: query.productCode,
      subBrandCode: query.subBrandCode,
      testStatus: query.testStatus,
      releaseStatus: query.releaseStatus,
      ...pageParams(query),
    },
    { signal },
  );
}
