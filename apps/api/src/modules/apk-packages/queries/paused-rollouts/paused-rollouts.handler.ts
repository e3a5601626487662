import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ApkPausedRollout } from '@kb/contracts';
import { PG_POOL } from '../../../../infra/tokens.js';
import { PausedRolloutsQuery } from './paused-rollouts.query.js';

@QueryHandler(PausedRolloutsQuery)
export class PausedRolloutsHandler implements IQueryHandler<PausedRolloutsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand }: PausedRolloutsQuery): Promise<ApkPausedRollout[]> {
    const { rows } = await this.pool.query<ApkPausedRollout>(
      `SELECT apk_id::text AS id, state->'content'->>'versionNumber' AS "versionNumber",
              state->'content'->>'productCode' AS "productCode",
              state->'content'->>'subBrandCode' AS "subBrandCode",
              state->'rollout'->'pause' AS pause
         FROM apk_detail
        WHERE brand_owner_code = $1 AND state->'rollout'->>'status' = 'paused'
        ORDER BY state->'rollout'->'pause'->>'at' DESC
        LIMIT 20`,
      [brand],
    );
    return rows;
  }
}
