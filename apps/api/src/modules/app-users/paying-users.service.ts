import { Injectable } from '@nestjs/common';
import {
  appUserNumber,
  type PAYING_USER_SORT_FIELDS,
  type PayingUserDetail,
  type PayingUserListPage,
  type PayingUserRow,
  type PayingUserState,
  type payingUserListQuerySchema,
} from '@kb/contracts';
import type { z } from 'zod';
import { likePrefix } from '@kb/platform';
import { AppError, fieldRefusal, notFound } from '../../common/app-error.js';
import { orderClause, listOrder } from '../../common/list-sort.js';
import { boundedWholeList, MAX_WHOLE_LIST } from '../../common/paging.js';
import { requestContext } from '../../common/request-context.js';
import { Db } from '../../infra/db.js';
import { iso, SqlFilter } from '../../common/sql-filter.js';

type PayingFilter = z.output<typeof payingUserListQuerySchema>;

/**
 * The paying user list's sortable columns; newest first without a sort. Those of the paying row each have an index
 * `(brand, column, seq DESC)` (an import brings many thousands); the user's number, account and nickname are the
 * joined app user's, whose own sort indexes (app users' number, account, nickname) the join can walk.
 */
export const PAYING_USER_ORDER = listOrder<(typeof PAYING_USER_SORT_FIELDS)[number]>({
  keys: {
    userNumber: 'u.seq bigint',
    account: 'u.account text',
    nickname: 'u.nickname text null',
    vipLevel: 'p.vip_level integer',
    startDate: 'p.start_date text',
    endDate: 'p.end_date text',
    updatedAt: 'p.updated_at timestamptz',
  },
  tieBreak: 'p.seq bigint',
  natural: 'p.seq DESC',
});

interface PayingRecord {
  id: string;
  app_user_id: string;
  user_seq: string;
  account: string;
  nickname: string | null;
  region: string | null;
  region_name: string | null;
  vip_level: number;
  start_date: string;
  end_date: string;
  state: PayingUserState;
  source: 'import';
  updated_at: Date;
  updated_by: string;
}

// Dates travel as `YYYY-MM-DD` text, never through a JS Date (no time zone shifts a day).
const columns = () =>
  `p.id, p.app_user_id, u.seq::text AS user_seq, u.account, u.nickname, u.region,
   (SELECT ${requestContext.lang() === 'en' ? 'name_en' : 'name_zh'} FROM countries WHERE code = u.region) AS region_name,
   p.vip_level, to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.end_date, 'YYYY-MM-DD') AS end_date,
   CASE WHEN p.end_date < current_date THEN 'expired' WHEN p.start_date > current_date THEN 'upcoming'
        ELSE 'active' END AS state,
   p.source, p.updated_at, p.updated_by`;

const toRow = (r: PayingRecord): PayingUserRow => ({
  id: r.id,
  appUserId: r.app_user_id,
  userNumber: appUserNumber(r.user_seq),
  account: r.account,
  nickname: r.nickname,
  region: r.region,
  regionName: r.region_name,
  vipLevel: r.vip_level,
  startDate: r.start_date,
  endDate: r.end_date,
  state: r.state,
  source: r.source,
  updatedAt: iso(r.updated_at)!,
  updatedBy: r.updated_by,
});

/**
 * The paying users of the brand (`paying_users`, written by device-ingest's import worker). Deleting one ends the
 * account's paying status only: the app user, their favourites, reviews and history stay; importing the account
 * again makes it paying again.
 */
@Injectable()
export class PayingUsersService {
  constructor(private readonly db: Db) {}

  private filter(q: Partial<PayingFilter>): SqlFilter {
    const f = new SqlFilter('p');
    if (q.account) f.where(`u.account LIKE ${f.param(likePrefix(q.account))}`);
    if (q.nickname) f.where(`u.nickname LIKE ${f.param(likePrefix(q.nickname))}`);
    f.equals('vip_level', q.vipLevel);
    if (q.state === 'expired') f.where('p.end_date < current_date');
    if (q.state === 'upcoming') f.where('p.start_date > current_date');
    if (q.state === 'active') f.where('p.start_date <= current_date AND p.end_date >= current_date');
    if (q.endFrom && q.endTo && q.endFrom > q.endTo) {
      throw fieldRefusal('endFrom', 'time_range_invalid');
    }
    if (q.endFrom) f.where(`p.end_date >= ${f.param(q.endFrom)}::date`);
    if (q.endTo) f.where(`p.end_date <= ${f.param(q.endTo)}::date`);
    return f;
  }

  async list(q: PayingFilter): Promise<PayingUserListPage> {
    const f = this.filter(q);
    const from = 'FROM paying_users p JOIN app_users u ON u.id = p.app_user_id';
    const limit = q.onPage
      ? ` LIMIT ${f.param(q.pageSize)} OFFSET ${f.param((q.pageNum - 1) * q.pageSize)}`
      : ` LIMIT ${MAX_WHOLE_LIST + 1}`;
    const [rows, count] = await Promise.all([
      this.db.scoped<PayingRecord>(
        `SELECT ${columns()} ${from} WHERE ${f.sql} ORDER BY ${orderClause(PAYING_USER_ORDER, q)}${limit}`,
        f.params,
      ),
      this.db.scoped<{ total: string }>(
        `SELECT count(*) AS total ${from} WHERE ${f.sql}`,
        f.params.slice(0, q.onPage ? -2 : undefined),
      ),
    ]);
    const list = q.onPage ? rows : boundedWholeList(rows);
    return {
      list: list.map(toRow),
      total: Number(count[0]?.total ?? 0),
      pageNum: q.onPage ? q.pageNum : 1,
      pageSize: q.onPage ? q.pageSize : list.length,
    };
  }

  /** The upload must be the brand's own list (csv or xlsx by its bytes, checked at upload). */
  async checkImportFile(fileCode: string): Promise<void> {
    const [file] = await this.db.scoped<{ purpose: string }>(
      'SELECT purpose FROM files WHERE brand_owner_code = $1 AND file_code = $2',
      [fileCode],
    );
    if (!file) throw new AppError(404, 'paying_import_file_missing');
    if (file.purpose !== 'list') throw new AppError(415, 'paying_import_format');
  }

  async detail(id: string): Promise<PayingUserDetail> {
    const [row] = await this.db.scoped<
      PayingRecord & { created_at: Date; import_file_name: string | null; import_run_id: string | null }
    >(
      `SELECT ${columns()}, p.created_at, p.import_file_name, p.import_run_id::text
         FROM paying_users p JOIN app_users u ON u.id = p.app_user_id
        WHERE p.brand_owner_code = $1 AND p.id = $2`,
      [id],
    );
    if (!row) throw notFound('paying_user_not_found');
    return {
      ...toRow(row),
      createdAt: iso(row.created_at)!,
      importFileName: row.import_file_name,
      importRunId: row.import_run_id,
    };
  }
}
