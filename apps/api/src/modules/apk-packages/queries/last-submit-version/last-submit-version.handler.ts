import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ApkReviewStatus } from '@kb/contracts';
import { PG_POOL } from '../../../../infra/tokens.js';
import { LastSubmitVersionQuery } from './last-submit-version.query.js';

@QueryHandler(LastSubmitVersionQuery)
export class LastSubmitVersionHandler implements IQueryHandler<LastSubmitVersionQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, subBrandCode, productCode }: LastSubmitVersionQuery) {
    const { rows } = await this.pool.query<{
      id: string;
      version_number: string;
      apk_version: string;
      parent_version: string;
      branch_package: string;
      review_status: ApkReviewStatus;
      applied_at: Date;
    }>(
      `SELECT apk_id::text AS id, version_number, apk_version, parent_version, branch_package, review_status,
              applied_at
         FROM apk_list
        WHERE brand_owner_code = $1 AND sub_brand_code = $2 AND product_code = $3 AND applied_at IS NOT NULL
        ORDER BY applied_at DESC, apk_id DESC LIMIT 1`,
      [brand, subBrandCode, productCode],
    );
    const r = rows[0];
    if (!r) return null;
    return {
      id: r.id,
      versionNumber: r.version_number,
      apkVersion: r.apk_version,
      parentVersion: r.parent_version,
      branchPackage: r.branch_package,
      reviewStatus: r.review_status,
      appliedAt: r.applied_at.toISOString(),
    };
  }
}
