import { pageOrWholeList, rowsOf } from '../../../../common/paging.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { APK_SORT_FIELDS, ApkListQuery } from '@kb/contracts';
import { likePrefix } from '@kb/platform';
import { orderClause, type ListOrder } from '../../../../common/list-sort.js';
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

/** WHERE over `apk_list a`, brand first ($1). */
export function apkListConditions(brand: string, f: Partial<ApkListQuery>) {
  const params: unknown[] = [brand];
  const add = (v: unknown) => `$${params.push(v)}`;
  const where = ['a.brand_owner_code = $1'];
  if (f.subBrandCode) where.push(`a.sub_brand_code = ${add(f.subBrandCode)}`);
  if (f.productCode) where.push(`a.product_code = ${add(f.productCode)}`);
  if (f.version) {
    const prefix = add(likePrefix(f.version.toLowerCase()));
    where.push(`(lower(a.version_number) LIKE ${prefix} OR lower(a.apk_version) LIKE ${prefix})`);
  }
  if (f.reviewStatus) where.push(`a.review_status = ${add(f.reviewStatus)}`);
  if (f.testStatus) where.push(`a.test_status = ${add(f.testStatus)}`);
  if (f.releaseStatus) where.push(`a.release_status = ${add(f.releaseStatus)}`);
  return { where: where.join(' AND '), params };
}

@QueryHandler(ListApksQuery)
export class ListApksHandler implements IQueryHandler<ListApksQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, filter }: ListApksQuery) {
    const { where, params } = apkListConditions(brand, filter);
    return pageOrWholeList(
      rowsOf(this.pool),
      {
        sql: `${APK_LIST_SELECT} WHERE ${where} ORDER BY ${orderClause(APK_ORDER, filter)}`,
        params,
        count: `SELECT count(*) AS total FROM apk_list a WHERE ${where}`,
      },
      filter,
      (rows: ApkListRow[]) => rows.map(toApkListItem),
    );
  }
}
