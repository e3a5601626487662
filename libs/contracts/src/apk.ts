import { z } from 'zod';
import { flag, recordRequestParts, type BatchItemOutcome, type HistoryEntryHead } from './request-parts.js';
import { text } from './text.js';
import { pageQuerySchema } from './paging.js';
import { APK_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';

/**
 * Sub-brand APK packages (§3, §4, §5, §7 `subApk`): the package's content as the add/edit form sends
 * it, the request schemas of `/api/subApk/*` and their answers. The rules (review lifecycle, four eyes, what
 * submission requires, test and release) live in the APK decider of @kb/domain; the API's `APK_DOMAIN_MESSAGES` also
 * translates the `apk_*` message keys used below.
 */

/** §4 review statuses: not submitted (uncommitted), pending review, created (audit passed), returned. */
export const APK_REVIEW_STATUSES = ['uncommitted', 'pending_review', 'created', 'returned'] as const;
export type ApkReviewStatus = (typeof APK_REVIEW_STATUSES)[number];
/** Test status: published to the brand's test devices or not. */
export const APK_TEST_STATUSES = ['not_tested', 'testing'] as const;
export type ApkTestStatus = (typeof APK_TEST_STATUSES)[number];
/** Release status: published online (to all devices under the brand) or not. */
export const APK_RELEASE_STATUSES = ['not_released', 'online'] as const;
export type ApkReleaseStatus = (typeof APK_RELEASE_STATUSES)[number];

/** The picture (and video) resources of §3, in the order the form shows them; each is an uploaded file code. */
export const APK_PICTURES = [
  'bootLogo',
  'bootVideo',
  'screensaver',
  'accountBackground',
  'recipeEntryBackground',
  'modeEntryBackground',
  'onlineRecipeEntryBackground',
  'modePicture',
  'modeBackground',
  'modeIcon',
] as const;
export type ApkPicture = (typeof APK_PICTURES)[number];
/** The boot video is a video upload; every other resource an image upload. */
export const APK_PICTURE_PURPOSE: Record<ApkPicture, 'image' | 'video'> = {
  bootLogo: 'image',
  bootVideo: 'video',
  screensaver: 'image',
  accountBackground: 'image',
  recipeEntryBackground: 'image',
  modeEntryBackground: 'image',
  onlineRecipeEntryBackground: 'image',
  modePicture: 'image',
  modeBackground: 'image',
  modeIcon: 'image',
};

const fileCode = z.string().uuid({ message: 'file_invalid' }).nullable().default(null);
const limitedText = (max: number, multiline = false) =>
  text({ multiline }).max(max, { message: 'apk_text_too_long' }).default('');
const versionText = text()
  .max(64, { message: 'apk_text_too_long' })
  .regex(/^[A-Za-z0-9._+-]*$/, { message: 'apk_version_format' })
  .default('');

/**
 * A package's content as the add/edit form sends it (add, update, addAndApproval). Everything may be left empty
 * while the package is a draft; submission requires what §5 lists (the decider names what is missing).
 */
export const apkContentSchema = z.object({
  /** A sub-brand of the caller's brand (`/api/common/loadSubBrand`). */
  subBrandCode: text().max(64).default(''),
  /** The adapted model: a product code of that sub-brand (`/api/common/loadSubBrandProduct`). */
  productCode: text().max(64).default(''),
  /** The package's version number, e.g. `2.3.0`. */
  versionNumber: versionText,
  /** The APK's own version (versionName of the Android package). */
  apkVersion: versionText,
  /** The parent (head) package version this one builds on, and its update notes. */
  parentVersion: versionText,
  updateNotes: limitedText(2000, true),
  /** The branch package it was built from. */
  branchPackage: limitedText(100),
  /** The uploaded APK file (purpose `apk`); its size is taken from the upload. */
  apkFileCode: fileCode,
  /** The mode name shown with the mode picture. */
  modeName: limitedText(100),
  bootLogo: fileCode,
  bootVideo: fileCode,
  screensaver: fileCode,
  accountBackground: fileCode,
  recipeEntryBackground: fileCode,
  modeEntryBackground: fileCode,
  onlineRecipeEntryBackground: fileCode,
  modePicture: fileCode,
  modeBackground: fileCode,
  modeIcon: fileCode,
});
export type ApkContentInput = z.input<typeof apkContentSchema>;
/** The content the form sent, parsed (the API adds `fileSize` from the APK file before the decider sees it). */
export type ApkContentDraft = z.output<typeof apkContentSchema>;
/** The content as events carry it: the form's fields plus the APK file's size in bytes (null without a file). */
export type ApkContent = ApkContentDraft & { fileSize: number | null };

// ---- requests of /api/subApk/*

const { id: apkId, revision, ...parts } = recordRequestParts('apk_not_found', 'apk_revision_required');
export const apkIdQuerySchema = parts.idSchema;
export const apkIdBodySchema = apkIdQuerySchema;
export const apkIdsSchema = parts.idsSchema;
/** `update`: the content fields plus these. */
export const apkUpdateRefSchema = z.object({ id: apkId, revision });
/** `commitApproval`: submit a saved package for review (optionally over the revision the form loaded). */
export const apkCommitSchema = z.object({ id: apkId, revision: revision.optional() });
export const apkAuditReturnSchema = z.object({
  id: apkId,
  reason: text({ multiline: true, message: 'apk_return_reason_required' })
    .min(1, { message: 'apk_return_reason_required' })
    .max(500, { message: 'apk_text_too_long' }),
});
/** `batchAudit`: pass every package, or return every one with the same reason. */
export const apkBatchAuditSchema = apkIdsSchema
  .extend({
    pass: flag,
    reason: text({ multiline: true }).max(500, { message: 'apk_text_too_long' }).default(''),
  })
  .refine((v) => v.pass || v.reason !== '', {
    message: 'apk_return_reason_required',
    path: ['reason'],
  });
/** `updateTestStatus`: publish to (true) or take off (false) the brand's test devices. */
export const apkTestStatusSchema = z.object({ id: apkId, testing: flag });
/**
 * `updateReleaseStatus`: publish online to every device of the brand (true) or cancel it (false). A package that
 * never went through a test round goes online only with `overrideReason` (recorded in its history).
 */
export const apkReleaseStatusSchema = z.object({
  id: apkId,
  online: flag,
  overrideReason: text({ multiline: true }).max(500, { message: 'apk_text_too_long' }).default(''),
});

export const apkListQuerySchema = pageQuerySchema.extend({
  subBrandCode: text().max(64).optional(),
  productCode: text().max(64).optional(),
  /** Version number prefix (package or APK version). */
  version: text().max(64).optional(),
  reviewStatus: z.enum(APK_REVIEW_STATUSES, { message: 'apk_status_invalid' }).optional(),
  testStatus: z.enum(APK_TEST_STATUSES, { message: 'apk_status_invalid' }).optional(),
  releaseStatus: z.enum(APK_RELEASE_STATUSES, { message: 'apk_status_invalid' }).optional(),
  ...sortQueryShape(APK_SORT_FIELDS),
});
export type ApkListQuery = z.output<typeof apkListQuerySchema>;

export const apkSearchQuerySchema = z.object({
  keyword: text().max(64).default(''),
  reviewStatus: z.enum(APK_REVIEW_STATUSES, { message: 'apk_status_invalid' }).optional(),
});
export const apkLastSubmitQuerySchema = z.object({
  subBrandCode: text().min(1, { message: 'apk_sub_brand_missing' }).max(64),
  productCode: text().min(1, { message: 'apk_model_missing' }).max(64),
});

// ---- answers

/** One row of `/subApk/list` and `/subApk/search`. */
/**
 * The four-eyes rule: nobody audits a package they submitted themselves (accounts compare without case). The
 * domain refuses such an audit with it, and the screens use it to offer no Audit button the API would refuse.
 */
export function isOwnApkSubmission(
  submittedBy: string | null | undefined,
  account: string | null | undefined,
): boolean {
  return !!submittedBy && !!account && submittedBy.toLowerCase() === account.toLowerCase();
}

export interface ApkListItem {
  id: string;
  subBrandCode: string;
  subBrandName: string | null;
  productCode: string;
  /** The adapted model as the sub-brand sells it (customer model), else the catalogue name. */
  modelName: string | null;
  versionNumber: string;
  apkVersion: string;
  parentVersion: string;
  branchPackage: string;
  fileSize: number | null;
  reviewStatus: ApkReviewStatus;
  testStatus: ApkTestStatus;
  releaseStatus: ApkReleaseStatus;
  /** Devices reporting this APK. Always 0 until devices report their APK version (the devices issue). */
  installedCount: number;
  createdAt: string;
  createdBy: string;
  /** Apply date: the last submission for review. */
  appliedAt: string | null;
  submittedBy: string | null;
  auditedAt: string | null;
  auditedBy: string | null;
  /** Release date: the last publication online. */
  releasedAt: string | null;
  returnedAt: string | null;
  returnReason: string | null;
  updatedAt: string;
  updatedBy: string;
  /** Stream revision: what `update` / `commitApproval` send back as `revision`. */
  revision: number;
}

/** `/subApk/detail`: the row plus the whole content. */
export interface ApkDetail extends ApkListItem {
  content: ApkContent;
}

/** What a command on one package answers (also header `x-read-position`). */
export interface ApkCommandAnswer {
  id: string;
  versionNumber: string;
  reviewStatus: ApkReviewStatus | 'deleted';
  testStatus: ApkTestStatus;
  releaseStatus: ApkReleaseStatus;
  revision: number;
  /** False when the package already was as asked (nothing recorded). */
  changed: boolean;
}

export interface ApkBatchItem extends BatchItemOutcome {
  /** The package's version number, when it is one of the caller's. */
  versionNumber: string | null;
}
export interface ApkBatchAnswer {
  succeeded: number;
  failed: number;
  results: ApkBatchItem[];
}

/** `/subApk/lastSubmitVersionInfo`: the versions of the latest submitted package of a sub-brand and model. */
export interface ApkLastSubmitInfo {
  id: string;
  versionNumber: string;
  apkVersion: string;
  parentVersion: string;
  branchPackage: string;
  reviewStatus: ApkReviewStatus;
  appliedAt: string;
}

export interface ApkFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** `/subApk/history`: one entry per event, oldest first. */
export interface ApkHistoryEntry extends HistoryEntryHead {
  /** What happened, in the caller's language (a return names its reason). */
  title: string;
  data: unknown;
  changes: ApkFieldChange[];
  /** The package as of this event. */
  state: {
    reviewStatus: ApkReviewStatus | 'deleted';
    testStatus: ApkTestStatus;
    releaseStatus: ApkReleaseStatus;
    returnReason: string | null;
    content: ApkContent;
  };
}
export interface ApkHistory {
  id: string;
  versionNumber: string;
  reviewStatus: ApkReviewStatus | 'deleted';
  entries: ApkHistoryEntry[];
}
