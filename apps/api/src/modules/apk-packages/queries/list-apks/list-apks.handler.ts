import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { APK_SORT_FIELDS, ApkListQuery } from '@kb/contracts';
import { likePrefix, SqlWhere } from '@kb/platform';
import type { ListOrder } from '../../../../common/list-sort.js';
import { filteredList, type FilteredList } from '../../../../common/paging.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { APK_LIST_SELECT, toApkListItem, type ApkListRow } from '../apk-rows.js';
import { ListApksQuery } from './list-apks.query.js';

/**
 * The APK list's sortable columns; newest change first without a sort. A brand keeps hundreds of packages at
 * most, read whole by its brand index: the sorts need no index of their own, and the sub-brand and model sort by
 * the names shown, from the joined reference tables (APK_LIST_SELECT).
 */
export const APK_ORDER: ListOrder<(typeof APK_SORT_FIELDS)[number]> = {
  keys: {
    versionNumber: { sql: 'a.version_number', type: 'text' },
    subBrandName: { sql: 's.name', type: 'text', nullable: true },
    modelName: { sql: 'sp.customer_model', type: 'text', nullable: true },
    apkVersion: { sql: 'a.apk_version', type: 'text' },
    fileSize: { sql: 'a.file_size', type: 'bigint', nullable: true },
    reviewStatus: { sql: 'a.review_status', type: 'text' },
    testStatus: { sql: 'a.test_status', type: 'text' },
    releaseStatus: { sql: 'a.release_status', type: 'text' },
    appliedAt: { sql: 'a.applied_at', type: 'timestamptz', nullable: true },
    releasedAt: { sql: 'a.released_at', type: 'timestamptz', nullable: true },
    updatedAt: { sql: 'a.updated_at', type: 'timestamptz' },
  },
  tieBreak: { sql: 'a.apk_id', type: 'text' },
  natural: 'a.updated_at DESC, a.apk_id DESC',
};

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
