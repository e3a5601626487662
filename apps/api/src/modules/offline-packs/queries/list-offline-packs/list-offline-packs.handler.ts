import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { OFFLINE_PACK_SORT_FIELDS } from '@kb/contracts';
import { listOrder } from '../../../../common/list-sort.js';
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
export const OFFLINE_PACK_ORDER = listOrder<(typeof OFFLINE_PACK_SORT_FIELDS)[number]>({
  keys: {
    number: 'o.number text',
    type: 'o.type text',
    factoryModel: 'p.factory_model text null',
    customerModel: 'sp.customer_model text null',
    recipeCount: 'o.recipe_count integer',
    testStatus: 'o.test_status text',
    releaseStatus: 'o.release_status text',
    releasedAt: 'o.released_at timestamptz null',
    updatedAt: 'o.updated_at timestamptz',
  },
  tieBreak: 'o.pack_id text',
  natural: 'o.updated_at DESC, o.pack_id DESC',
});

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
