import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { OFFLINE_PACK_SORT_FIELDS } from '@kb/contracts';
import type { ListOrder } from '../../../../common/list-sort.js';
import { filteredList, type FilteredList } from '../../../../common/paging.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import {
  OFFLINE_PACK_LIST_SELECT,
  offlinePackListWhere,
  toOfflinePackListItem,
  type OfflinePackListRow,
} from '../offline-pack-rows.js';
import { ListOfflinePacksQuery } from './list-offline-packs.query.js';

/**
 * The pack list's sortable columns; newest change first without a sort (tens of packs a brand: no indexes). The
 * models sort by the names shown, from the joined reference tables (OFFLINE_PACK_LIST_SELECT).
 */
export const OFFLINE_PACK_ORDER: ListOrder<(typeof OFFLINE_PACK_SORT_FIELDS)[number]> = {
  keys: {
    number: { sql: 'o.number', type: 'text' },
    type: { sql: 'o.type', type: 'text' },
    factoryModel: { sql: 'p.factory_model', type: 'text', nullable: true },
    customerModel: { sql: 'sp.customer_model', type: 'text', nullable: true },
    recipeCount: { sql: 'o.recipe_count', type: 'integer' },
    testStatus: { sql: 'o.test_status', type: 'text' },
    releaseStatus: { sql: 'o.release_status', type: 'text' },
    releasedAt: { sql: 'o.released_at', type: 'timestamptz', nullable: true },
    updatedAt: { sql: 'o.updated_at', type: 'timestamptz' },
  },
  tieBreak: { sql: 'o.pack_id', type: 'text' },
  natural: 'o.updated_at DESC, o.pack_id DESC',
};

const OFFLINE_PACK_LIST: FilteredList<(typeof OFFLINE_PACK_SORT_FIELDS)[number]> = {
  select: OFFLINE_PACK_LIST_SELECT,
  from: 'offline_pack_list o',
  order: OFFLINE_PACK_ORDER,
};

@QueryHandler(ListOfflinePacksQuery)
export class ListOfflinePacksHandler implements IQueryHandler<ListOfflinePacksQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ brand, lang, filter }: ListOfflinePacksQuery) {
    return filteredList(
      this.pool,
      OFFLINE_PACK_LIST,
      offlinePackListWhere(brand, filter),
      filter,
      (rows: OfflinePackListRow[]) => rows.map((r) => toOfflinePackListItem(r, lang)),
    );
  }
}
