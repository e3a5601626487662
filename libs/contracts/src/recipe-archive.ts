import { z } from 'zod';
import { text } from './text.js';

/**
 * The recipe zip of an export and an import, format `kitchen-recipes/1`:
 * - `recipes/<n>.json`: one recipe (`RecipeArchiveEntry`): its whole content (every language, serving versions,
 *   steps) and the references it names, by what another brand can find them by (category, tag and accessory numbers,
 *   unit names, the media files' paths in the zip);
 * - `media/<fileCode>.<ext>`: the pictures, videos and audio the recipes use;
 * - `manifest.json` (written last): format, brand, languages, count, each recipe's number and file, and every other
 *   entry with its size and SHA-256.
 */
export const RECIPE_ARCHIVE_FORMAT = 'kitchen-recipes/1';

const sha256 = text().regex(/^[0-9a-f]{64}$/);
const entryPath = text().min(1).max(200);

export const recipeArchiveManifestSchema = z
  .object({
    format: z.literal(RECIPE_ARCHIVE_FORMAT),
    brandOwnerCode: text().min(1).max(64),
    exportedAt: text().max(40),
    languages: z.array(text().max(16)).max(100),
    count: z.number().int().min(0),
    recipes: z.array(z.object({ number: text().min(1).max(32), file: entryPath })).max(50_000),
    files: z.array(z.object({ path: entryPath, size: z.number().int().min(0), sha256 })).max(200_000),
  })
  .refine((m) => m.count === m.recipes.length, { message: 'recipe_import_manifest_count' });
export type RecipeArchiveManifest = z.infer<typeof recipeArchiveManifestSchema>;

/** How a recipe's references travel: by number (category, tags, accessories), by name (units), by path (media). */
export const recipeArchiveRefsSchema = z.object({
  category: text().max(64).nullable(),
  tags: z.record(text().max(64), text().max(64)),
  accessories: z.record(text().max(64), text().max(64)),
  /** unit id → its names per language (units have no number). */
  units: z.record(text().max(64), z.record(text().max(16), text().max(100))),
  /** file code → entry path in the zip. */
  files: z.record(text().max(64), entryPath),
});
export type RecipeArchiveRefs = z.infer<typeof recipeArchiveRefsSchema>;

/** One `recipes/<n>.json`; `content` is checked with `recipeContentSchema` on import. */
export const recipeArchiveEntrySchema = z.object({
  number: text().min(1).max(32),
  content: z.record(text().max(64), z.unknown()),
  refs: recipeArchiveRefsSchema,
});
export type RecipeArchiveEntry = z.infer<typeof recipeArchiveEntrySchema>;

/** `/api/recipe/importData`: the uploaded zip (purpose `zip`) and its name. */
export const recipeImportRequestSchema = z.object({
  fileCode: z.string().uuid({ message: 'file_invalid' }),
  fileName: text({ message: 'file_name_empty' }).min(1, { message: 'file_name_empty' }).max(255),
});
