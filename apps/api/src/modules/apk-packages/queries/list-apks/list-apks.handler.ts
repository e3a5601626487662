import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { APK_SORT_FIELDS, ApkListQuery } from '@kb/contracts';
import { likePrefix, SqlWhere } from '@kb/platform';
import { listOrder } from '../../../../common/list-sort.js';
import { filteredList, type FilteredList } from '../../../../common/paging.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { APK_LIST_SELECT, toApkListItem, type ApkListRow } from '../apk-rows.js';
import { ListApksQuery } from './list-apks.query.js';

/**
 * The APK list's sortable columns; newest change first without a sort. A brand keeps hundreds of packages at
 * most, read whole by its brand index: the sorts need no index of their own, and the sub-brand and model sort by
 * the names shown, from the joined reference tables (APK_LIST_SELECT).
 */
export const APK_ORDER = listOrder<(typeof APK_SORT_FIELDS)[number]>({
  keys: {
    versionNumber: 'a.version_number text',
    subBrandName: 's.name text null',
    modelName: 'sp.customer_model text null',
    apkVersion: 'a.apk_version text',
    fileSize: 'a.file_size bigint null',
    reviewStatus: 'a.review_status text',
    testStatus: 'a.test_status text',
    releaseStatus: 'a.release_status text',
    appliedAt: 'a.applied_at timestamptz null',
    releasedAt: 'a.released_at timestamptz null',
    updatedAt: 'a.updated_at timestamptz',
  },
  tieBreak: 'a.apk_id text',
  natural: 'a.updated_at DESC, a.apk_id DESC',
});

/** The APK list's filter over a brand's `apk_list a`. */
export function apkListWhere(brand: string, f: Partial<ApkListQuery>): SqlWhere {
  const w = new SqlWhere('a', brand)
    .equals('sub_brand_code', f.subBrandCode)
    .equals('product_code', f.productCode)
    .equals('review_status', f.reviewStatus)
    .equals('test_status', f.testStatus)
    .equals('release_status', f.releaseStatus);
  if (f.version) {
    const prefix = w.param(likePrefix(f.version.toLowerCase()));
    w.where(`(lower(a.version_number) LIKE ${prefix} OR lower(a.apk_version) LIKE ${prefix})`);
  }
  return w;
}

const APK_LIST: FilteredList<(typeof APK_SORT_FIELDS)[number]> = {
  select: APK_LIST_SELECT,
  from: 'apk_list a',
  order: APK_ORDER,
};

@QueryHandler(ListApksQuery)
export class ListApksHandler implements IQueryHandler<ListApksQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ brand, filter }: ListApksQuery) {
    return filteredList(this.pool, APK_LIST, apkListWhere(brand, filter), filter, (rows: ApkListRow[]) =>
      rows.map(toApkListItem),
    );
  }
}
