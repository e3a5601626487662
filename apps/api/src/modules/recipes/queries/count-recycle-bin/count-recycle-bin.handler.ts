import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../../../../infra/tokens.js';
import { CountRecycleBinQuery } from './count-recycle-bin.query.js';

@QueryHandler(CountRecycleBinQuery)
export class CountRecycleBinHandler implements IQueryHandler<CountRecycleBinQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand }: CountRecycleBinQuery) {
    const { rows } = await this.pool.query<{ count: string }>(
      `SELECT count(*) AS count FROM recipe_list WHERE brand_owner_code = $1 AND status = 'recycle_bin'`,
      [brand],
    );
    return { count: Number(rows[0]?.count ?? 0) };
  }
}
