import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  CSV_BOM,
  csvLine,
  deleteRefRecipeSchema,
  type LinkedRecipe,
  listFilterSchema,
  type Page,
  type PageQuery,
  referenceSortQuerySchema,
  refRecipeListQuerySchema,
  searchQuerySchema,
  updateRefRecipeSchema,
} from '@kb/contracts';
import { brandLanguages } from '@kb/aggregates';
import { SqlWhere, withTransaction } from '@kb/platform';
import { PG_POOL } from '../../infra/tokens.js';
import { AppError, fieldRefusal, notFound } from '../app-error.js';
import { lockBrandRecords } from '../brand-records.js';
import { requestContext } from '../request-context.js';
import { listOrder, orderClause, sortFieldInvalid } from '../list-sort.js';
import { pageOrWholeList, rowsOf } from '../paging.js';
import { parseBody, parseInput } from '../validation.js';
import {
  type BaseRow,
  type EntityContext,
  type ExportContext,
  ident,
  type ListFilters,
  type ReferenceEntity,
  standardFilters,
  writtenColumns,
} from './definition.js';
import { listLinks, removeLinks, replaceLinks, upsertLinks } from './recipe-links.js';

/** Rows an export reads per cursor fetch. */
const EXPORT_BATCH = 500;

/** The one implementation behind every reference entity's endpoints. All SQL is scoped by the caller's brand. */
@Injectable()
export class ReferenceEntityService {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  private select<A extends object, D>(e: ReferenceEntity<A, D>) {
    return `SELECT t.*${e.extraSelect ? `, ${e.extraSelect}` : ''} FROM ${ident(e.table)} t`;
  }

  private async dto<A extends object, D>(e: ReferenceEntity<A, D>, rows: BaseRow[]): Promise<D[]> {
    const lang = requestContext.lang();
    const { main } = await brandLanguages(this.pool, requestContext.brand());
    return rows.map((r) => e.toDto(r, { lang, mainLang: main }));
  }

  /** The list query's WHERE on `t` (brand first) and its parameters: what list and export both filter by. */
  private listWhere<A extends object, D>(e: ReferenceEntity<A, D>, query: unknown) {
    const f = parseInput(e.list?.schema ?? listFilterSchema, query) as Record<string, unknown> & PageQuery;
    const filters = (e.list?.filters ?? standardFilters(e.numberColumn, e.namesColumn)) as ListFilters<
      Record<string, unknown>
    >;
    const where = new SqlWhere('t', requestContext.brand());
    for (const [field, sql] of Object.entries(filters)) {
      const value = f[field];
      if (value === undefined || value === null || value === '' || !sql) continue;
      const condition = sql(value as never, (v) => where.param(v), f);
      if (condition) where.where(condition);
    }
    return {
      f,
      where: where.sql,
      params: where.withBrand(),
      order: this.order(e, query),
    };
  }

  /** The ORDER BY a list asks for (`orderBy`/`order`): by number (where the entity has one) or last change. */
  private order<A extends object, D>(e: ReferenceEntity<A, D>, query: unknown): string {
    const sort = parseInput(referenceSortQuerySchema, query);
    if (sort.orderBy === 'number' && !e.numberColumn) throw sortFieldInvalid();
    return orderClause(
      listOrder({
        keys: {
          number: `t.${ident(e.numberColumn ?? 'number')} text`,
          updatedAt: 't.updated_at timestamptz',
        },
        tieBreak: 't.id text',
        natural: e.orderBy,
      }),
      sort,
    );
  }

  async list<A extends object, D>(e: ReferenceEntity<A, D>, query: unknown): Promise<Page<D> | D[]> {
    const { f, where, params, order } = this.listWhere(e, query);
    return pageOrWholeList(
      rowsOf(this.pool),
      {
        sql: `${this.select(e)} WHERE ${where} ORDER BY ${order}`,
        params,
        count: `SELECT count(*) AS total FROM ${ident(e.table)} t WHERE ${where}`,
      },
      f,
      (rows: BaseRow[]) => this.dto(e, rows),
    );
  }

  /**
   * The list under its filters as CSV, handed to `write` piece by piece: the query is checked first (a bad
   * filter throws before anything is written), then rows come from a server-side cursor EXPORT_BATCH at a time,
   * so memory holds one batch whatever the table's size. `write` resolves when the receiver wants more.
   */
  async exportCsv<A extends object, D>(
    e: ReferenceEntity<A, D>,
    query: unknown,
    start: () => void,
    write: (chunk: string) => Promise<void>,
  ): Promise<void> {
    const columns = Object.values(e.exportColumns ?? {});
    const { where, params, order } = this.listWhere(e, query);
    const lang = requestContext.lang();
    const { main } = await brandLanguages(this.pool, requestContext.brand());
    const { rows: languages } = await this.pool.query<{ code: string; name: string }>(
      `SELECT code, ${lang === 'zh' ? 'name_zh' : 'name_en'} AS name FROM sys_languages`,
    );
    const ctx: ExportContext = {
      lang,
      mainLang: main,
      langNames: Object.fromEntries(languages.map((l) => [l.code, l.name])),
    };
    const sql = `${this.select(e)} WHERE ${where} ORDER BY ${order}`;
    start();
    await write(CSV_BOM + csvLine(columns.map((c) => c.title[lang])));
    // A cursor lives in a transaction: a read-only one, on a client of its own for the export's time.
    await withTransaction(this.pool, async (client) => {
      await client.query('SET TRANSACTION READ ONLY');
      await client.query(`DECLARE reference_export NO SCROLL CURSOR FOR ${sql}`, params);
      for (;;) {
        const { rows } = await client.query<BaseRow>(`FETCH ${EXPORT_BATCH} FROM reference_export`);
        if (rows.length) await write(rows.map((r) => csvLine(columns.map((c) => c.value(r, ctx)))).join(''));
        if (rows.length < EXPORT_BATCH) break;
      }
    });
  }

  /** Quick lookup for pickers: number or any name containing the keyword, at most 50. */
  async search<A extends object, D>(e: ReferenceEntity<A, D>, query: unknown): Promise<D[]> {
    const { keyword } = parseInput(searchQuerySchema, query);
    const params: unknown[] = [requestContext.brand(), `%${keyword}%`];
    const tests = [] as string[];
    if (e.numberColumn) tests.push(`t.${ident(e.numberColumn)} ILIKE $2`);
    if (e.namesColumn)
      tests.push(
        `EXISTS (SELECT 1 FROM jsonb_each_text(t.${ident(e.namesColumn)}) n WHERE n.value ILIKE $2)`,
      );
    for (const column of e.searchColumns ?? []) tests.push(`t.${ident(column)} ILIKE $2`);
    const match = tests.length ? `AND (${tests.join(' OR ')})` : '';
    const { rows } = await this.pool.query<BaseRow>(
      `${this.select(e)} WHERE t.brand_owner_code = $1 ${match} ORDER BY ${e.orderBy} LIMIT 50`,
      params,
    );
    return this.dto(e, rows);
  }

  async detail<A extends object, D>(e: ReferenceEntity<A, D>, id: string): Promise<D> {
    const { rows } = await this.pool.query<BaseRow>(
      `${this.select(e)} WHERE t.brand_owner_code = $1 AND t.id = $2`,
      [requestContext.brand(), id],
    );
    if (!rows[0]) throw notFound();
    return (await this.dto(e, rows))[0]!;
  }

  private async check<A extends object, D>(
    e: ReferenceEntity<A, D>,
    input: A,
    ctx: EntityContext,
    excludeId: string | null,
  ) {
    if (e.namesColumn) {
      const field = toCamel(e.namesColumn);
      const names = (input as Record<string, unknown>)[field] as Record<string, string>;
      const main = e.mainLangOf ? e.mainLangOf(input, ctx.brandLangs.main) : ctx.brandLangs.main;
      if (!ctx.brandLangs.codes.includes(main)) throw fieldRefusal('mainLang', 'main_lang_not_supported');
      for (const lang of Object.keys(names)) {
        if (!ctx.brandLangs.codes.includes(lang))
          throw fieldRefusal(`${field}.${lang}`, 'lang_not_supported', { lang });
      }
      if (!names[main]) throw fieldRefusal(`${field}.${main}`, 'main_name_required');
      if (e.uniqueNames) {
        for (const [lang, name] of Object.entries(names)) {
          const { rowCount } = await ctx.client.query(
            `SELECT 1 FROM ${ident(e.table)} WHERE brand_owner_code = $1 AND lower(${ident(e.namesColumn)} ->> $2) = lower($3)
               AND id IS DISTINCT FROM $4`,
            [ctx.brand, lang, name, excludeId],
          );
          if (rowCount) throw fieldRefusal(`${field}.${lang}`, 'name_taken', { name });
        }
      }
    }
    await e.validate?.(input, ctx);
  }

  private async inTransaction<T>(work: (ctx: EntityContext) => Promise<T>): Promise<T> {
    const brand = requestContext.brand();
    const lang = requestContext.lang();
    return withTransaction(this.pool, async (client) => {
      const brandLangs = await brandLanguages(client, brand);
      return work({ brand, brandLangs, lang, client });
    });
  }

  private async write<A extends object, D>(
    e: ReferenceEntity<A, D>,
    run: () => Promise<BaseRow | undefined>,
  ): Promise<BaseRow | undefined> {
    try {
      return await run();
    } catch (error) {
      const pgError = error as { code?: string; constraint?: string };
      if (pgError.code === '23505' && e.numberColumn && pgError.constraint?.includes('number')) {
        throw fieldRefusal(toCamel(e.numberColumn), 'number_taken');
      }
      throw error;
    }
  }

  async add<A extends object, D>(e: ReferenceEntity<A, D>, body: unknown): Promise<D> {
    const input = parseBody(e.addSchema, body);
    const row = await this.inTransaction(async (ctx) => {
      // Serialise writers of this brand's table so name-uniqueness checks cannot race.
      await ctx.client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${e.table}:${ctx.brand}`]);
      await this.check(e, input, ctx, null);
      const cols = { ...writtenColumns(e, input), ...e.insertOnly?.() };
      const names = Object.keys(cols);
      const values = Object.values(cols);
      const added = await this.write(e, async () => {
        const { rows } = await ctx.client.query<BaseRow>(
          `INSERT INTO ${ident(e.table)} (brand_owner_code, ${names.map(ident).join(', ')})
           VALUES ($1, ${names.map((_, i) => `$${i + 2}`).join(', ')}) RETURNING id`,
          [ctx.brand, ...values.map(jsonValue)],
        );
        return rows[0];
      });
      await this.setLinks(e, input, added!.id, ctx);
      return added;
    });
    return this.detail(e, row!.id);
  }

  async update<A extends object, D>(e: ReferenceEntity<A, D>, body: unknown): Promise<D> {
    const [meta, input] = parseBody([versionOnly, e.addSchema], body);
    await this.inTransaction(async (ctx) => {
      await ctx.client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`${e.table}:${ctx.brand}`]);
      const current = await ctx.client.query<{ version: number }>(
        `SELECT version FROM ${ident(e.table)} WHERE brand_owner_code = $1 AND id = $2 FOR UPDATE`,
        [ctx.brand, meta.id],
      );
      if (!current.rows[0]) throw notFound();
      // Only one record edited at a time: an editor working on an older version is told, not overwritten.
      if (current.rows[0].version !== meta.version) throw new AppError(409, 'conflict');
      await this.check(e, input, ctx, meta.id);
      const cols = writtenColumns(e, input);
      const names = Object.keys(cols);
      await this.write(e, async () => {
        await ctx.client.query(
          `UPDATE ${ident(e.table)} SET ${names.map((n, i) => `${ident(n)} = $${i + 3}`).join(', ')},
             version = version + 1, updated_at = now()
           WHERE brand_owner_code = $1 AND id = $2`,
          [ctx.brand, meta.id, ...Object.values(cols).map(jsonValue)],
        );
        return undefined;
      });
      await this.setLinks(e, input, meta.id, ctx);
    });
    return this.detail(e, meta.id);
  }

  private async setLinks<A extends object, D>(
    e: ReferenceEntity<A, D>,
    input: A,
    id: string,
    ctx: EntityContext,
  ) {
    const recipeIds = e.links && e.linksOf?.(input);
    if (e.links && recipeIds) await replaceLinks(ctx, e.links, id, recipeIds);
  }

  /** Marks the record changed (its links moved) and holds it for the transaction; 404 when the brand has none. */
  private async touch<A extends object, D>(e: ReferenceEntity<A, D>, id: string, ctx: EntityContext) {
    const res = await ctx.client.query(
      `UPDATE ${ident(e.table)} SET updated_at = now() WHERE brand_owner_code = $1 AND id = $2`,
      [ctx.brand, id],
    );
    if (!res.rowCount) throw notFound();
  }

  /** `refRecipeList`: the record's linked recipes in order, paged. */
  async refRecipeList<A extends object, D>(
    e: ReferenceEntity<A, D>,
    query: unknown,
  ): Promise<Page<LinkedRecipe>> {
    const q = parseInput(refRecipeListQuerySchema, query);
    await this.detail(e, q.id);
    return listLinks(this.pool, e.links!, requestContext.brand(), q.id, q, requestContext.lang());
  }

  /** `updateRefRecipe`: add recipes or move them (see updateRefRecipeSchema). */
  async updateRefRecipe<A extends object, D>(e: ReferenceEntity<A, D>, body: unknown) {
    const { id, recipes } = parseBody(updateRefRecipeSchema, body);
    return this.inTransaction(async (ctx) => {
      await this.touch(e, id, ctx);
      return { changed: await upsertLinks(ctx, e.links!, id, recipes) };
    });
  }

  /** `deleteRefRecipe`: remove recipes from the record. */
  async deleteRefRecipe<A extends object, D>(e: ReferenceEntity<A, D>, body: unknown) {
    const { id, recipeIds } = parseBody(deleteRefRecipeSchema, body);
    return this.inTransaction(async (ctx) => {
      await this.touch(e, id, ctx);
      return { removed: await removeLinks(ctx.client, e.links!, ctx.brand, id, recipeIds) };
    });
  }

  async delete<A extends object, D>(e: ReferenceEntity<A, D>, ids: string[]): Promise<{ deleted: number }> {
    return this.inTransaction(async (ctx) => {
      await lockBrandRecords(ctx.client, ctx.brand, { table: ident(e.table) }, ids);
      await e.beforeDelete?.(ids, ctx);
      const res = await ctx.client.query(
        `DELETE FROM ${ident(e.table)} WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
        [ctx.brand, ids],
      );
      return { deleted: res.rowCount ?? 0 };
    });
  }
}

import { z } from 'zod';
/** What an update names besides the record's fields: which record, and the version the editor loaded. */
export const versionOnly = z.object({
  id: z.string().uuid({ message: 'not_found' }),
  version: z.coerce.number({ message: 'conflict' }).int(),
});

const toCamel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const jsonValue = (v: unknown) =>
  v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v;
