import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { requestContext } from '../common/request-context.js';
import { PG_POOL } from './tokens.js';

/**
 * Brand-scoped access to Postgres: the single place where the caller's brand enters every query.
 * `scoped` prepends the brand as `$1`, so every statement of a module reads `WHERE brand_owner_code = $1`
 * and a handler cannot forget it. `global` is for data that belongs to no brand (languages, countries).
 */
@Injectable()
export class Db {
  constructor(@Inject(PG_POOL) readonly pool: pg.Pool) {}

  async scoped<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
  ): Promise<R[]> {
    const { rows } = await this.pool.query<R>(sql, [requestContext.brand(), ...params]);
    return rows;
  }

  async global<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
  ): Promise<R[]> {
    const { rows } = await this.pool.query<R>(sql, params);
    return rows;
  }
}
