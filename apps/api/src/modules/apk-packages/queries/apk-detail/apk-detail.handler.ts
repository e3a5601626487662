import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ExistingApk } from '@kb/domain';
import { aggregateDetail, type AggregateDetail } from '../../../../common/aggregate-kit/aggregate-detail.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { APK_LIST_SELECT, toApkListItem, type ApkListRow } from '../apk-rows.js';
import { ApkDetailQuery } from './apk-detail.query.js';

const APK_DETAIL: AggregateDetail = {
  listSelect: APK_LIST_SELECT,
  alias: 'a',
  idColumn: 'apk_id',
  detailTable: 'apk_detail',
  notFound: 'apk_not_found',
};

@QueryHandler(ApkDetailQuery)
export class ApkDetailHandler implements IQueryHandler<ApkDetailQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, id }: ApkDetailQuery) {
    const row = await aggregateDetail<ApkListRow, ExistingApk>(this.pool, APK_DETAIL, brand, id);
    return { ...toApkListItem(row), content: row.state.content };
  }
}
