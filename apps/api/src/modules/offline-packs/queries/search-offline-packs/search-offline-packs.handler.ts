import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { likePrefix } from '@kb/platform';
import { PG_POOL } from '../../../../infra/tokens.js';
import {
  OFFLINE_PACK_LIST_SELECT,
  toOfflinePackListItem,
  type OfflinePackListRow,
} from '../offline-pack-rows.js';
import { SearchOfflinePacksQuery } from './search-offline-packs.query.js';

@QueryHandler(SearchOfflinePacksQuery)
export class SearchOfflinePacksHandler implements IQueryHandler<SearchOfflinePacksQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, keyword }: SearchOfflinePacksQuery) {
    const { rows } = await this.pool.query<OfflinePackListRow>(
      `${OFFLINE_PACK_LIST_SELECT}
        WHERE o.brand_owner_code = $1 AND (lower(o.number) LIKE $2 OR lower(o.product_code) LIKE $2
              OR lower(o.sub_brand_code) LIKE $2)
        ORDER BY o.updated_at DESC, o.pack_id DESC LIMIT 50`,
      [brand, likePrefix(keyword.toLowerCase())],
    );
    return rows.map((r) => toOfflinePackListItem(r, lang));
  }
}
