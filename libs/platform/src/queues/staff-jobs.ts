import { recipeImportMappingSchema } from '@kb/contracts';
import { z } from 'zod';
import { lang, staffJob } from './job-fields.js';

/** Payloads of the staff-started recipe jobs (import, export, translation) and notification pushes. */

/** The `job_runs` row a long job fills (the API inserts it queued before enqueueing). */
const run = { runId: z.uuid() };

/** The most recipes one export writes (the recipe list's filter is resolved to ids by the API). */
export const RECIPE_EXPORT_MAX = 20_000;

export const recipeImportSchema = z.object({
  ...staffJob,
  ...run,
  /** Code of the uploaded zip in the file store (already checked to be a zip by its bytes). */
  fileCode: z.string().min(1),
  fileName: z.string().min(1).max(255),
  /**
   * The mapping step's choices: archive reference → the brand's (ids, or model codes), per kind; references to
   * create; languages to enable or drop.
   */
  mapping: recipeImportMappingSchema.optional(),
});

export const recipeExportSchema = z.object({
  ...staffJob,
  ...run,
  recipeIds: z.array(z.uuid()).min(1).max(RECIPE_EXPORT_MAX),
});

export const translationSchema = z.object({
  ...staffJob,
  ...run,
  recipeIds: z.array(z.uuid()).min(1).max(500),
  sourceLang: lang,
  targetLangs: z.array(lang).min(1),
});

export const notificationPushSchema = z.object({
  ...staffJob,
  noticeId: z.string().min(1),
});

/** The lists whose rows export as a file (the list kit's export): their filters and sort travel as given. */
export const LIST_EXPORT_LISTS = ['device', 'faultRecord', 'appUser', 'notice'] as const;
export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/**
 * An export of what a list shows: its query (filters and sort, as the list sends them; the API checked it and
 * checks it again when it runs), written to one CSV or xlsx file in batches, never all rows in memory.
 */
export const listExportSchema = z.object({
  ...staffJob,
  runId: z.uuid(),
  list: z.enum(LIST_EXPORT_LISTS),
  format: z.enum(LIST_EXPORT_FORMATS),
  /** UI language of the one who asked: the header row's and the cells' words. */
  lang: z.enum(['zh', 'en']),
  query: z.record(z.string().max(64), z.unknown()),
});
export type ListExportJob = z.infer<typeof listExportSchema>;
export const LIST_EXPORT_QUEUE = 'list-export';
export const LIST_EXPORT_JOB = 'export-list';

export type RecipeImportJob = z.infer<typeof recipeImportSchema>;
export type RecipeExportJob = z.infer<typeof recipeExportSchema>;
export type TranslationJob = z.infer<typeof translationSchema>;

/** Queue and job names of the recipe jobs, as `QUEUES` registers them. */
export const RECIPE_IMPORT_QUEUE = 'recipe-import';
export const RECIPE_IMPORT_JOB = 'import-zip';
export const RECIPE_EXPORT_QUEUE = 'recipe-export';
export const RECIPE_EXPORT_JOB = 'export-zip';
export const TRANSLATION_QUEUE = 'translation';
export const TRANSLATION_JOB = 'translate-recipes';
