import { cookingSessionMessageSchema } from '@kb/contracts';
import { z } from 'zod';
import { brandOwnerCode, isoTime, staffJob } from './job-fields.js';
import { postsOf } from './device-jobs.js';

/**
 * Payloads of the app-activity queues: one job per post. App activity carries who the app user is (as their
 * token proved) so the workers never look it up; messages keep their ids and are stored once each. The
 * messages themselves are checked one by one by the worker.
 */
export const appActivityBatchSchema = z.object({
  appUserId: z.uuid(),
  brandOwnerCode,
  account: z.string().min(1).max(64),
  nickname: z.string().max(64).nullable(),
  region: z.string().max(8).nullable(),
  receivedAt: isoTime,
  messages: z.array(z.unknown()).min(1).max(100),
});

export const cookingBatchSchema = z.object({
  deviceId: z.uuid(),
  brandOwnerCode,
  receivedAt: isoTime,
  messages: z.array(cookingSessionMessageSchema).min(1).max(100),
});

/** Posts gathered into one job (see `postsOf`). */
export const appActivityPostsSchema = postsOf(appActivityBatchSchema);
export const cookingPostsSchema = postsOf(cookingBatchSchema);

/** The export formats of the search records. */
export const SEARCH_RECORD_EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/**
 * `userSearchRecord/exportData`: the brand's search records matching the list's filter, written by the worker in
 * keyset batches to one CSV or xlsx file (never all rows in memory).
 */
export const searchRecordExportSchema = z.object({
  ...staffJob,
  runId: z.uuid(),
  format: z.enum(SEARCH_RECORD_EXPORT_FORMATS),
  /** UI language of the one who asked: the header row's language. */
  lang: z.enum(['zh', 'en']),
  filter: z.object({
    terms: z.string().max(100).optional(),
    user: z.string().max(64).optional(),
    lang: z.string().max(16).optional(),
    region: z.string().max(8).optional(),
    empty: z.boolean().optional(),
    searchedFrom: z.string().max(40).optional(),
    searchedTo: z.string().max(40).optional(),
  }),
});
export type SearchRecordExportJob = z.infer<typeof searchRecordExportSchema>;

/**
 * `vipUser/importData`: the uploaded paying-user template (purpose `list`, csv or xlsx) of the brand, checked and
 * written row by row by the worker, each row reported.
 */
export const payingUserImportSchema = z.object({
  ...staffJob,
  runId: z.uuid(),
  fileCode: z.uuid(),
  fileName: z.string().min(1).max(255),
});
export type PayingUserImportJob = z.infer<typeof payingUserImportSchema>;
export const PAYING_USER_IMPORT_QUEUE = 'paying-user-import';
export const PAYING_USER_IMPORT_JOB = 'import-paying-users';
