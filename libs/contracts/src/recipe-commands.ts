import { z } from 'zod';
import { idsSchema } from './catalog.js';
import { recipeNumberSchema } from './recipe.js';
import { text } from './text.js';

/**
 * The inputs of the recipe commands (`POST /api/recipe/*`) beside the content they carry (`recipeContentSchema`):
 * the API's command declarations validate and document their bodies with these.
 */

export const recipeIdSchema = z.string().uuid({ message: 'recipe_not_found' });
/** Query strings carry booleans as text; JSON and forms may send either. */
export const flagInput = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');
/** The stream revision the editor loaded (`revision` of the detail): a save against an older one is a 409. */
const revision = z.coerce.number({ message: 'recipe_revision_required' }).int().min(0);

export const recipeIdBodySchema = z.object({ id: recipeIdSchema });
export const recipeIdsSchema = idsSchema;

/** `update`: the content fields (recipeContentSchema) plus these. */
export const recipeUpdateRefSchema = z.object({ id: recipeIdSchema, revision });
/** `save`: without an id it creates the recipe; with one it saves the content over that revision. */
export const recipeSaveRefSchema = z
  .object({ id: recipeIdSchema.optional(), revision: revision.optional() })
  .refine((v) => v.id === undefined || v.revision !== undefined, {
    message: 'recipe_revision_required',
    path: ['revision'],
  });
/**
 * `submit`: with `content` (and the revision it was edited over) the editor saves and submits in one step; the
 * content is read with `recipeContentSchema`, its errors under the editor's own field paths.
 */
export const recipeSubmitSchema = z.object({
  id: recipeIdSchema,
  revision: revision.optional(),
  content: z.record(text({ trim: false }), z.unknown()).optional(),
});
export const recipeCopySchema = z.object({ id: recipeIdSchema, number: recipeNumberSchema.optional() });
export const recipeOnlineStatusSchema = idsSchema.extend({ online: flagInput });
export const recipePaidStatusSchema = idsSchema.extend({ paid: flagInput });
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
