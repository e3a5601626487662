import type pg from 'pg';
import type { z } from 'zod';
import type { ListFilter, Names, PageQuery, Permission } from '@kb/contracts';
import { brandTableDdl } from '../brand-table.js';

/** An SQL identifier, quoted. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** What every reference-entity row has besides its own columns. */
export interface BaseRow {
  id: string;
  brand_owner_code: string;
  version: number;
  created_at: Date;
  updated_at: Date;
  [column: string]: unknown;
}

export interface EntityContext {
  brand: string;
  /** The brand's languages, main language first. */
  brandLangs: { codes: string[]; main: string };
  lang: 'zh' | 'en';
  client: pg.PoolClient;
}

export type Endpoint = 'list' | 'add' | 'update' | 'detail' | 'delete' | 'batchDelete' | 'search';

/** Adds a query parameter and answers its placeholder (`$3`). */
export type Bind = (value: unknown) => string;
/**
 * A list's filters: for each field of the list query (besides paging), the SQL condition on the table `t` when
 * the caller sends it (null: no condition). Fields left out, undefined, null or '' filter nothing.
 */
export type ListFilters<L> = {
  [K in Exclude<keyof L, keyof PageQuery>]?: (
    value: NonNullable<L[K]>,
    bind: Bind,
    query: L,
  ) => string | null;
};

/** Filters on a jsonb column of texts per language: a text in one language (or any), and having a language. */
export function namesFilters(column: string) {
  const names = `t.${ident(column)}`;
  return {
    text: (value: string, bind: Bind, lang?: string) =>
      lang
        ? `${names} ->> ${bind(lang)} ILIKE ${bind(`%${value}%`)}`
        : `EXISTS (SELECT 1 FROM jsonb_each_text(${names}) n WHERE n.value ILIKE ${bind(`%${value}%`)})`,
    lang: (lang: string, bind: Bind) => `${names} ? ${bind(lang)}`,
  };
}

/** The list query and filters of the catalog tables: number, name (in one language or any) and language. */
export function standardFilters(numberColumn?: string, namesColumn?: string): ListFilters<ListFilter> {
  const names = namesColumn ? namesFilters(namesColumn) : undefined;
  return {
    ...(numberColumn && {
      number: (number, bind) => `t.${ident(numberColumn)} ILIKE ${bind(`%${number}%`)}`,
    }),
    ...(names && {
      name: (name, bind, q) => names.text(name, bind, q.lang),
      lang: (lang, bind, q) => (q.name ? null : names.lang(lang, bind)),
    }),
  };
}

/**
 * A record's ordered recipes (a banner's, a themed group's, an online category's): one row per link with its
 * sort. Every recipe named is checked against the recipe read model and the caller's brand.
 */
export interface RecipeLinks {
  table: string;
  /** The column naming the owning record. */
  parentColumn: string;
  /** How the link table stores recipe ids. */
  recipeIdType: 'uuid' | 'text';
  /** Only released recipes may be linked (content the app and devices show). */
  releasedOnly: boolean;
  /** Runs after recipes were linked, in the same transaction (e.g. gives them H5 share ids). */
  onLinked?(ctx: { client: pg.PoolClient; brand: string }, recipeIds: string[]): Promise<unknown>;
}

/** A text in both UI languages (export headers, enum words). */
export type Worded = { zh: string; en: string };

/** One column of an entity's CSV export: its header in each UI language and the cell of a row. */
/** What an export column's value may read besides its row. */
export interface ExportContext {
  lang: 'zh' | 'en';
  /** The brand's main language code. */
  mainLang: string;
  /** Language names in the caller's language, by code (`en` → 英语 or English). */
  langNames: Record<string, string>;
}

export interface ExportColumn {
  title: Worded;
  value(row: BaseRow, ctx: ExportContext): unknown;
}

/** An enum's words in the caller's language (the raw value when it has none). */
export const worded =
  (words: Record<string, Worded>) =>
  (value: unknown, lang: 'zh' | 'en'): string =>
    words[String(value)]?.[lang] ?? String(value ?? '');

/** A time as exports show it (UTC, to the minute): what a spreadsheet sorts and reads as a date. */
export const exportTime = (d: unknown) =>
  d instanceof Date ? d.toISOString().slice(0, 16).replace('T', ' ') : d ? String(d) : '';

/** A record's names per language in one cell, each language by its name: `英语: Soup; 中文: 汤`. */
export const namesCell = (names: Names, langNames: Record<string, string>) =>
  Object.entries(names)
    .map(([lang, text]) => `${langNames[lang] ?? lang}: ${text}`)
    .join('; ');

/** An export column with its zh and en header. */
export const exportColumn = (zh: string, en: string, value: ExportColumn['value']): ExportColumn => ({
  title: { zh, en },
  value,
});

/** The export columns most entities share. */
export const EXPORT = {
  number: exportColumn('编号', 'Number', (r) => r.number),
  /** The name in the caller's language (else the record's main one). */
  name: (column = 'names', zh = '名称', en = 'Name') =>
    exportColumn(zh, en, (r, { lang, mainLang }) =>
      displayName(namesOf(r, column), lang, String(r.main_lang ?? mainLang)),
    ),
  /** Every language's name in one cell. */
  names: (column = 'names') =>
    exportColumn('多语言名称', 'Names by language', (r, { langNames }) =>
      namesCell(namesOf(r, column), langNames),
    ),
  sort: exportColumn('排序', 'Sort', (r) => r.sort),
  updatedAt: exportColumn('更新时间', 'Updated', (r) => exportTime(r.updated_at)),
};

/** A column of the entity's table: its SQL type (DDL) and, unless written by the database, its value. */
export interface Column<Add> {
  type: string;
  value?(input: Add): unknown;
}

/**
 * A brand-owned reference table (categories, tags, units, accessories, later banners, hot tags…), declared once:
 * the factory turns it into the §7 endpoints list|add|update|detail|delete|batchDelete|search with paging,
 * brand scoping, uniqueness errors on the clashing field and optimistic versions.
 */
export interface ReferenceEntity<Add extends object, Dto> {
  /** The §7 path segment, e.g. `recipeCategory`. */
  route: string;
  /** OpenAPI tag and human name. */
  label: string;
  /** What add, update and delete need in the role matrix (its reads need `read`). */
  editPermission: Permission;
  /** What add needs, where creating a record is someone else's job than changing one (default `editPermission`). */
  addPermission?: Permission;
  table: string;
  addSchema: z.ZodType<Add>;
  /**
   * The table's own columns (without id, brand, version and times), declared once: `referenceTableDdl` makes the
   * table from it and add/update write every column that has a `value`. Tables made before the kit declare
   * their writes with `columns` instead.
   */
  tableColumns?: Record<string, Column<Add>>;
  /** Columns written from validated input (without brand, id, version); derived from `tableColumns` if absent. */
  columns?(input: Add): Record<string, unknown>;
  /** Columns set once, when the record is made (e.g. an unguessable share id). */
  insertOnly?(): Record<string, unknown>;
  /** The list query (default: number, name, lang) and the SQL of each of its filters. */
  list?: { schema: z.ZodObject; filters: ListFilters<never> };
  /** The record's ordered recipes: adds `refRecipeList`, `updateRefRecipe` and `deleteRefRecipe`. */
  links?: RecipeLinks;
  /** The recipe ids an add or update sets as the record's links, in order (undefined: leave them). */
  linksOf?(input: Add): string[] | undefined;
  toDto(row: BaseRow, ctx: { lang: 'zh' | 'en'; mainLang: string }): Dto;
  /** The record as lists, details and saves answer it (`toDto`'s shape, from libs/contracts): the OpenAPI schema. */
  dtoSchema: z.ZodType<Dto>;
  /** Column holding `names` jsonb (multilingual names), if any. */
  namesColumn?: string;
  /** The language whose name is required: a field of the input, or the brand's main language. */
  mainLangOf?(input: Add, brandMain: string): string;
  /** Plain text columns the quick search also matches (besides number and names). */
  searchColumns?: string[];
  /** Column for the `number` filter and the number uniqueness. */
  numberColumn?: string;
  /** Names must be unique per language within the brand (units). */
  uniqueNames?: boolean;
  /** ORDER BY of lists. */
  orderBy: string;
  /** Which endpoints exist (§7: boUnit has no batchDelete and search). Default: all. */
  endpoints?: Endpoint[];
  /** Refuses deleting records still in use; throws an AppError naming why. */
  beforeDelete?(ids: string[], ctx: EntityContext): Promise<void>;
  /** Extra checks of input against the database (e.g. files belong to the brand). */
  validate?(input: Add, ctx: EntityContext): Promise<void>;
  /**
   * The columns of `GET export` (the list's filters applied, streamed as CSV), in order; the file is named
   * `exportFile`.csv. Without them the entity has no export.
   */
  exportColumns?: Record<string, ExportColumn>;
  exportFile?: string;
  /** Extra computed columns in lists and details, e.g. `(SELECT count(*) …) AS recipe_count`. */
  extraSelect?: string;
}

/** The list declaration of an entity, typed by its list query schema. */
export function listOf<S extends z.ZodObject>(
  schema: S,
  filters: ListFilters<z.output<S>>,
): { schema: z.ZodObject; filters: ListFilters<never> } {
  return { schema, filters: filters as ListFilters<never> };
}

/** The values add and update write. */
export function writtenColumns<A extends object, D>(
  e: ReferenceEntity<A, D>,
  input: A,
): Record<string, unknown> {
  if (e.columns) return e.columns(input);
  return Object.fromEntries(
    Object.entries(e.tableColumns ?? {})
      .filter(([, c]) => c.value)
      .map(([name, c]) => [name, c.value!(input)]),
  );
}

/** CREATE TABLE of an entity declaring `tableColumns` (plus the brand index its lists and checks use). */
export function referenceTableDdl<A extends object, D>(e: ReferenceEntity<A, D>): string {
  const own = Object.entries(e.tableColumns ?? {}).map(([name, c]) => `${ident(name)} ${c.type}`);
  return brandTableDdl(ident(e.table), own.join(',\n    '));
}

export function namesOf(row: BaseRow, column = 'names'): Names {
  return (row[column] as Names | null) ?? {};
}

/** The display name: the caller's UI language if the record has it, else its main language, else any. */
export function displayName(names: Names, lang: string, mainLang: string): string {
  return names[lang] ?? names[mainLang] ?? Object.values(names)[0] ?? '';
}

/** A timestamp column as the wire carries it (ISO 8601). */
export const isoTime = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

/** The answer of an entity that is only a number and names per language (tags, fault types). */
export function numberedNamesDto(row: BaseRow, ctx: { lang: 'zh' | 'en'; mainLang: string }) {
  const names = namesOf(row);
  return {
    id: row.id,
    number: String(row.number),
    names,
    name: displayName(names, ctx.lang, ctx.mainLang),
    version: row.version,
    updatedAt: isoTime(row.updated_at),
  };
}
