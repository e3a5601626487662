import { z } from 'zod';
import { flag, recordRequestParts, type BatchItemOutcome, type HistoryEntryHead } from './request-parts.js';
import { text } from './text.js';
import { pageQuerySchema } from './paging.js';
import { OFFLINE_PACK_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';

/**
 * Offline recipe packs (§3 "offline recipe package", §5, §7 `offlineRecipes`): the pack's content as the
 * add/edit form sends it, the request schemas of `/api/offlineRecipes/*` and their answers. The rules (what a pack
 * requires, which actions each test/release state allows) live in the offline-pack decider of @kb/domain; the API's
 * `OFFLINE_PACK_DOMAIN_MESSAGES` also translates the `offline_pack_*` message keys used below.
 */

/** §3 pack types: a full (initial) pack or an incremental one. */
export const OFFLINE_PACK_TYPES = ['initial', 'incremental'] as const;
export type OfflinePackType = (typeof OFFLINE_PACK_TYPES)[number];
/** Test status: published to the brand's test devices or not. */
export const OFFLINE_PACK_TEST_STATUSES = ['not_tested', 'testing'] as const;
export type OfflinePackTestStatus = (typeof OFFLINE_PACK_TEST_STATUSES)[number];
/** Release status: published online (to all devices of the model under the brand) or not. */
export const OFFLINE_PACK_RELEASE_STATUSES = ['not_released', 'online'] as const;
export type OfflinePackReleaseStatus = (typeof OFFLINE_PACK_RELEASE_STATUSES)[number];

/** At most this many recipes in one pack. */
export const OFFLINE_PACK_MAX_RECIPES = 2000;

const recipeId = z.string().uuid({ message: 'offline_pack_recipe_missing' });

/**
 * A pack's content as the add/edit form sends it. The number is checked here; the §5 fields (factory model,
 * customer model, type, at least one recipe) by the decider, which names everything missing at once.
 */
export const offlinePackContentSchema = z.object({
  number: text({ message: 'number_required' })
    .min(1, { message: 'number_required' })
    .max(32, { message: 'number_too_long' })
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'number_format' }),
  type: z.enum(OFFLINE_PACK_TYPES, { message: 'offline_pack_type_invalid' }).nullable().default(null),
  /** The factory model: a catalogue model the brand sells (`/api/common/loadBrandOwnerProduct`). */
  productCode: text().max(64).default(''),
  /**
   * The customer model: the sub-brand whose model name the pack is for — the model as that sub-brand sells the
   * factory model (`/api/common/loadSubBrandProduct`, `customerModel`).
   */
  subBrandCode: text().max(64).default(''),
  /** The selected recipes (released ones compatible with the factory model), in the order picked; repeats dropped. */
  recipeIds: z
    .array(recipeId)
    .max(OFFLINE_PACK_MAX_RECIPES, { message: 'offline_pack_too_many_recipes' })
    .default([])
    .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]),
});
export type OfflinePackContentInput = z.input<typeof offlinePackContentSchema>;
export type OfflinePackContent = z.output<typeof offlinePackContentSchema>;

// ---- requests of /api/offlineRecipes/*

const pack = recordRequestParts('offline_pack_not_found', 'offline_pack_revision_required');
const { id: packId, revision } = pack;
export const offlinePackIdQuerySchema = pack.idSchema;
export const offlinePackIdBodySchema = offlinePackIdQuerySchema;
export const offlinePackIdsSchema = pack.idsSchema;
/** `update`: the content fields plus these. */
export const offlinePackUpdateRefSchema = z.object({ id: packId, revision });
/** `updateTestStatus`: publish to (true) or take off (false) the brand's test devices. */
export const offlinePackTestStatusSchema = z.object({ id: packId, testing: flag });
/**
 * `updateReleaseStatus`: publish online (true) or cancel online (false). A pack that never went to the test devices
 * goes online only with `overrideReason` (recorded in its history).
 */
export const offlinePackReleaseStatusSchema = z.object({
  id: packId,
  online: flag,
  overrideReason: text({ multiline: true }).max(500, { message: 'offline_pack_reason_too_long' }).default(''),
});

export const offlinePackListQuerySchema = pageQuerySchema.extend({
  /** Number prefix, case-insensitive. */
  number: text().max(32).optional(),
  type: z.enum(OFFLINE_PACK_TYPES, { message: 'offline_pack_type_invalid' }).optional(),
  /** Factory model (product code). */
  productCode: text().max(64).optional(),
  /** Customer model (sub-brand). */
  subBrandCode: text().max(64).optional(),
  testStatus: z.enum(OFFLINE_PACK_TEST_STATUSES, { message: 'offline_pack_status_invalid' }).optional(),
  releaseStatus: z.enum(OFFLINE_PACK_RELEASE_STATUSES, { message: 'offline_pack_status_invalid' }).optional(),
  ...sortQueryShape(OFFLINE_PACK_SORT_FIELDS),
});
export type OfflinePackListQuery = z.output<typeof offlinePackListQuerySchema>;

export const offlinePackSearchQuerySchema = z.object({
  /** Number, product code or sub-brand prefix. */
  keyword: text().max(64).default(''),
});

// ---- answers

/** One row of `/offlineRecipes/list` and `/offlineRecipes/search`. */
export interface OfflinePackListItem {
  id: string;
  number: string;
  type: OfflinePackType;
  productCode: string;
  /** The catalogue's factory model of the product (e.g. KC-R600). */
  factoryModel: string | null;
  subBrandCode: string;
  subBrandName: string | null;
  /** The model as the sub-brand sells it (e.g. ChefMate C6). */
  customerModel: string | null;
  recipeCount: number;
  testStatus: OfflinePackTestStatus;
  releaseStatus: OfflinePackReleaseStatus;
  /** The last publication online. */
  releasedAt: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
  /** Stream revision: what `update` sends back as `revision`. */
  revision: number;
  /** The newest build of the pack file, null before the first. */
  build: OfflinePackBuild | null;
}

/** Where a pack file's build is: waiting for the worker, being written, finished, or failed. */
export const OFFLINE_PACK_BUILD_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type OfflinePackBuildStatus = (typeof OFFLINE_PACK_BUILD_STATUSES)[number];

/** The newest build of a pack's downloadable file (`/offlineRecipes/build`, `buildStatus`, and in list rows). */
export interface OfflinePackBuild {
  id: string;
  /** The pack's stream revision it was built from. */
  revision: number;
  status: OfflinePackBuildStatus;
  /** 0–100, reported by the build job. */
  progress: number;
  /** True when built from the pack's content as it is now (publishing needs a current, finished build). */
  current: boolean;
  /** The download's file name, size in bytes and SHA-256 (hex) once done. */
  fileName: string | null;
  size: number | null;
  sha256: string | null;
  /** Why it failed, in the caller's language. */
  error: string | null;
  errorCode: string | null;
  requestedAt: string;
  requestedBy: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** A selected recipe as the detail shows it (from the recipe read model; null fields if it left the library). */
export interface OfflinePackRecipe {
  id: string;
  number: string | null;
  names: Record<string, string>;
  status: string | null;
}

/** `/offlineRecipes/detail`: the row plus the content and the selected recipes. */
export interface OfflinePackDetail extends OfflinePackListItem {
  content: OfflinePackContent;
  recipes: OfflinePackRecipe[];
}

/** Why a device of the pack's customer model (sub-brand) is left out of its release. */
export const OFFLINE_PACK_INCOMPATIBILITIES = ['model', 'language'] as const;
export type OfflinePackIncompatibility = (typeof OFFLINE_PACK_INCOMPATIBILITIES)[number];

/** `/offlineRecipes/compatibility`: before a release, the devices of the pack's sub-brand it would not fit, and why. */
export interface OfflinePackCompatibility {
  /** The brand's devices of the pack's sub-brand. */
  devices: number;
  /** Those the pack fits: its factory model, and a UI language every selected recipe has (or none reported). */
  eligible: number;
  /** Devices left out, per reason (a device is counted under its first failing reason: model, then language). */
  incompatible: { reason: OfflinePackIncompatibility; devices: number }[];
  /** The languages every selected recipe is written in. */
  languages: string[];
  /** Whether the pack ever went to the test devices (if not, going online needs `overrideReason`). */
  tested: boolean;
}

/** What a command on one pack answers (also header `x-read-position`). */
export interface OfflinePackCommandAnswer {
  id: string;
  number: string;
  /** `deleted` after delete. */
  status: 'active' | 'deleted';
  testStatus: OfflinePackTestStatus;
  releaseStatus: OfflinePackReleaseStatus;
  revision: number;
  /** False when the pack already was as asked (nothing recorded). */
  changed: boolean;
}

export interface OfflinePackBatchItem extends BatchItemOutcome {
  number: string | null;
}
export interface OfflinePackBatchAnswer {
  succeeded: number;
  failed: number;
  results: OfflinePackBatchItem[];
}

export interface OfflinePackFieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** `/offlineRecipes/history`: one entry per event, oldest first. */
export interface OfflinePackHistoryEntry extends HistoryEntryHead {
  data: unknown;
  changes: OfflinePackFieldChange[];
  /** The pack as of this event. */
  state: {
    status: 'active' | 'deleted';
    testStatus: OfflinePackTestStatus;
    releaseStatus: OfflinePackReleaseStatus;
    content: OfflinePackContent;
  };
}
export interface OfflinePackHistory {
  id: string;
  number: string;
  status: 'active' | 'deleted';
  entries: OfflinePackHistoryEntry[];
}
