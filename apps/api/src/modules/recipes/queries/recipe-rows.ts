import type { Difficulty, RecipeListItem, RecipeType, UiLang } from '@kb/contracts';
import { likeContains } from '@kb/platform';
import { GRAM_SEPARATOR, nameGramsSql } from '@kb/read-models';
import { displayName } from '../../../common/reference-entity/definition.js';

/** A `recipe_list` row with its category's names (LIST_SELECT). */
export interface RecipeListRow {
  id: string;
  number: string;
  names: Record<string, string>;
  main_lang: string;
  langs: string[];
  type: RecipeType;
  status: RecipeListItem['status'];
  version: number;
  category_id: string | null;
  category_names: Record<string, string> | null;
  category_main_lang: string | null;
  tag_ids: string[];
  product_codes: string[];
  online: boolean;
  paid: boolean;
  picture_file_code: string | null;
  difficulty: Difficulty | null;
  servings: number[];
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string;
  released_at: Date | null;
  deleted_at: Date | null;
  recycled_from: RecipeListItem['recycledFrom'];
  copied_from: string | null;
  revision: string;
  [column: string]: unknown;
}

/** The columns of a list row (LIST_SELECT) over `r` (recipe_list) and `c` (its category). */
export const LIST_COLUMNS = `
         r.recipe_id::text AS id, r.number, r.names, r.main_lang, r.langs, r.type, r.status, r.version,
         r.category_id::text AS category_id, c.names AS category_names, c.main_lang AS category_main_lang,
         r.tag_ids::text[] AS tag_ids, r.product_codes, r.online, r.paid,
         r.picture_file_code::text AS picture_file_code, r.difficulty, r.servings, r.created_at, r.created_by,
         r.updated_at, r.updated_by, r.released_at, r.deleted_at, r.recycled_from,
         r.copied_from::text AS copied_from, r.revision`;

/** The list rows with their categories: `r` is recipe_list, `c` the category. */
export const LIST_FROM = `
    FROM recipe_list r
    LEFT JOIN recipe_categories c ON c.id = r.category_id AND c.brand_owner_code = r.brand_owner_code`;

/** The list row of the caller's brand with its category's name; `r` is recipe_list, `c` the category. */
export const LIST_SELECT = `SELECT ${LIST_COLUMNS} ${LIST_FROM}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toListItem(r: RecipeListRow, lang: UiLang): RecipeListItem {
  return {
    id: r.id,
    number: r.number,
    name: displayName(r.names, lang, r.main_lang),
    names: r.names,
    mainLang: r.main_lang,
    langs: r.langs,
    type: r.type,
    status: r.status,
    version: r.version,
    categoryId: r.category_id,
    categoryName: r.category_names
      ? displayName(r.category_names, lang, r.category_main_lang ?? r.main_lang)
      : null,
    tagIds: r.tag_ids,
    productCodes: r.product_codes,
    online: r.online,
    paid: r.paid,
    pictureFileCode: r.picture_file_code,
    difficulty: r.difficulty,
    servings: r.servings,
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by,
    updatedAt: r.updated_at.toISOString(),
    updatedBy: r.updated_by,
    releasedAt: iso(r.released_at),
    deletedAt: iso(r.deleted_at),
    recycledFrom: r.recycled_from,
    copiedFrom: r.copied_from,
    revision: Number(r.revision),
  };
}

export { likeLiteral } from '@kb/platform';

/**
 * The index pieces a searched text must all have: its 2-character pieces (1 character: itself), lowercased, as the
 * recipes projection cuts names into `name_grams` (libs/read-models recipes.projection.ts `nameGrams`).
 */
export function searchGrams(text: string): string[] {
  const chars = Array.from(text.toLowerCase());
  const grams = chars.length < 2 ? chars : [...new Set(chars.slice(1).map((c, i) => chars[i] + c))];
  // Pieces with the separator of the stored pieces are not stored; ILIKE still checks them.
  return grams.filter((g) => !g.includes(GRAM_SEPARATOR));
}

/**
 * SQL matching recipes whose name (in any language) contains `text`: the bigram index finds the candidates, ILIKE
 * confirms. `add` binds a parameter and answers its placeholder. Without `byIndex` only ILIKE, for a name so common
 * that walking the list in its order finds a page sooner than the index finds every match.
 */
export function nameContains(text: string, add: (value: unknown) => string, byIndex = true): string {
  const grams = byIndex ? searchGrams(text) : [];
  const indexed = grams.length > 0 ? `${nameGramsSql('r.name_grams')} @> ${add(grams)}::text[] AND ` : '';
  return `(${indexed}r.names_text ILIKE ${add(likeContains(text))})`;
}
