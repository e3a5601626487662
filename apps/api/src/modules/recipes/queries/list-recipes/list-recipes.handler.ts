import type {
  RECIPE_LIST_SORT_FIELDS,
  RECIPE_SORT_FIELDS,
  RECYCLE_BIN_SORT_FIELDS,
  RecipeListQuery,
} from '@kb/contracts';
import { orderClause, sortFieldInvalid, type ListOrder } from '../../../../common/list-sort.js';
import { pageOrWholeList, rowsOf } from '../../../../common/paging.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../../../../infra/tokens.js';
import { LIST_SELECT, likeLiteral, nameContains, toListItem, type RecipeListRow } from '../recipe-rows.js';
import { ListRecipesQuery } from './list-recipes.query.js';

/** The recipe list's sortable columns; last changed first without a sort. */
export const RECIPE_ORDER: ListOrder<(typeof RECIPE_SORT_FIELDS)[number]> = {
  keys: {
    number: { sql: 'r.number', type: 'text' },
    type: { sql: 'r.type', type: 'text' },
    status: { sql: 'r.status', type: 'text' },
    version: { sql: 'r.version', type: 'integer' },
    updatedAt: { sql: 'r.updated_at', type: 'timestamptz' },
  },
  tieBreak: { sql: 'r.recipe_id', type: 'text' },
  natural: 'r.updated_at DESC, r.recipe_id DESC',
};

/**
 * The recycle bin's sortable columns; last deleted first without a sort (the delete time sorted descending, so
 * the bin's own partial indexes of the projection serve both).
 */
export const RECYCLE_BIN_ORDER: ListOrder<(typeof RECYCLE_BIN_SORT_FIELDS)[number]> = {
  keys: {
    number: { sql: 'r.number', type: 'text' },
    deletedAt: { sql: 'r.deleted_at', type: 'timestamptz' },
    recycledFrom: { sql: 'r.recycled_from', type: 'text' },
  },
  tieBreak: { sql: 'r.recipe_id', type: 'text' },
  natural: 'r.deleted_at DESC, r.recipe_id ASC',
};

type RecipeSortField = (typeof RECIPE_LIST_SORT_FIELDS)[number];

/** The ORDER BY of a recipe list: the bin sorts by its own columns, the other lists by theirs. */
function recipeOrder(f: Partial<RecipeListQuery>): string {
  const list: ListOrder<RecipeSortField> = (
    f.status === 'recycle_bin' ? RECYCLE_BIN_ORDER : RECIPE_ORDER
  ) as ListOrder<RecipeSortField>;
  if (f.orderBy && !Object.hasOwn(list.keys, f.orderBy)) throw sortFieldInvalid();
  return orderClause(list, { orderBy: f.orderBy, order: f.order });
}

/** WHERE of the list over `recipe_list r`, brand first ($1); every filter has an index or narrows one. */
export function listConditions(brand: string, f: Partial<RecipeListQuery>) {
  const params: unknown[] = [brand];
  const add = (v: unknown) => `$${params.push(v)}`;
  const where = ['r.brand_owner_code = $1'];
  // Without a status the library shows everything but the recycle bin (which has its own screen).
  // The bin's status is written out: the bin's partial indexes (WHERE status = 'recycle_bin') then match.
  if (f.status === 'recycle_bin') where.push(`r.status = 'recycle_bin'`);
  else where.push(f.status ? `r.status = ${add(f.status)}` : `r.status <> 'recycle_bin'`);
  if (f.number) where.push(`lower(r.number) LIKE ${add(`${likeLiteral(f.number.toLowerCase())}%`)}`);
  if (f.name) where.push(nameContains(f.name, add));
  if (f.categoryId) where.push(`r.category_id = ${add(f.categoryId)}`);
  if (f.tagId) where.push(`r.tag_ids @> ARRAY[${add(f.tagId)}]::uuid[]`);
  if (f.type) where.push(`r.type = ${add(f.type)}`);
  if (f.productCode) where.push(`r.product_codes @> ARRAY[${add(f.productCode)}]::text[]`);
  if (f.online !== undefined) where.push(`r.online = ${add(f.online)}`);
  if (f.paid !== undefined) where.push(`r.paid = ${add(f.paid)}`);
  if (f.lang) where.push(`r.langs @> ARRAY[${add(f.lang)}]::text[]`);
  if (f.updatedFrom) where.push(`r.updated_at >= ${add(f.updatedFrom)}`);
  if (f.updatedTo) where.push(`r.updated_at <= ${add(f.updatedTo)}`);
  const order = recipeOrder(f);
  return { where: where.join(' AND '), params, order };
}

@QueryHandler(ListRecipesQuery)
export class ListRecipesHandler implements IQueryHandler<ListRecipesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, filter }: ListRecipesQuery) {
    const { where, params, order } = listConditions(brand, filter);
    // A page's ids first, from the list-order index alone (an index-only scan when the filters ride in it),
    // then the rows of those ids: a deep page skips index entries, not joined rows.
    return pageOrWholeList(
      rowsOf(this.pool),
      {
        sql: `${LIST_SELECT} WHERE ${where} ORDER BY ${order}`,
        params,
        count: `SELECT count(*) AS total FROM recipe_list r WHERE ${where}`,
        page: (limit, offset) =>
          `${LIST_SELECT} JOIN (SELECT r.recipe_id FROM recipe_list r WHERE ${where} ORDER BY ${order}
            LIMIT ${limit} OFFSET ${offset}) page ON page.recipe_id = r.recipe_id ORDER BY ${order}`,
      },
      filter,
      (rows: RecipeListRow[]) => rows.map((r) => toListItem(r, lang)),
    );
  }
}
