import {
  LIST_COUNT_EXACT_UP_TO,
  type RECIPE_LIST_SORT_FIELDS,
  type RECIPE_SORT_FIELDS,
  type RECYCLE_BIN_SORT_FIELDS,
  type RecipeListItem,
  type RecipeListPage,
  type RecipeListQuery,
} from '@kb/contracts';
import {
  cursorInvalid,
  cursorValue,
  keysetKeysSql,
  orderClause,
  sortedCursor,
  sortFieldInvalid,
  listOrder,
  type ListOrder,
  type SortRequest,
} from '../../../../common/list-sort.js';
import {
  boundedWholeList,
  countUpTo,
  MAX_WHOLE_LIST,
  plannedRows,
  refuseDeepJump,
  rowsOf,
} from '../../../../common/paging.js';
import { likePrefix, SqlWhere } from '@kb/platform';
import { labelFacet, modelFacet, nameGramsSql } from '@kb/read-models';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../../../../infra/tokens.js';
import {
  LIST_COLUMNS,
  LIST_FROM,
  LIST_SELECT,
  nameContains,
  toListItem,
  type RecipeListRow,
} from '../recipe-rows.js';
import { ListRecipesQuery } from './list-recipes.query.js';

/** The recipe list's sortable columns; last changed first without a sort. */
export const RECIPE_ORDER = listOrder<(typeof RECIPE_SORT_FIELDS)[number]>({
  keys: {
    number: 'r.number text',
    type: 'r.type text',
    status: 'r.status text',
    version: 'r.version integer',
    updatedAt: 'r.updated_at timestamptz',
  },
  tieBreak: 'r.recipe_id uuid',
  natural: 'r.updated_at DESC, r.recipe_id DESC',
});

/**
 * The recycle bin's sortable columns; last deleted first without a sort (the delete time sorted descending, so
 * the bin's own partial indexes of the projection serve both).
 */
export const RECYCLE_BIN_ORDER = listOrder<(typeof RECYCLE_BIN_SORT_FIELDS)[number]>({
  keys: {
    number: 'r.number text',
    deletedAt: 'r.deleted_at timestamptz',
    recycledFrom: 'r.recycled_from text',
  },
  tieBreak: 'r.recipe_id uuid',
  natural: 'r.deleted_at DESC, r.recipe_id ASC',
});

type RecipeSortField = (typeof RECIPE_LIST_SORT_FIELDS)[number];

/** The ORDER BY of a recipe list: the bin sorts by its own columns, the other lists by theirs. */
function recipeOrder(f: Partial<RecipeListQuery>): string {
  const list: ListOrder<RecipeSortField> = (
    f.status === 'recycle_bin' ? RECYCLE_BIN_ORDER : RECIPE_ORDER
  ) as ListOrder<RecipeSortField>;
  if (f.orderBy && !Object.hasOwn(list.keys, f.orderBy)) throw sortFieldInvalid();
  return orderClause(list, { orderBy: f.orderBy, order: f.order });
}

/**
 * WHERE of the list over `recipe_list r`, brand first ($1); every filter has an index or narrows one. `tab` is the
 * brand's and status tab's conditions alone, with the same placeholders as `where`.
 */
export function listConditions(brand: string, f: Partial<RecipeListQuery>, nameByIndex = true) {
  const w = new SqlWhere('r', brand);
  const add = (v: unknown) => w.param(v);
  // Without a status the library shows everything but the recycle bin (which has its own screen).
  // The bin's status is written out: the bin's partial indexes (WHERE status = 'recycle_bin') then match.
  if (f.status === 'recycle_bin') w.where(`r.status = 'recycle_bin'`);
  else w.where(f.status ? `r.status = ${add(f.status)}` : `r.status <> 'recycle_bin'`);
  const tab = w.size;
  if (f.number) w.where(`lower(r.number) LIKE ${add(likePrefix(f.number.toLowerCase()))}`);
  if (f.name) w.where(nameContains(f.name, add, nameByIndex));
  w.equals('category_id', f.categoryId).equals('type', f.type);
  // A model and a label are keys of one index (recipeFacetsText): both in one array, one scan.
  const facets = [
    ...(f.productCode ? [modelFacet(f.productCode)] : []),
    ...(f.tagId ? [labelFacet(f.tagId)] : []),
  ];
  if (facets.length > 0) w.where(`${nameGramsSql('r.facets')} @> ${add(facets)}::text[]`);
  if (f.online !== undefined) w.where(`r.online = ${add(f.online)}`);
  if (f.paid !== undefined) w.where(`r.paid = ${add(f.paid)}`);
  if (f.lang) w.where(`r.langs @> ARRAY[${add(f.lang)}]::text[]`);
  if (f.updatedFrom) w.where(`r.updated_at >= ${add(f.updatedFrom)}`);
  if (f.updatedTo) w.where(`r.updated_at <= ${add(f.updatedTo)}`);
  const order = recipeOrder(f);
  return { where: w.sql, tab: w.sqlUpTo(tab), params: w.withBrand(), order };
}

/** The library's own order (last changed first) pages after a cursor of the row's change time and id. */
const CHANGED_CURSOR = 'c.';
/** A change time as a cursor holds it: to the microsecond, whatever the session's date style. */
const cursorTime = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

function readChangedCursor(after: string, param: (value: unknown) => string): string {
  if (!after.startsWith(CHANGED_CURSOR)) throw cursorInvalid();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(after.slice(CHANGED_CURSOR.length), 'base64url').toString());
  } catch {
    throw cursorInvalid();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 2 ||
    typeof parsed[0] !== 'string' ||
    typeof parsed[1] !== 'string'
  )
    throw cursorInvalid();
  return `(r.updated_at, r.recipe_id) < (${cursorValue(parsed[0], 'timestamptz', param)}, ${cursorValue(parsed[1], 'uuid', param)})`;
}

/** A page's keys as the statement answers them: the recipe and its value of the sort column (as text). */
interface PageKeys {
  id: string;
  sort_value: string | null;
}

/**
 * The SQL of one page of the list and of its count, as the handler runs them (the recipes bench explains them):
 * the page's keys from the list-order index alone — after a cursor a seek, else a walk to the page's offset —
 * then the rows of those keys; the count is the rows of the filter, which countUpTo bounds.
 */
export function recipeListStatements(brand: string, f: RecipeListQuery, nameByIndex = true) {
  const { where, params, order } = listConditions(brand, f, nameByIndex);
  const keyParams = [...params];
  const add = (v: unknown) => `$${keyParams.push(v)}`;
  const bin = f.status === 'recycle_bin';
  // The bin's own order is its delete time descending, which its sorted cursor pages as it is.
  const sort: SortRequest<RecipeSortField> | null = f.orderBy
    ? { orderBy: f.orderBy, order: f.order }
    : bin
      ? { orderBy: 'deletedAt', order: 'desc' }
      : null;
  let keys: string;
  // The page's sort value as text, made from the page's keys only (not for every index entry a deep page skips).
  let sortValue = 'page.sort_value';
  if (sort) {
    keys = keysetKeysSql(
      (bin ? RECYCLE_BIN_ORDER : RECIPE_ORDER) as ListOrder<RecipeSortField>,
      sort,
      { from: 'recipe_list r', where },
      { pageNum: f.pageNum, pageSize: f.pageSize, onPage: true, after: f.after },
      add,
      MAX_WHOLE_LIST + 1,
    );
  } else {
    const seek = f.after ? ` AND ${readChangedCursor(f.after, add)}` : '';
    sortValue = cursorTime('page.changed_at');
    keys = `SELECT r.recipe_id AS seq, r.updated_at AS changed_at FROM recipe_list r WHERE ${where}${seek}
      ORDER BY ${order} LIMIT ${add(f.pageSize)}${f.after ? '' : ` OFFSET ${add((f.pageNum - 1) * f.pageSize)}`}`;
  }
  return {
    sort,
    page: {
      sql: `SELECT ${LIST_COLUMNS}, ${sortValue} AS sort_value ${LIST_FROM}
        JOIN (${keys}) page ON page.seq = r.recipe_id
        WHERE r.brand_owner_code = $1 ORDER BY ${order}`,
      params: keyParams,
    },
    count: { sql: `SELECT 1 FROM recipe_list r WHERE ${where}`, params },
    whole: { sql: `${LIST_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${MAX_WHOLE_LIST + 1}`, params },
  };
}

/**
 * A name search finding more recipes than this walks the list in its order, reading each row's names (the matches
 * are dense there: a page takes a few dozen rows); fewer are found through the name index and sorted. The planner
 * cannot tell the two apart: it multiplies the frequencies of the name's pieces as if they were independent, and
 * expects a handful of rows for a name a hundred thousand recipes share.
 */
export const NAME_INDEX_UP_TO = 1000;

/**
 * How many recipes (up to NAME_INDEX_UP_TO + 1) the list's name search finds through the name index, or null
 * without a name: with more, the name is searched without the index (`recipeListStatements(…, false)`).
 */
export async function nameMatchesUpTo(
  run: <R extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<R[]>,
  brand: string,
  f: RecipeListQuery,
): Promise<number | null> {
  const probe = nameProbeStatements(brand, f);
  if (!probe) return null;
  const count = async (s: { sql: string; params: unknown[] }) =>
    Number((await run<{ n: string }>(s.sql, s.params))[0]?.n ?? 0);
  const walked = await count(probe.walk);
  return walked > NAME_INDEX_UP_TO ? walked : count(probe.index);
}

/**
 * The statements of a name search's probe (null without a name), each counting up to NAME_INDEX_UP_TO + 1 matches:
 * `walk` reads the newest recipes of the brand (its status tab) in the list's order, `index` asks the name index
 * and runs only when the walk found no more than NAME_INDEX_UP_TO. A name that many recipes share shows that many
 * matches among the newest sooner than the index answers (at a million recipes, "pumpkin": 1,001 matches among the
 * newest 8,000 in 8 ms; the index found all 125,000 before counting, 50 ms).
 */
export function nameProbeStatements(brand: string, f: RecipeListQuery) {
  if (!f.name) return null;
  const upTo = NAME_INDEX_UP_TO + 1;
  const walked = listConditions(brand, f, false);
  const indexed = listConditions(brand, f);
  return {
    walk: {
      sql: `SELECT count(*) AS n FROM (SELECT 1 FROM (SELECT * FROM recipe_list r WHERE ${walked.tab}
        ORDER BY r.updated_at DESC, r.recipe_id DESC LIMIT ${NAME_WALK_ROWS}) r WHERE ${walked.where} LIMIT ${upTo}) m`,
      params: walked.params,
    },
    index: {
      sql: `SELECT count(*) AS n FROM (SELECT 1 FROM recipe_list r WHERE ${indexed.where} LIMIT ${upTo}) m`,
      params: indexed.params,
    },
  };
}

/**
 * How many of the newest recipes a name search reads in the list's order before it asks the name index: a name
 * found more than NAME_INDEX_UP_TO times among them (one recipe in ten) is common, and its pages walk the list.
 */
export const NAME_WALK_ROWS = 10_000;

/**
 * How far the list counts exactly when its matches are found row by row: a name (each match confirmed on its row),
 * a model or a label (their GIN indexes point at rows), a number prefix or a language without a type (their
 * indexes do not hold the status). At a million recipes, counting 10,000 such matches read 7,000 to 21,000 buffers
 * (0.6 to 1 s); 1,000 read a tenth of that. The other filters (status, category, type, flags, dates) count 10,000
 * index entries, index-only.
 */
export const ROW_COUNT_EXACT_UP_TO = NAME_INDEX_UP_TO;

/** How far a list of this filter counts its matches exactly before answering the planner's estimate. */
export function exactCountBound(f: Partial<RecipeListQuery>): number {
  const byRow = f.name || f.productCode || f.tagId || f.number || (f.lang && !f.type);
  return byRow ? ROW_COUNT_EXACT_UP_TO : LIST_COUNT_EXACT_UP_TO;
}

/**
 * The total of a page: a name search's probe (`named`) when it found no more than it counts, or, past that, the
 * planner's estimate of the name's matches (from the names' histogram, which ILIKE is matched against; the name
 * index's estimate multiplies its pieces' frequencies as if independent); without a name, counted up to the
 * filter's bound. `count` is the count statement of those the page ran (a name with many matches: without the name
 * index).
 */
export async function recipeListCount(
  run: <R extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<R[]>,
  f: RecipeListQuery,
  named: number | null,
  count: { sql: string; params: unknown[] },
): Promise<{ total: number; exact: boolean }> {
  if (named === null) return countUpTo(run, count.sql, count.params, exactCountBound(f));
  if (named <= NAME_INDEX_UP_TO) return { total: named, exact: true };
  return { total: Math.max(await plannedRows(run, count.sql, count.params), named), exact: false };
}

@QueryHandler(ListRecipesQuery)
export class ListRecipesHandler implements IQueryHandler<ListRecipesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, filter }: ListRecipesQuery): Promise<RecipeListPage | RecipeListItem[]> {
    refuseDeepJump(filter);
    const run = rowsOf(this.pool);
    const named = filter.onPage ? await nameMatchesUpTo(run, brand, filter) : null;
    const few = named !== null && named <= NAME_INDEX_UP_TO;
    const statements = recipeListStatements(brand, filter, named === null || few);
    if (!filter.onPage) {
      const rows = await run<RecipeListRow>(statements.whole.sql, statements.whole.params);
      return boundedWholeList(rows).map((r) => toListItem(r, lang));
    }
    const [rows, count] = await Promise.all([
      run<RecipeListRow & PageKeys>(statements.page.sql, statements.page.params),
      recipeListCount(run, filter, named, statements.count),
    ]);
    const last = rows[rows.length - 1];
    const full = last !== undefined && rows.length === filter.pageSize;
    return {
      list: rows.map((r) => toListItem(r, lang)),
      total: count.total,
      totalExact: count.exact,
      ...(count.exact ? {} : { exactUpTo: exactCountBound(filter) }),
      pageNum: filter.pageNum,
      pageSize: filter.pageSize,
      nextCursor: !full
        ? null
        : statements.sort
          ? sortedCursor(last.sort_value, last.id)
          : CHANGED_CURSOR + Buffer.from(JSON.stringify([last.sort_value, last.id])).toString('base64url'),
    };
  }
}
