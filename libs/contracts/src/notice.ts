import { z } from 'zod';
import { isStorableTime } from './dates.js';
import type { Page } from './envelope.js';
import { pageQuerySchema } from './paging.js';
import { NOTICE_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';
import { multilineText, text } from './text.js';

/**
 * Notices (§3 "Notice", §7 `inform`): what staff write to the brand's devices and app users, and the deliveries
 * that carry one notice to each target. Staff endpoints under /api/inform, the device side under
 * /device/v1/notices (poll and acknowledgements), the companion app's inbox under /app/v1/notices.
 *
 * Lifecycle: draft → (push) scheduled when the push mode is `timer`, else pushing → pushed; a draft or a scheduled
 * notice can be cancelled. Editing is allowed until the push starts (draft and scheduled). A push whose job failed
 * on its last attempt is `failed` with its reason, and can be pushed again (retry) without doubling deliveries.
 */

export const NOTICE_STATES = ['draft', 'scheduled', 'pushing', 'pushed', 'cancelled', 'failed'] as const;
export type NoticeState = (typeof NOTICE_STATES)[number];

/** `now`: pushed when staff press push; `timer`: pushed at `pushAt`. */
export const NOTICE_PUSH_MODES = ['now', 'timer'] as const;
export type NoticePushMode = (typeof NOTICE_PUSH_MODES)[number];

/**
 * Who receives a notice: every device of the brand, the devices whose owner lives in one of the regions (a country
 * code of `/common/loadCountry` or an area code of `/common/loadArea`, which covers its sub-areas), the devices of
 * some models, or the app users listed in an uploaded csv/xlsx of accounts (their app inbox).
 */
export const NOTICE_TARGET_KINDS = ['all', 'regions', 'models', 'users'] as const;
export type NoticeTargetKind = (typeof NOTICE_TARGET_KINDS)[number];

/**
 * Why a push failed, shown in the user's language: the database refused or could not take the deliveries, or
 * another error of the push worker. The worker's own message is kept beside it as the detail.
 */
export const NOTICE_FAILURE_CODES = ['database', 'internal'] as const;
export type NoticeFailureCode = (typeof NOTICE_FAILURE_CODES)[number];

/** A delivery's state: not yet acknowledged, acknowledged as received, or as read. */
export const DELIVERY_STATES = ['pending', 'received', 'read'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const noticeId = z.string().uuid({ message: 'not_found' });
const langCode = text().regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { message: 'language_code_invalid' });

export const noticeTextSchema = z.object({
  lang: langCode,
  title: text({ message: 'notice_title_required' })
    .min(1, { message: 'notice_title_required' })
    .max(100, { message: 'notice_title_too_long' }),
  content: multilineText({ message: 'notice_content_required' })
    .min(1, { message: 'notice_content_required' })
    .max(5000, { message: 'notice_content_too_long' }),
});
export type NoticeText = z.infer<typeof noticeTextSchema>;

const pushAt = z.iso
  .datetime({ offset: true, message: 'notice_push_at_invalid' })
  .refine(isStorableTime, { message: 'notice_push_at_invalid' });

const noticeFields = z.object({
  label: text({ message: 'notice_label_required' })
    .min(1, { message: 'notice_label_required' })
    .max(64, { message: 'notice_label_too_long' }),
  texts: z
    .array(noticeTextSchema)
    .min(1, { message: 'notice_texts_required' })
    .max(20)
    .refine((texts) => new Set(texts.map((t) => t.lang)).size === texts.length, {
      message: 'notice_lang_repeated',
    }),
  pushMode: z.enum(NOTICE_PUSH_MODES, { message: 'notice_push_mode_invalid' }),
  /** The timer time; required with push mode `timer`, ignored otherwise. */
  pushAt: pushAt.optional().nullable(),
  targetKind: z.enum(NOTICE_TARGET_KINDS, { message: 'notice_target_invalid' }),
  regionCodes: z.array(text().min(1).max(16)).max(200).default([]),
  productCodes: z.array(text().min(1).max(64)).max(200).default([]),
  /** The uploaded list of accounts (`/api/file/upload`, purpose `list`), for target kind `users`. */
  userFileCode: z.string().uuid({ message: 'notice_user_file_required' }).optional().nullable(),
});

/** Each target kind names what it needs; a timer notice names its time. */
function requireTargetsAndTime(value: z.infer<typeof noticeFields>, ctx: z.RefinementCtx): void {
  if (value.pushMode === 'timer' && !value.pushAt)
    ctx.addIssue({ code: 'custom', path: ['pushAt'], message: 'notice_push_at_required' });
  if (value.targetKind === 'regions' && value.regionCodes.length === 0)
    ctx.addIssue({ code: 'custom', path: ['regionCodes'], message: 'notice_regions_required' });
  if (value.targetKind === 'models' && value.productCodes.length === 0)
    ctx.addIssue({ code: 'custom', path: ['productCodes'], message: 'notice_models_required' });
  if (value.targetKind === 'users' && !value.userFileCode)
    ctx.addIssue({ code: 'custom', path: ['userFileCode'], message: 'notice_user_file_required' });
}

/** `POST /api/inform/add` and `addAndPush`. */
export const noticeInputSchema = noticeFields.superRefine(requireTargetsAndTime);
export type NoticeInput = z.infer<typeof noticeInputSchema>;

/** `POST /api/inform/update`: the version loaded (409 when someone saved or pushed in between). */
export const noticeUpdateSchema = noticeFields
  .extend({ id: noticeId, version: z.coerce.number().int().min(1) })
  .superRefine(requireTargetsAndTime);

export const noticeIdQuerySchema = z.object({ id: noticeId });
/** `push` and `cancel` name the version the caller saw, so nobody pushes a notice changed under them. */
export const noticeVersionSchema = z.object({ id: noticeId, version: z.coerce.number().int().min(1) });
export const noticeIdsSchema = z.object({
  ids: z.array(noticeId).min(1, { message: 'select_required' }).max(500),
});

export const noticeListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(NOTICE_SORT_FIELDS),
  /** Number (exact) or words of the title or label. */
  keyword: text().max(100).optional(),
  state: z.enum(NOTICE_STATES).optional(),
  pushMode: z.enum(NOTICE_PUSH_MODES).optional(),
  targetKind: z.enum(NOTICE_TARGET_KINDS).optional(),
});
/** `GET /api/inform/search?keyword=`: at most 50 notices whose number, label or title match. */
export const noticeSearchQuerySchema = z.object({ keyword: text().max(100).default('') });

/** `GET /api/inform/deliveries`: one notice's deliveries, optionally of one state. */
export const noticeDeliveriesQuerySchema = pageQuerySchema.extend({
  id: noticeId,
  state: z.enum(DELIVERY_STATES).optional(),
});

/** `POST /api/inform/readAccounts`: what an uploaded list of accounts holds, before the notice is saved. */
export const noticeAccountsQuerySchema = z.object({
  fileCode: z.string().uuid({ message: 'notice_user_file_required' }),
});
export interface NoticeAccounts {
  fileName: string;
  /** Accounts of the brand's app users found in the list. */
  known: number;
  /** Accounts no app user of the brand has: the notice will not reach them. */
  unknown: string[];
  unknownCount: number;
}

export interface NoticeTargets {
  kind: NoticeTargetKind;
  regionCodes: string[];
  /** The regions' names in the caller's language, in the order of `regionCodes`. */
  regionNames: string[];
  productCodes: string[];
  productNames: string[];
  userFileCode: string | null;
  userFileName: string | null;
  /** App users found in the list. */
  userCount: number;
  /** Accounts of the list no app user has (at most 100 named). */
  unknownAccounts: string[];
  unknownCount: number;
}

export interface Notice {
  id: string;
  version: number;
  /** Per-brand running number (`N000012`). */
  number: string;
  label: string;
  /** The title in the caller's language when the notice has it, else in its first language. */
  title: string;
  texts: NoticeText[];
  pushMode: NoticePushMode;
  /** The timer time, or when a `now` notice was pushed. */
  pushAt: string | null;
  state: NoticeState;
  targets: NoticeTargets;
  /** Deliveries written (one per target device or app user) and how many of them were acknowledged. */
  targetCount: number;
  receivedCount: number;
  readCount: number;
  /** 0–100 while pushing. */
  progress: number;
  pushStartedAt: string | null;
  pushedAt: string | null;
  /** Deliveries to devices that were online `overdueAfterMinutes` after the delivery and have not fetched it. */
  overdueCount: number;
  overdueAfterMinutes: number;
  /** A failed push: why (shown translated), the worker's message, and when its last attempt failed. */
  failureCode: NoticeFailureCode | null;
  failureDetail: string | null;
  failedAt: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
}

export type NoticeListItem = Omit<Notice, 'texts' | 'targets'> & {
  targetKind: NoticeTargetKind;
};
export type NoticePage = Page<NoticeListItem>;

/**
 * `GET /api/inform/health`: the brand's push health for the home page: pushes running, pushes failed (not yet
 * pushed again), deliveries of recent pushes whose device was online `overdueAfterMinutes` after the delivery and
 * has not fetched it, the last push.
 */
export interface NoticePushHealth {
  pushing: number;
  failed: number;
  overdue: number;
  overdueAfterMinutes: number;
  lastPushedAt: string | null;
}

/** One point of the received/read chart: acknowledgements per minute, and the running totals. */
export interface NoticeAckPoint {
  at: string;
  received: number;
  read: number;
  receivedTotal: number;
  readTotal: number;
}

export interface NoticeDelivery {
  targetId: string;
  /** `device` (its SN) or `appUser` (its account). */
  targetType: 'device' | 'appUser';
  targetName: string;
  state: DeliveryState;
  createdAt: string;
  receivedAt: string | null;
  readAt: string | null;
}

// ---- device and app side

/** A notice as a device or the app receives it: every language it was written in, the reader picks. */
export interface DeliveredNotice {
  noticeId: string;
  number: string;
  texts: NoticeText[];
  pushedAt: string;
  receivedAt: string | null;
  readAt: string | null;
}

/** `POST /device/v1/notices/ack` and `/app/v1/notices/ack`: read implies received; repeats change nothing. */
export const noticeAckSchema = z.object({
  acks: z
    .array(z.object({ noticeId: z.string().uuid(), state: z.enum(['received', 'read']) }))
    .min(1)
    .max(100),
});
export type NoticeAck = z.infer<typeof noticeAckSchema>;
export interface NoticeAckAnswer {
  /** Acknowledgements that changed something (a repeat counts 0). */
  received: number;
  read: number;
}
