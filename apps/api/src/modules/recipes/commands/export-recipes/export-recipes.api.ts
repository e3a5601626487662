import { z } from 'zod';
import { recipeListQuerySchema } from '../../recipe.api.js';

/** `/api/recipe/export`: the selected recipes (`ids`), or without them every recipe the list's `filter` shows. */
export const recipeExportBodySchema = z.object({
  ids: z
    .array(z.string().uuid({ message: 'recipe_not_found' }))
    .min(1)
    .max(20_000)
    .optional(),
  filter: recipeListQuerySchema.omit({ pageNum: true, pageSize: true, onPage: true }).default({}),
});
