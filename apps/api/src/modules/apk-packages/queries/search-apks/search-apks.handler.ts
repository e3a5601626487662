import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { likePrefix } from '@kb/platform';
import { PG_POOL } from '../../../../infra/tokens.js';
import { APK_LIST_SELECT, toApkListItem, type ApkListRow } from '../apk-rows.js';
import { SearchApksQuery } from './search-apks.query.js';

@QueryHandler(SearchApksQuery)
export class SearchApksHandler implements IQueryHandler<SearchApksQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, keyword, reviewStatus }: SearchApksQuery) {
    const params: unknown[] = [brand, likePrefix(keyword.toLowerCase())];
    let where = `a.brand_owner_code = $1 AND (lower(a.version_number) LIKE $2 OR lower(a.apk_version) LIKE $2
      OR lower(a.sub_brand_code) LIKE $2 OR lower(a.product_code) LIKE $2)`;
    if (reviewStatus) where += ` AND a.review_status = $${params.push(reviewStatus)}`;
    const { rows } = await this.pool.query<ApkListRow>(
      `${APK_LIST_SELECT} WHERE ${where} ORDER BY a.updated_at DESC, a.apk_id DESC LIMIT 50`,
      params,
    );
    return rows.map(toApkListItem);
  }
}
