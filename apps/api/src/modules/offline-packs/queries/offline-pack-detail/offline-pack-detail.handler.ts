import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ExistingOfflinePack } from '@kb/domain';
import { aggregateDetail, type AggregateDetail } from '../../../../common/aggregate-kit/aggregate-detail.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import {
  OFFLINE_PACK_LIST_SELECT,
  toOfflinePackListItem,
  type OfflinePackListRow,
} from '../offline-pack-rows.js';
import { OfflinePackDetailQuery } from './offline-pack-detail.query.js';

const OFFLINE_PACK_DETAIL: AggregateDetail = {
  listSelect: OFFLINE_PACK_LIST_SELECT,
  alias: 'o',
  idColumn: 'pack_id',
  detailTable: 'offline_pack_detail',
  notFound: 'offline_pack_not_found',
};

@QueryHandler(OfflinePackDetailQuery)
export class OfflinePackDetailHandler implements IQueryHandler<OfflinePackDetailQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, id }: OfflinePackDetailQuery) {
    const row = await aggregateDetail<OfflinePackListRow, ExistingOfflinePack>(
      this.pool,
      OFFLINE_PACK_DETAIL,
      brand,
      id,
    );
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
