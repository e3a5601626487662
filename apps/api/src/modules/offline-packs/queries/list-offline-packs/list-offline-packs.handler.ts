import { wholeList } from '../../../../common/paging.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../../../../infra/tokens.js';
import {
  OFFLINE_PACK_LIST_SELECT,
  offlinePackListConditions,
  toOfflinePackListItem,
  type OfflinePackListRow,
} from '../offline-pack-rows.js';
import { ListOfflinePacksQuery } from './list-offline-packs.query.js';

@QueryHandler(ListOfflinePacksQuery)
export class ListOfflinePacksHandler implements IQueryHandler<ListOfflinePacksQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, filter }: ListOfflinePacksQuery) {
    const { where, params } = offlinePackListConditions(brand, filter);
    const sql = `${OFFLINE_PACK_LIST_SELECT} WHERE ${where} ORDER BY o.updated_at DESC, o.pack_id DESC`;
    if (!filter.onPage) {
      return wholeList(
        (q, p) => this.pool.query(q, p).then((r) => r.rows),
        sql,
        params,
        (r: OfflinePackListRow) => toOfflinePackListItem(r, lang),
      );
    }
    const n = params.length;
    const [page, count] = await Promise.all([
      this.pool.query<OfflinePackListRow>(`${sql} LIMIT $${n + 1} OFFSET $${n + 2}`, [
        ...params,
        filter.pageSize,
        (filter.pageNum - 1) * filter.pageSize,
      ]),
      this.pool.query<{ total: string }>(
        `SELECT count(*) AS total FROM offline_pack_list o WHERE ${where}`,
        params,
      ),
    ]);
    return {
      list: page.rows.map((r) => toOfflinePackListItem(r, lang)),
      total: Number(count.rows[0]?.total ?? 0),
      pageNum: filter.pageNum,
      pageSize: filter.pageSize,
    };
  }
}
