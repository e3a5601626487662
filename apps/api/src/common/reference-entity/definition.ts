import type pg from 'pg';
import type { z } from 'zod';
import type { Names, Permission } from '@kb/contracts';

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
  table: string;
  addSchema: z.ZodType<Add>;
  /** Columns written from validated input (without brand, id, version). */
  columns(input: Add): Record<string, unknown>;
  toDto(row: BaseRow, ctx: { lang: 'zh' | 'en'; mainLang: string }): Dto;
  /** Column holding `names` jsonb (multilingual names), if any. */
  namesColumn?: string;
  /** The language whose name is required: a field of the input, or the brand's main language. */
  mainLangOf?(input: Add, brandMain: string): string;
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
  /** Extra computed columns in lists and details, e.g. `(SELECT count(*) …) AS recipe_count`. */
  extraSelect?: string;
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
