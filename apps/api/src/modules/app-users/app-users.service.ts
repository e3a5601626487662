import { Injectable } from '@nestjs/common';
import {
  appUserNumber,
  type APP_USER_SORT_FIELDS,
  type SEARCH_RECORD_SORT_FIELDS,
  type AppUserDetail,
  type AppUserDeviceRow,
  type AppUserFavouriteRow,
  type AppUserListPage,
  type AppUserRow,
  type AppUserReviewRow,
  type CookingSessionRow,
  type CountedPage,
  type Page,
  type PageQuery,
  type SearchRecordListPage,
  type SearchRecordRow,
  type SearchTopTerm,
} from '@kb/contracts';
import { searchRecordWhere, withTransaction } from '@kb/platform';
import { notifyAppUserSignOut } from '@kb/devices';
import type { z } from 'zod';
import type {
  appUserListQuerySchema,
  searchRecordListQuerySchema,
  searchTopTermsQuerySchema,
} from '@kb/contracts';
import { notFound } from '../../common/app-error.js';
import { lockBrandRecords } from '../../common/brand-records.js';
import { keysetPage, type KeysetQuery } from '../../common/keyset-page.js';
import { listOrder, type ListOrder } from '../../common/list-sort.js';
import { boundedWholeList, MAX_WHOLE_LIST } from '../../common/paging.js';
import { requestContext } from '../../common/request-context.js';
import { Db } from '../../infra/db.js';
import { iso, SqlFilter } from '../../common/sql-filter.js';

type UserFilter = z.output<typeof appUserListQuerySchema>;
type SearchFilter = z.output<typeof searchRecordListQuerySchema>;

/**
 * The user list's sortable columns (the user number is the seq; the status is enabled before disabled, as its
 * filter's index `(brand, disabled, seq DESC)` reads); newest first without a sort.
 */
export const APP_USER_ORDER = listOrder<(typeof APP_USER_SORT_FIELDS)[number]>({
  keys: {
    number: 't.seq bigint',
    account: 't.account text',
    nickname: 't.nickname text null',
    region: 't.region text null',
    status: 't.disabled boolean',
    registered: 't.registered boolean',
    registeredAt: 't.registered_at timestamptz',
  },
  tieBreak: 't.seq bigint',
  natural: 't.seq DESC',
});

/**
 * The search records' sortable columns; newest first without a sort. Millions of rows arrive here: each sort
 * column costs an index every insert pays, so only columns with an index of the sort's shape sort: the count of
 * results and the time (their own), the language and the region (their filters' `(brand, column, seq DESC)`).
 */
export const SEARCH_RECORD_ORDER = listOrder<(typeof SEARCH_RECORD_SORT_FIELDS)[number]>({
  keys: {
    lang: 't.lang text',
    region: 't.region text null',
    resultCount: 't.result_count integer',
    searchedAt: 't.searched_at timestamptz',
  },
  tieBreak: 't.seq bigint',
  natural: 't.seq DESC',
});

/** How long a ranking of the most searched terms is reused (suggestions need not be to the second). */
const RANKING_FRESH = '5 minutes';

/** A term of a kept ranking (app_search_top_terms.terms). */
type RankedTerm = Omit<SearchTopTerm, 'labelled'>;

const regionName = (alias: string) =>
  `(SELECT ${requestContext.lang() === 'en' ? 'name_en' : 'name_zh'} FROM countries WHERE code = ${alias}.region)`;

const recipeColumns = (alias: string) =>
  `coalesce(r.number, '') AS recipe_number,
   coalesce(r.names ->> '${requestContext.lang()}', r.names ->> r.main_lang, r.number, '') AS recipe_name`.replace(
    /r\./g,
    `${alias}.`,
  );

/** The recipe a row of a user's detail names, as recipeColumns reads it beside the row's recipe_id. */
interface RecipeOfRow {
  recipe_id: string;
  recipe_number: string;
  recipe_name: string;
}

const recipeOf = (r: RecipeOfRow) => ({
  recipeId: r.recipe_id,
  recipeNumber: r.recipe_number,
  recipeName: r.recipe_name,
});

interface UserRecord {
  id: string;
  seq: string;
  account: string;
  nickname: string | null;
  region: string | null;
  region_name: string | null;
  disabled: boolean;
  registered: boolean;
  favourite_count: number;
  cook_count: number;
  device_count: number;
  registered_at: Date;
}

const toUserRow = (r: UserRecord): AppUserRow => ({
  id: r.id,
  number: appUserNumber(r.seq),
  account: r.account,
  nickname: r.nickname,
  region: r.region,
  regionName: r.region_name,
  status: r.disabled ? 'disabled' : 'enabled',
  registered: r.registered,
  favouriteCount: r.favourite_count,
  cookCount: r.cook_count,
  deviceCount: r.device_count,
  registeredAt: iso(r.registered_at)!,
});

interface SearchRecord {
  id: string;
  seq: string;
  terms: string;
  app_user_id: string | null;
  account: string;
  nickname: string | null;
  lang: string;
  result_count: number;
  region: string | null;
  region_name: string | null;
  searched_at: Date;
}

const toSearchRow = (r: SearchRecord): SearchRecordRow => ({
  id: r.id,
  terms: r.terms,
  appUserId: r.app_user_id,
  account: r.account,
  nickname: r.nickname,
  lang: r.lang,
  resultCount: r.result_count,
  region: r.region,
  regionName: r.region_name,
  searchedAt: iso(r.searched_at)!,
});

/**
 * The app users' screens: the user list and detail, enable/disable and delete, and the search records. Lists
 * page in (brand, seq DESC) order: the page's keys come from an index (a keyset seek after `after`, else a
 * walk to the offset), then only those rows are read.
 *
 * Deleting a user deletes their account, sign-ins, favourites (the recipes' favourite counts drop), reviews and
 * search records; their cooking sessions stay as the devices' history and in the recipes' cook counts and
 * rankings (cooking happened), no longer tied to a user; their devices stay, unbound.
 */
@Injectable()
export class AppUsersService {
  constructor(private readonly db: Db) {}

  /** A keyset page of `table` (alias t), whose brand total brand_row_counts keeps under `kind`. */
  private page<R extends { seq: string; sort_value?: string | null }, F extends string, T>(
    table: string,
    kind: string,
    f: SqlFilter,
    q: KeysetQuery<F>,
    order: ListOrder<F>,
    columns: string,
    map: (row: R) => T,
  ): Promise<CountedPage<T>> {
    const keptTotal = {
      sql: `SELECT coalesce((SELECT total FROM brand_row_counts WHERE kind = $2 AND brand_owner_code = $1), 0) AS total`,
      params: [kind],
    };
    return keysetPage(this.db, { table, alias: 't', columns, order, keptTotal }, f, q, map);
  }

  private userFilter(q: Partial<UserFilter>): SqlFilter {
    const f = new SqlFilter('t')
      .prefix('account', q.account)
      .prefix('nickname', q.nickname)
      .equals('region', q.region)
      .equals('registered', q.registered)
      .range('registered_at', 'registeredFrom', q.registeredFrom, q.registeredTo);
    if (q.number) {
      const seq = /^U?0*(\d{1,18})$/i.exec(q.number)?.[1];
      f.where(`t.seq = ${f.param(seq ?? '0')}::bigint`);
    }
    if (q.status) f.where(`t.disabled = ${q.status === 'disabled'}`);
    if (q.minFavourites) f.where(`t.favourite_count >= ${f.param(q.minFavourites)}`);
    if (q.minCooks) f.where(`t.cook_count >= ${f.param(q.minCooks)}`);
    if (q.hasDevice !== undefined) f.where(`t.device_count ${q.hasDevice ? '>' : '='} 0`);
    return f;
  }

  private readonly userColumns = () =>
    `t.id, t.seq::text, t.account, t.nickname, t.region, ${regionName('t')} AS region_name, t.disabled,
     t.registered, t.favourite_count, t.cook_count, t.device_count, t.registered_at`;

  list(q: UserFilter): Promise<AppUserListPage> {
    const filter = this.userFilter(q);
    return this.page('app_users', 'app_users', filter, q, APP_USER_ORDER, this.userColumns(), toUserRow);
  }

  async detail(id: string): Promise<AppUserDetail> {
    const [row] = await this.db.scoped<
      UserRecord & {
        gender: 'male' | 'female' | null;
        age: number | null;
        avatar_url: string | null;
        signed_up_at: Date | null;
      }
    >(
      `SELECT ${this.userColumns()}, t.gender, t.age, t.avatar_url, t.signed_up_at
         FROM app_users t WHERE t.brand_owner_code = $1 AND t.id = $2`,
      [id],
    );
    if (!row) throw notFound('app_user_not_found');
    return {
      ...toUserRow(row),
      gender: row.gender,
      age: row.age,
      avatarUrl: row.avatar_url,
      signedUpAt: iso(row.signed_up_at),
    };
  }

  /** Enables or disables users (all or none); a disabled user's sign-ins end at once. */
  async setStatus(ids: string[], status: 'enabled' | 'disabled'): Promise<{ updated: number }> {
    return withTransaction(this.db.pool, async (c) => {
      await lockBrandRecords(
        c,
        requestContext.brand(),
        { table: 'app_users', notFound: 'app_user_not_found' },
        ids,
      );
      const { rowCount } = await c.query('UPDATE app_users SET disabled = $2 WHERE id = ANY($1::uuid[])', [
        ids,
        status === 'disabled',
      ]);
      if (status === 'disabled') {
        await c.query('DELETE FROM app_user_sessions WHERE app_user_id = ANY($1::uuid[])', [ids]);
        await notifyAppUserSignOut(c, ids);
      }
      return { updated: rowCount ?? 0 };
    });
  }

  private async owned(id: string): Promise<void> {
    const [row] = await this.db.scoped('SELECT 1 FROM app_users WHERE brand_owner_code = $1 AND id = $2', [
      id,
    ]);
    if (!row) throw notFound('app_user_not_found');
  }

  /** One part of the detail, paged newest first (offset paging: one user's rows, by an index on the user). */
  private async part<R extends Record<string, unknown>, T>(
    id: string,
    q: PageQuery,
    sql: string,
    countSql: string,
    map: (row: R) => T,
  ): Promise<Page<T>> {
    await this.owned(id);
    const limit = q.onPage ? q.pageSize : MAX_WHOLE_LIST + 1;
    const offset = q.onPage ? (q.pageNum - 1) * q.pageSize : 0;
    const [rows, [count]] = await Promise.all([
      this.db.scoped<R>(`${sql} LIMIT ${limit} OFFSET ${offset}`, [id]),
      this.db.scoped<{ total: string }>(countSql, [id]),
    ]);
    const list = (q.onPage ? rows : boundedWholeList(rows)).map(map);
    return {
      list,
      total: Number(count?.total ?? 0),
      pageNum: q.onPage ? q.pageNum : 1,
      pageSize: q.onPage ? q.pageSize : list.length,
    };
  }

  devices(id: string, q: PageQuery): Promise<Page<AppUserDeviceRow>> {
    return this.part(
      id,
      q,
      `SELECT id, sn, product_code, sub_model, online, activated_at FROM devices
        WHERE brand_owner_code = $1 AND app_user_id = $2 ORDER BY seq DESC`,
      'SELECT count(*) AS total FROM devices WHERE brand_owner_code = $1 AND app_user_id = $2',
      (r: {
        id: string;
        sn: string;
        product_code: string | null;
        sub_model: string | null;
        online: boolean;
        activated_at: Date | null;
      }) => ({
        id: r.id,
        sn: r.sn,
        productCode: r.product_code,
        subModel: r.sub_model,
        online: r.online,
        activatedAt: iso(r.activated_at),
      }),
    );
  }

  /**
   * A part of the detail whose rows name a recipe: the user's rows of `table` (alias t, narrowed by `where`) with
   * the recipe's number and name from the recipe list, in the caller's language.
   */
  private recipePart<R extends Record<string, unknown>, T>(
    id: string,
    q: PageQuery,
    part: { table: string; columns: string; where?: string; order: string },
    map: (row: R & RecipeOfRow) => T,
  ): Promise<Page<T>> {
    const where = `t.brand_owner_code = $1 AND t.app_user_id = $2${part.where ? ` AND ${part.where}` : ''}`;
    return this.part(
      id,
      q,
      `SELECT ${part.columns}, t.recipe_id, ${recipeColumns('r')}
         FROM ${part.table} t
         LEFT JOIN recipe_list r ON r.recipe_id = t.recipe_id AND r.brand_owner_code = t.brand_owner_code
        WHERE ${where} ORDER BY ${part.order}`,
      `SELECT count(*) AS total FROM ${part.table} t WHERE ${where}`,
      map,
    );
  }

  favourites(id: string, q: PageQuery): Promise<Page<AppUserFavouriteRow>> {
    return this.recipePart(
      id,
      q,
      { table: 'app_favourites', columns: 't.changed_at', where: 't.favourite', order: 't.changed_at DESC' },
      (r: RecipeOfRow & { changed_at: Date }) => ({ ...recipeOf(r), favouredAt: iso(r.changed_at)! }),
    );
  }

  cooking(id: string, q: PageQuery): Promise<Page<CookingSessionRow>> {
    return this.recipePart(
      id,
      q,
      { table: 'cooking_sessions', columns: 't.*', order: 't.started_at DESC, t.id' },
      (
        r: RecipeOfRow & {
          id: string;
          recipe_version: number;
          sn: string;
          mode: string;
          started_at: Date;
          ended_at: Date;
          outcome: 'completed' | 'aborted';
        },
      ) => ({
        id: r.id,
        ...recipeOf(r),
        recipeVersion: r.recipe_version,
        sn: r.sn,
        mode: r.mode,
        startedAt: iso(r.started_at)!,
        endedAt: iso(r.ended_at)!,
        outcome: r.outcome,
      }),
    );
  }

  reviews(id: string, q: PageQuery): Promise<Page<AppUserReviewRow>> {
    return this.recipePart(
      id,
      q,
      {
        table: 'recipe_evaluations',
        columns: 't.id, t.score, t.content, t.evaluated_at',
        order: 't.evaluated_at DESC, t.id',
      },
      (r: RecipeOfRow & { id: string; score: number; content: string; evaluated_at: Date }) => ({
        id: r.id,
        ...recipeOf(r),
        score: r.score,
        content: r.content,
        evaluatedAt: iso(r.evaluated_at)!,
      }),
    );
  }

  // ---- search records

  searchFilter(q: Partial<SearchFilter>): SqlFilter {
    return searchRecordWhere(new SqlFilter('t').equals('app_user_id', q.appUserId), q);
  }

  readonly searchColumns = () =>
    `t.id, t.seq::text, t.terms, t.app_user_id, t.account, t.nickname, t.lang, t.result_count, t.region,
     ${regionName('t')} AS region_name, t.searched_at`;

  /**
   * The terms searched most over the period (days; 0: all time), from the per-day counts the search records keep
   * (app_search_term_days), each marked when a hot search label of the brand already says it in its language. A
   * ranking is reused for RANKING_FRESH (app_search_top_terms; deleting records drops it); the marks are always
   * read afresh, so a label just added shows at once.
   */
  async topTerms(q: z.output<typeof searchTopTermsQuerySchema>): Promise<SearchTopTerm[]> {
    const key = [q.days, q.lang ?? '', q.limit];
    const [kept] = await this.db.scoped<{ terms: RankedTerm[] }>(
      `SELECT terms FROM app_search_top_terms
        WHERE brand_owner_code = $1 AND days = $2 AND lang = $3 AND max_terms = $4
          AND ranked_at > now() - interval '${RANKING_FRESH}'`,
      key,
    );
    let ranked = kept?.terms;
    if (!ranked) {
      ranked = (
        await this.db.scoped<{ term: string; lang: string; searches: string }>(
          `SELECT d.term, d.lang, sum(d.searches) AS searches
             FROM app_search_term_days d
            WHERE d.brand_owner_code = $1
              AND ($2::int = 0 OR d.day > (now() AT TIME ZONE 'UTC')::date - $2::int)
              AND ($3::text = '' OR d.lang = $3)
            GROUP BY d.term, d.lang
            ORDER BY sum(d.searches) DESC, d.term, d.lang
            LIMIT $4`,
          key,
        )
      ).map((r) => ({ term: r.term, lang: r.lang, searches: Number(r.searches) }));
      await this.db.scoped(
        `INSERT INTO app_search_top_terms (brand_owner_code, days, lang, max_terms, ranked_at, terms)
         VALUES ($1, $2, $3, $4, now(), $5::jsonb)
         ON CONFLICT (brand_owner_code, days, lang, max_terms)
           DO UPDATE SET ranked_at = EXCLUDED.ranked_at, terms = EXCLUDED.terms`,
        [...key, JSON.stringify(ranked)],
      );
    }
    if (ranked.length === 0) return [];
    const labelled = await this.db.scoped<{ i: number }>(
      `SELECT r.i FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS r(term, lang, i)
        WHERE EXISTS (SELECT 1 FROM content_hot_tags h
                       WHERE h.brand_owner_code = $1 AND lower(btrim(h.labels ->> r.lang)) = r.term)`,
      [ranked.map((r) => r.term), ranked.map((r) => r.lang)],
    );
    const marked = new Set(labelled.map((r) => Number(r.i) - 1));
    return ranked.map((r, i) => ({ ...r, labelled: marked.has(i) }));
  }

  searchRecords(q: SearchFilter): Promise<SearchRecordListPage> {
    const filter = this.searchFilter(q);
    return this.page(
      'app_search_records',
      'search_records',
      filter,
      q,
      SEARCH_RECORD_ORDER,
      this.searchColumns(),
      toSearchRow,
    );
  }

  async searchRecord(id: string): Promise<SearchRecordRow> {
    const [row] = await this.db.scoped<SearchRecord>(
      `SELECT ${this.searchColumns()} FROM app_search_records t WHERE t.brand_owner_code = $1 AND t.id = $2`,
      [id],
    );
    if (!row) throw notFound('search_record_not_found');
    return toSearchRow(row);
  }
}
