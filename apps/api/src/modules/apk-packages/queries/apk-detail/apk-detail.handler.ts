import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DomainError, type ExistingApk } from '@kb/domain';
import { PG_POOL } from '../../../../infra/tokens.js';
import { APK_LIST_SELECT, toApkListItem, type ApkListRow } from '../apk-rows.js';
import { ApkDetailQuery } from './apk-detail.query.js';

@QueryHandler(ApkDetailQuery)
export class ApkDetailHandler implements IQueryHandler<ApkDetailQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, id }: ApkDetailQuery) {
    const { rows } = await this.pool.query<ApkListRow & { state: ExistingApk }>(
      `SELECT l.*, d.state FROM (${APK_LIST_SELECT} WHERE a.brand_owner_code = $1 AND a.apk_id = $2) l
         JOIN apk_detail d ON d.apk_id = l.id::uuid`,
      [brand, id],
    );
    const row = rows[0];
    if (!row) throw new DomainError(404, 'apk_not_found');
    return { ...toApkListItem(row), content: row.state.content };
  }
}
