import { z } from 'zod';
import { isStorableTime } from './dates.js';
import type { Page } from './envelope.js';
import { pageQuerySchema } from './paging.js';
import { text } from './text.js';
import { PAYING_USER_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';

/**
 * Paying users (§2 `/vip-user-list`, §7 `vipUser`): which of the brand's app user accounts pay, at which level and
 * from when to when. They come from an import of the template (`/api/common/downloadImportAccountTpl`), worked
 * as a job that reports every row.
 */

/** Where a paying user stands today: paying, not yet started, or past its end date. */
export const PAYING_USER_STATES = ['active', 'upcoming', 'expired'] as const;
export type PayingUserState = (typeof PAYING_USER_STATES)[number];

/** The highest paying level a row may name. */
export const PAYING_LEVEL_MAX = 99;

const isoDay = (message: string) =>
  text({ message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message })
    .refine(
      (v) => isStorableTime(`${v}T00:00:00Z`) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message,
      },
    );

const levelNumber = z
  .number({ message: 'paying_level_invalid' })
  .int({ message: 'paying_level_invalid' })
  .min(1, { message: 'paying_level_invalid' })
  .max(PAYING_LEVEL_MAX, { message: 'paying_level_invalid' });
/** A level as text (a query string, a file's cell): an empty one is no number. */
const level = (message = 'paying_level_invalid') =>
  text({ message })
    .transform((v) => (v === '' ? Number.NaN : Number(v)))
    .pipe(levelNumber);

export const payingUserListQuerySchema = pageQuerySchema.extend({
  /** Account prefix. */
  account: text().max(64).optional(),
  /** Nickname prefix. */
  nickname: text().max(64).optional(),
  vipLevel: level().optional(),
  state: z.enum(PAYING_USER_STATES, { message: 'paying_state_invalid' }).optional(),
  /** End date within this range (`YYYY-MM-DD`, both ends included). */
  endFrom: isoDay('paying_date_invalid').optional(),
  endTo: isoDay('paying_date_invalid').optional(),
  ...sortQueryShape(PAYING_USER_SORT_FIELDS),
});
export type PayingUserListQuery = z.input<typeof payingUserListQuerySchema>;

export interface PayingUserRow {
  id: string;
  appUserId: string;
  /** The app user's number (`U00000012`). */
  userNumber: string;
  account: string;
  nickname: string | null;
  region: string | null;
  regionName: string | null;
  vipLevel: number;
  /** `YYYY-MM-DD`, both included. */
  startDate: string;
  endDate: string;
  state: PayingUserState;
  /** How the record came: `import` (the template). */
  source: 'import';
  updatedAt: string;
  updatedBy: string;
}

export interface PayingUserDetail extends PayingUserRow {
  createdAt: string;
  /** The file of the import that last changed the record, and its run (`/api/recipe/asyncTask/detail`). */
  importFileName: string | null;
  importRunId: string | null;
}

export type PayingUserListPage = Page<PayingUserRow>;

const payingUserId = z.uuid({ message: 'paying_user_not_found' });
export const payingUserIdQuerySchema = z.object({ id: payingUserId });
export const payingUserIdsSchema = z.object({
  ids: z.array(payingUserId).min(1, { message: 'select_required' }).max(500),
});

/** `POST /api/vipUser/importData`: the uploaded template (`/api/file/upload`, purpose `list`) and its name. */
export const payingUserImportRequestSchema = z.object({
  fileCode: z.uuid({ message: 'paying_import_file_missing' }),
  fileName: text().min(1).max(255),
});

/** The template's columns, in order; a file may name them in English (as here) or Chinese. */
export const PAYING_IMPORT_COLUMNS = ['account', 'vipLevel', 'startDate', 'endDate'] as const;
export type PayingImportColumn = (typeof PAYING_IMPORT_COLUMNS)[number];
export const PAYING_IMPORT_HEADERS_ZH: Record<PayingImportColumn, string> = {
  account: '账号',
  vipLevel: '会员等级',
  startDate: '开始日期',
  endDate: '结束日期',
};
/** The most data rows one import may hold. */
export const PAYING_IMPORT_MAX_ROWS = 10_000;

/** One data row of the template, as its cells read (text; numbers and dates of xlsx converted first). */
export const payingImportRowSchema = z
  .object({
    account: text({ message: 'paying_account_required' })
      .min(1, { message: 'paying_account_required' })
      .max(64, { message: 'paying_account_too_long' }),
    vipLevel: level(),
    startDate: isoDay('paying_start_invalid'),
    endDate: isoDay('paying_end_invalid'),
  })
  .refine((r) => r.startDate <= r.endDate, { message: 'paying_dates_reversed', path: ['endDate'] });
export type PayingImportRow = z.output<typeof payingImportRowSchema>;

/** What an import did to one row: the row's report line. */
export const PAYING_IMPORT_OUTCOMES = ['added', 'updated', 'unchanged', 'refused'] as const;
export type PayingImportOutcome = (typeof PAYING_IMPORT_OUTCOMES)[number];
