import { z } from 'zod';
import {
  idsSchema,
  pageQuerySchema,
  RECIPE_SORT_FIELDS,
  RECIPE_TYPES,
  recipeNumberSchema,
  sortQueryShape,
  text,
  timeInput,
} from '@kb/contracts';

/**
 * The wire of `/api/recipe/*` beside the content schema of @kb/contracts (`recipeContentSchema`): request
 * schemas (validated with `parseInput`, documented with `ApiBodyFrom`/`ApiQueryFrom`). The answer shapes live in
 * @kb/contracts (recipe.ts), shared with the web.
 */

const recipeId = z.string().uuid({ message: 'recipe_not_found' });
/** Query strings carry booleans as text; JSON and forms may send either. */
const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
/** The stream revision the editor loaded (`revision` of the detail): a save against an older one is a 409. */
const revision = z.coerce.number({ message: 'recipe_revision_required' }).int().min(0);

/** Statuses the list can filter by; a cleared recipe is on no screen. Without a status: all but the bin. */
export const RECIPE_LIST_STATUSES = ['editing', 'waiting_release', 'released', 'recycle_bin'] as const;

export const recipeIdQuerySchema = z.object({ id: recipeId });
export const recipeIdBodySchema = recipeIdQuerySchema;
export const recipeIdsSchema = idsSchema;

/** `update`: the content fields (recipeContentSchema) plus these. */
export const recipeUpdateRefSchema = z.object({ id: recipeId, revision });
/** `save`: without an id it creates the recipe; with one it saves the content over that revision. */
export const recipeSaveRefSchema = z
  .object({ id: recipeId.optional(), revision: revision.optional() })
  .refine((v) => v.id === undefined || v.revision !== undefined, {
    message: 'recipe_revision_required',
    path: ['revision'],
  });
/** `submit`: with `content` (and the revision it was edited over) the editor saves and submits in one step. */
export const recipeSubmitSchema = z.object({
  id: recipeId,
  revision: revision.optional(),
  content: z.record(text({ trim: false }), z.unknown()).optional(),
});
export const recipeCopySchema = z.object({ id: recipeId, number: recipeNumberSchema.optional() });
export const recipeOnlineStatusSchema = idsSchema.extend({ online: flag });
export const recipePaidStatusSchema = idsSchema.extend({ paid: flag });
export const recipeCategoryChangeSchema = idsSchema.extend({
  categoryId: z.string().uuid({ message: 'recipe_category_missing' }).nullable(),
});
export const recipeModelsSchema = idsSchema.extend({
  productCodes: z
    .array(text().min(1).max(64))
    .min(1, { message: 'recipe_model_required' })
    .max(100)
    .transform((codes) => [...new Set(codes)]),
});

export const recipeListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(RECIPE_SORT_FIELDS),
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
  filter: recipeListQuerySchema.omit({ pageNum: true, pageSize: true, onPage: true }).default({}),
});
