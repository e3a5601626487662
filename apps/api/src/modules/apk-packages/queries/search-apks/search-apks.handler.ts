import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { likePrefix, SqlWhere } from '@kb/platform';
import { PG_POOL } from '../../../../infra/tokens.js';
import { APK_LIST_SELECT, toApkListItem, type ApkListRow } from '../apk-rows.js';
import { APK_ORDER } from '../list-apks/list-apks.handler.js';
import { SearchApksQuery } from './search-apks.query.js';

/** How many packages a search answers, newest change first. */
const LIMIT = 50;
/** What a keyword is a prefix of: the package's version number or version, or its sub-brand's or model's code. */
const SEARCHED_COLUMNS = ['version_number', 'apk_version', 'sub_brand_code', 'product_code'];

@QueryHandler(SearchApksQuery)
export class SearchApksHandler implements IQueryHandler<SearchApksQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, keyword, reviewStatus }: SearchApksQuery) {
    const w = new SqlWhere('a', brand);
    const prefix = w.param(likePrefix(keyword.toLowerCase()));
    const matches = SEARCHED_COLUMNS.map((column) => `lower(a.${column}) LIKE ${prefix}`);
    w.where(`(${matches.join(' OR ')})`).equals('review_status', reviewStatus);
    const { rows } = await this.pool.query<ApkListRow>(
      `${APK_LIST_SELECT} WHERE ${w.sql} ORDER BY ${APK_ORDER.natural} LIMIT ${LIMIT}`,
      w.withBrand(),
    );
    return rows.map(toApkListItem);
  }
}
