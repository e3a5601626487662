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
  /** The category's names per language, so that a brand lacking it can create it (absent in older zips). */
  categoryNames: z.record(text().max(16), text().max(100)).optional(),
  /** tag number → its names per language, as `categoryNames`. */
  tagNames: z.record(text().max(64), z.record(text().max(16), text().max(100))).optional(),
});
export type RecipeArchiveRefs = z.infer<typeof recipeArchiveRefsSchema>;

/** One `recipes/<n>.json`; `content` is checked with `recipeContentSchema` on import. */
export const recipeArchiveEntrySchema = z.object({
  number: text().min(1).max(32),
  content: z.record(text().max(64), z.unknown()),
  refs: recipeArchiveRefsSchema,
});
export type RecipeArchiveEntry = z.infer<typeof recipeArchiveEntrySchema>;

const brandId = z.uuid({ message: 'not_found' });

/** What the import does with a language of the zip the brand has not enabled. */
export const RECIPE_IMPORT_LANG_CHOICES = ['enable', 'drop'] as const;
export type RecipeImportLangChoice = (typeof RECIPE_IMPORT_LANG_CHOICES)[number];

/**
 * The import's mapping step: each reference of the archive the brand does not have (category, tag and accessory by
 * number, unit by name, model by code) → the brand's own it stands for, or (categories, tags, units) created in the
 * brand from the zip's names; each language the brand has not enabled → enabled for the brand, or its texts
 * dropped. The import checks every id is the brand's. A recipe whose main language is dropped takes as its main
 * language the brand's main language if the recipe has it, else its first remaining language the brand has; with
 * none left it is refused.
 */
export const recipeImportMappingSchema = z.object({
  categories: z.record(text().max(64), brandId).default({}),
  tags: z.record(text().max(64), brandId).default({}),
  accessories: z.record(text().max(64), brandId).default({}),
  units: z.record(text().max(100), brandId).default({}),
  models: z.record(text().max(64), text().min(1).max(64)).default({}),
  langs: z
    .record(text().max(16), z.enum(RECIPE_IMPORT_LANG_CHOICES, { message: 'recipe_import_lang_choice' }))
    .default({}),
  /** The references to create in the brand, by what the zip names them by. */
  create: z
    .object({
      categories: z.array(text().max(64)).max(1000).default([]),
      tags: z.array(text().max(64)).max(1000).default([]),
      units: z.array(text().max(100)).max(1000).default([]),
    })
    .default({ categories: [], tags: [], units: [] }),
});
export type RecipeImportMapping = z.output<typeof recipeImportMappingSchema>;

/** `/api/recipe/importData`: the uploaded zip (purpose `zip`), its name and the mapping chosen for it. */
export const recipeImportRequestSchema = z.object({
  fileCode: z.string().uuid({ message: 'file_invalid' }),
  fileName: text({ message: 'file_name_empty' }).min(1, { message: 'file_name_empty' }).max(255),
  mapping: recipeImportMappingSchema.optional(),
});

/** `/api/recipe/importCheck`: the uploaded zip whose references are looked up before the import runs. */
export const recipeImportCheckSchema = z.object({ fileCode: z.string().uuid({ message: 'file_invalid' }) });

/** The references an archive names that the brand does not have: what the mapping step asks about. */
export interface RecipeImportCheck {
  categories: string[];
  tags: string[];
  accessories: string[];
  /** Units by their name in the archive. */
  units: string[];
  models: string[];
  /** Languages the brand has not enabled: each is enabled for the brand or its texts dropped (else refused). */
  langs: string[];
  /** Of each such language, how many recipes of the zip have it as their main language. */
  mainOf: Record<string, number>;
  /** The references of the zip the brand could create from the zip's names (the others can only be mapped). */
  creatable: { categories: string[]; tags: string[]; units: string[] };
}
