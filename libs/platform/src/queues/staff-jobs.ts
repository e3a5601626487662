import { z } from 'zod';
import { lang, staffJob } from './job-fields.js';

/** Payloads of the staff-started recipe jobs (import, export, translation) and notification pushes. */
export const recipeImportSchema = z.object({
  ...staffJob,
  /** Code of the uploaded zip in the file store (already checked to be a zip by its bytes). */
  fileCode: z.string().min(1),
  fileName: z.string().min(1).max(255),
});

export const recipeExportSchema = z.object({
  ...staffJob,
  recipeIds: z.array(z.string().min(1)).min(1).max(5000),
});

export const translationSchema = z.object({
  ...staffJob,
  recipeIds: z.array(z.string().min(1)).min(1).max(500),
  sourceLang: lang,
  targetLangs: z.array(lang).min(1),
});

export const notificationPushSchema = z.object({
  ...staffJob,
  noticeId: z.string().min(1),
});
