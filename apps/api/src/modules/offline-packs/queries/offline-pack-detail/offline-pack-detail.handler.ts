import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DomainError, type ExistingOfflinePack } from '@kb/domain';
import { PG_POOL } from '../../../../infra/tokens.js';
import {
  OFFLINE_PACK_LIST_SELECT,
  toOfflinePackListItem,
  type OfflinePackListRow,
} from '../offline-pack-rows.js';
import { OfflinePackDetailQuery } from './offline-pack-detail.query.js';

@QueryHandler(OfflinePackDetailQuery)
export class OfflinePackDetailHandler implements IQueryHandler<OfflinePackDetailQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, id }: OfflinePackDetailQuery) {
    const { rows } = await this.pool.query<OfflinePackListRow & { state: ExistingOfflinePack }>(
      `SELECT l.*, d.state FROM (${OFFLINE_PACK_LIST_SELECT} WHERE o.brand_owner_code = $1 AND o.pack_id = $2) l
         JOIN offline_pack_detail d ON d.pack_id = l.id::uuid`,
      [brand, id],
    );
    const row = rows[0];
    if (!row) throw new DomainError(404, 'offline_pack_not_found');
    const content = row.state.content;
    const recipes = await this.pool.query<{
      id: string;
      number: string;
      names: Record<string, string>;
      status: string;
    }>(
      `SELECT recipe_id::text AS id, number, names, status FROM recipe_list
        WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
      [brand, content.recipeIds],
    );
    const byId = new Map(recipes.rows.map((r) => [r.id, r]));
    return {
      ...toOfflinePackListItem(row, lang),
      content,
      recipes: content.recipeIds.map((rid) => {
        const r = byId.get(rid);
        return { id: rid, number: r?.number ?? null, names: r?.names ?? {}, status: r?.status ?? null };
      }),
    };
  }
}
