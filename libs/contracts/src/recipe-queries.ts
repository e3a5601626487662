import { z } from 'zod';
import { pageQuerySchema } from './paging.js';
import { RECIPE_LIST_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';
import { RECIPE_TYPES } from './reference.js';
import { flagInput, recipeIdSchema } from './recipe-commands.js';
import { text } from './text.js';
import { timeInput } from './dates.js';

/**
 * The queries of `/api/recipe/*` and the export's body (its filter is the list's): the API parses and documents
 * them with these schemas. The commands' inputs are in recipe-commands.ts, the answers in recipe.ts.
 */

const recipeId = recipeIdSchema;
const flag = flagInput;

/** Statuses the list can filter by; a cleared recipe is on no screen. Without a status: all but the bin. */
export const RECIPE_LIST_STATUSES = ['editing', 'waiting_release', 'released', 'recycle_bin'] as const;

export const recipeIdQuerySchema = z.object({ id: recipeId });

export const recipeListQuerySchema = pageQuerySchema.extend({
  /** The bin's own columns (`deletedAt`, `recycledFrom`) sort only `status=recycle_bin`. */
  ...sortQueryShape(RECIPE_LIST_SORT_FIELDS),
  /** Number prefix (case-insensitive). */
  number: text().max(32).optional(),
  /** Part of the name in any language. */
  name: text().max(100).optional(),
  status: z.enum(RECIPE_LIST_STATUSES, { message: 'recipe_status_invalid' }).optional(),
  categoryId: z.string().uuid({ message: 'recipe_category_missing' }).optional(),
  /** A label (tag). */
  tagId: z.string().uuid({ message: 'recipe_tag_missing' }).optional(),
  type: z.enum(RECIPE_TYPES, { message: 'recipe_type_invalid' }).optional(),
  /** A compatible model (product code). */
  productCode: text().max(64).optional(),
  online: flag.optional(),
  paid: flag.optional(),
  /** A language the recipe supports. */
  lang: text().max(16).optional(),
  /** Last change on or after / before this time (ISO date or date-time). */
  updatedFrom: timeInput('recipe_date_invalid').optional(),
  updatedTo: timeInput('recipe_date_invalid').optional(),
  /**
   * Keyset cursor: `nextCursor` of the previous page's answer (same filter and sort). The page after it is read by
   * an index seek, as fast on page 100,000 as on page 1; `pageNum` then only labels the answer.
   */
  after: text().max(400).optional(),
});
export type RecipeListQuery = z.output<typeof recipeListQuerySchema>;

export const recipeSearchQuerySchema = z.object({
  keyword: text().max(100).default(''),
  status: z.enum(RECIPE_LIST_STATUSES, { message: 'recipe_status_invalid' }).optional(),
});
export const recipePreviewQuerySchema = z.object({
  id: recipeId,
  /** The device's language; default the recipe's main language. */
  lang: text().max(16).optional(),
  /** Which serving-size version; default the first. */
  servings: z.coerce.number().int().min(1).max(99).optional(),
});

/** `/api/recipe/export`: the selected recipes (`ids`), or without them every recipe the list's `filter` shows. */
export const recipeExportBodySchema = z.object({
  ids: z
    .array(z.string().uuid({ message: 'recipe_not_found' }))
    .min(1)
    .max(20_000)
    .optional(),
  filter: recipeListQuerySchema
    .omit({ pageNum: true, pageSize: true, onPage: true, after: true })
    .default({}),
});
