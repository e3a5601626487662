import type pg from 'pg';
import type { LinkedRecipe, Page, PageQuery, UiLang } from '@kb/contracts';
import { AppError } from '../app-error.js';
import { checkBrandReferences, eachReference } from '../brand-references.js';
import { translate } from '../messages.js';
import { pagedQuery } from '../paging.js';
import { displayName, ident, type RecipeLinks } from './definition.js';

/** Who changes links: the caller's brand and language, inside the write's transaction. */
export interface LinkContext {
  client: pg.PoolClient;
  brand: string;
  lang: UiLang;
}

const ids = (links: RecipeLinks) => `$3::${links.recipeIdType}[]`;

/**
 * Refuses recipes the brand does not have (another brand's, cleared or unknown: 400 reference_missing) and,
 * for content, recipes that are not released (400 recipe_not_released naming the first one's number).
 */
export async function checkLinkable(
  ctx: LinkContext,
  links: RecipeLinks,
  recipeIds: readonly string[],
  field = 'recipeIds',
): Promise<void> {
  await checkBrandReferences(ctx.client, ctx.brand, eachReference(field, 'recipe', recipeIds), ctx.lang);
  if (!links.releasedOnly || !recipeIds.length) return;
  const { rows } = await ctx.client.query<{ id: string; number: string }>(
    `SELECT recipe_id::text AS id, number FROM recipe_list
      WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[]) AND status <> 'released'`,
    [ctx.brand, recipeIds],
  );
  if (!rows.length) return;
  const fieldErrors: Record<string, string> = {};
  for (const r of rows)
    fieldErrors[`${field}.${recipeIds.indexOf(r.id)}`] =
      translate('recipe_not_released', ctx.lang, { number: r.number }) ?? 'recipe_not_released';
  throw new AppError(400, 'recipe_not_released', { number: rows[0]!.number }, { fieldErrors });
}

/** Makes `recipeIds`, in that order, the record's links (sort 1, 2, …). */
export async function replaceLinks(
  ctx: LinkContext,
  links: RecipeLinks,
  parentId: string,
  recipeIds: readonly string[],
): Promise<void> {
  await checkLinkable(ctx, links, recipeIds);
  await ctx.client.query(
    `DELETE FROM ${ident(links.table)} WHERE brand_owner_code = $1 AND ${ident(links.parentColumn)} = $2`,
    [ctx.brand, parentId],
  );
  await upsertLinks(
    ctx,
    links,
    parentId,
    recipeIds.map((recipeId, i) => ({ recipeId, sort: i + 1 })),
    false,
  );
}

/**
 * Adds or moves links: a recipe with a sort takes it, one without goes after the last link (a recipe already
 * linked without a new sort keeps its place). Answers how many links were added or moved.
 */
export async function upsertLinks(
  ctx: LinkContext,
  links: RecipeLinks,
  parentId: string,
  recipes: readonly { recipeId: string; sort?: number | undefined }[],
  check = true,
): Promise<number> {
  if (check)
    await checkLinkable(
      ctx,
      links,
      recipes.map((r) => r.recipeId),
      'recipes',
    );
  const parent = ident(links.parentColumn);
  const table = ident(links.table);
  const sorted = recipes.filter((r) => r.sort !== undefined);
  const appended = recipes.filter((r) => r.sort === undefined).map((r) => r.recipeId);
  let changed = 0;
  if (sorted.length) {
    const res = await ctx.client.query(
      `INSERT INTO ${table} (${parent}, brand_owner_code, recipe_id, sort)
       SELECT $2, $1, r.id, r.sort FROM unnest(${ids(links)}, $4::int[]) AS r(id, sort)
       ON CONFLICT (${parent}, recipe_id) DO UPDATE SET sort = excluded.sort`,
      [ctx.brand, parentId, sorted.map((r) => r.recipeId), sorted.map((r) => r.sort)],
    );
    changed += res.rowCount ?? 0;
  }
  if (appended.length) {
    const res = await ctx.client.query(
      `INSERT INTO ${table} (${parent}, brand_owner_code, recipe_id, sort)
       SELECT $2, $1, r.id,
              (SELECT coalesce(max(sort), 0) FROM ${table} WHERE brand_owner_code = $1 AND ${parent} = $2) + r.ord
         FROM unnest(${ids(links)}) WITH ORDINALITY AS r(id, ord)
       ON CONFLICT (${parent}, recipe_id) DO NOTHING`,
      [ctx.brand, parentId, appended],
    );
    changed += res.rowCount ?? 0;
  }
  await links.onLinked?.(
    ctx,
    recipes.map((r) => r.recipeId),
  );
  return changed;
}

/** Removes recipes from the record; answers how many were linked. */
export async function removeLinks(
  db: pg.Pool | pg.PoolClient,
  links: RecipeLinks,
  brand: string,
  parentId: string,
  recipeIds: readonly string[],
): Promise<number> {
  const res = await db.query(
    `DELETE FROM ${ident(links.table)}
      WHERE brand_owner_code = $1 AND ${ident(links.parentColumn)} = $2 AND recipe_id = ANY(${ids(links)})`,
    [brand, parentId, recipeIds],
  );
  return res.rowCount ?? 0;
}

/** The record's linked recipes in order, with what the recipe read model says of each. */
export function listLinks(
  pool: pg.Pool,
  links: RecipeLinks,
  brand: string,
  parentId: string,
  page: PageQuery,
  lang: UiLang,
): Promise<Page<LinkedRecipe>> {
  const join =
    links.recipeIdType === 'uuid' ? 'r.recipe_id = l.recipe_id' : 'r.recipe_id = l.recipe_id::uuid';
  return pagedQuery(
    (sql, params) => pool.query(sql, params).then((res) => res.rows),
    `SELECT l.recipe_id::text AS recipe_id, l.sort, r.number, r.names, r.main_lang, r.status, r.online,
            r.picture_file_code::text AS picture_file_code
       FROM ${ident(links.table)} l
       JOIN recipe_list r ON ${join} AND r.brand_owner_code = l.brand_owner_code
      WHERE l.brand_owner_code = $1 AND l.${ident(links.parentColumn)} = $2
      ORDER BY l.sort, r.number`,
    [brand, parentId],
    page,
    (r: {
      recipe_id: string;
      sort: number;
      number: string;
      names: Record<string, string>;
      main_lang: string;
      status: string;
      online: boolean;
      picture_file_code: string | null;
    }) => ({
      recipeId: r.recipe_id,
      number: r.number,
      name: displayName(r.names, lang, r.main_lang),
      pictureFileCode: r.picture_file_code,
      status: r.status,
      online: r.online,
      sort: r.sort,
    }),
  );
}
