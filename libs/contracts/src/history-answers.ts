import { z } from 'zod';
import { id, int, maybe, str, time } from './answer-parts.js';
import { RECIPE_TYPES } from './reference.js';
import { RECIPE_STATUSES } from './recipe.js';
import type { RecipeContent, RecipeHistory, RecipePreview } from './recipe.js';
import { APK_RELEASE_STATUSES, APK_REVIEW_STATUSES, APK_TEST_STATUSES } from './apk.js';
import type { ApkContent, ApkHistory } from './apk.js';
import { APK_INCOMPATIBILITIES } from './apk-rollout.js';
import type {
  ApkCompatibility,
  ApkPausedRollout,
  ApkRollout,
  ApkRolloutDetail,
  ApkRolloutPause,
} from './apk-rollout.js';
import {
  OFFLINE_PACK_INCOMPATIBILITIES,
  OFFLINE_PACK_RELEASE_STATUSES,
  OFFLINE_PACK_TEST_STATUSES,
  OFFLINE_PACK_TYPES,
} from './offline-pack.js';
import type {
  OfflinePackCompatibility,
  OfflinePackContent,
  OfflinePackDetail,
  OfflinePackHistory,
  OfflinePackListItem,
} from './offline-pack.js';
import type { RecipeStatistics } from './recipe-evaluation.js';
import { listAnswerSchema, offlinePackBuildSchema } from './answer-schemas.js';

/**
 * The answers of the aggregates' other queries as schemas (histories, the recipe's device preview, the APK
 * rollout's state, offline pack lists and details, recipe statistics): the OpenAPI document's response schemas,
 * each typed by the interface the web reads. A record's content, as its own contract defines it, is named but not
 * spelled out again here.
 */

const fieldChange = z.object({ field: str(), before: z.unknown(), after: z.unknown() });
const historyEntry = {
  revision: int,
  eventId: str(),
  type: str(),
  title: str(),
  actor: str(),
  occurredAt: time,
  data: z.unknown(),
  changes: z.array(fieldChange),
};

// ---- recipes

export const recipeRecycleCountSchema = z.object({ count: int });

export const recipeHistorySchema: z.ZodType<RecipeHistory> = z.object({
  id,
  number: str(),
  status: z.enum(RECIPE_STATUSES),
  entries: z.array(
    z.object({
      ...historyEntry,
      correlationId: str(),
      schemaVersion: int,
      state: z.object({
        status: z.enum(RECIPE_STATUSES),
        version: int,
        recycledFrom: maybe(),
        deletedAt: time.nullable(),
        content: z.custom<RecipeContent>().describe('The recipe’s content (`recipeContentSchema`)'),
      }),
    }),
  ),
});

export const recipePreviewSchema: z.ZodType<RecipePreview> = z.object({
  id,
  number: str(),
  lang: str(),
  langs: z.array(str()),
  name: str(),
  description: str(),
  chefTips: str(),
  pictureFileCode: maybe(),
  difficulty: maybe(),
  type: z.enum(RECIPE_TYPES),
  prepMinutes: z.number().nullable(),
  cookMinutes: z.number().nullable(),
  restMinutes: z.number().nullable(),
  servingOptions: z.array(z.number()),
  servings: z.number().nullable(),
  ingredients: z.array(
    z.object({ name: str(), quantity: z.number().nullable(), unit: str(), description: str() }),
  ),
  accessories: z.array(z.object({ id: str(), name: str(), photoFileCode: maybe() })),
  nutrients: z.array(z.object({ name: str(), amount: z.number(), unit: str() })),
  steps: z.array(
    z.object({
      number: int,
      description: str(),
      mode: maybe(),
      modeName: maybe(),
      settings: str(),
      temperature: z.number().nullable(),
      speed: z.number().nullable(),
      minutes: z.number().nullable(),
      seconds: z.number().nullable(),
      rotation: maybe(),
      heatingMode: maybe(),
      heatingLogic: maybe(),
      waterGear: z.number().nullable(),
      autoStart: z.boolean(),
      mediaFileCode: maybe(),
      audioFileCode: maybe(),
    }),
  ),
});

export const recipeStatisticsSchema: z.ZodType<RecipeStatistics> = z.object({
  collectionCount: int,
  raterCount: int,
  overallScore: z.number().nullable(),
  reviewCount: int,
  cookCount: int,
});

// ---- APK packages

/** The latest submitted package of a sub-brand and model, to start the next from (null: none). */
export const apkLastSubmittedSchema = z
  .object({
    id,
    versionNumber: str(),
    apkVersion: str(),
    parentVersion: str(),
    branchPackage: str(),
    reviewStatus: z.enum(APK_REVIEW_STATUSES),
    appliedAt: time,
  })
  .nullable();

export const apkHistorySchema: z.ZodType<ApkHistory> = z.object({
  id,
  versionNumber: str(),
  reviewStatus: z.enum([...APK_REVIEW_STATUSES, 'deleted']),
  entries: z.array(
    z.object({
      ...historyEntry,
      state: z.object({
        reviewStatus: z.enum([...APK_REVIEW_STATUSES, 'deleted']),
        testStatus: z.enum(APK_TEST_STATUSES),
        releaseStatus: z.enum(APK_RELEASE_STATUSES),
        returnReason: maybe(),
        content: z.custom<ApkContent>().describe('The package’s content (`apkContentSchema`)'),
      }),
    }),
  ),
});

export const apkCompatibilitySchema: z.ZodType<ApkCompatibility> = z.object({
  devices: int,
  eligible: int,
  incompatible: z.array(z.object({ reason: z.enum(APK_INCOMPATIBILITIES), devices: int })),
});

const rolloutPause = z.custom<ApkRolloutPause>().describe('Why and by whom the rollout was paused');

export const apkRolloutDetailSchema: z.ZodType<ApkRolloutDetail> = z.object({
  id,
  versionNumber: str(),
  apkVersion: str(),
  tested: z.boolean(),
  rollout: z.custom<ApkRollout>().nullable().describe('The rollout as its events leave it (null before one)'),
  devices: z.object({
    targeted: int,
    inStage: int,
    onNew: int,
    onOld: int,
    activeNew: int,
    activeOld: int,
  }),
  faults: z.array(
    z.object({
      faultType: str(),
      faultTypeName: str(),
      newFaults: int,
      oldFaults: int,
      newRate: z.number().nullable(),
      oldRate: z.number().nullable(),
    }),
  ),
  compatibility: apkCompatibilitySchema,
});

export const apkPausedRolloutSchema: z.ZodType<ApkPausedRollout> = z.object({
  id,
  versionNumber: str(),
  productCode: str(),
  subBrandCode: str(),
  pause: rolloutPause,
});

// ---- offline recipe packs

const offlinePackListFields = {
  id,
  number: str(),
  type: z.enum(OFFLINE_PACK_TYPES),
  productCode: str(),
  factoryModel: maybe(),
  subBrandCode: str(),
  subBrandName: maybe(),
  customerModel: maybe(),
  recipeCount: int,
  testStatus: z.enum(OFFLINE_PACK_TEST_STATUSES),
  releaseStatus: z.enum(OFFLINE_PACK_RELEASE_STATUSES),
  releasedAt: time.nullable(),
  createdAt: time,
  createdBy: str(),
  updatedAt: time,
  updatedBy: str(),
  revision: int,
  build: offlinePackBuildSchema.nullable(),
};
export const offlinePackListItemSchema: z.ZodType<OfflinePackListItem> = z.object(offlinePackListFields);
export const offlinePackListAnswerSchema = listAnswerSchema(offlinePackListItemSchema);

const offlinePackContent = z
  .custom<OfflinePackContent>()
  .describe('The pack’s content (`offlinePackContentSchema`)');

export const offlinePackDetailSchema: z.ZodType<OfflinePackDetail> = z.object({
  ...offlinePackListFields,
  content: offlinePackContent,
  recipes: z.array(z.object({ id: str(), number: maybe(), names: z.record(str(), str()), status: maybe() })),
});

export const offlinePackCompatibilitySchema: z.ZodType<OfflinePackCompatibility> = z.object({
  devices: int,
  eligible: int,
  incompatible: z.array(z.object({ reason: z.enum(OFFLINE_PACK_INCOMPATIBILITIES), devices: int })),
  languages: z.array(str()),
  tested: z.boolean(),
});

export const offlinePackHistorySchema: z.ZodType<OfflinePackHistory> = z.object({
  id,
  number: str(),
  status: z.enum(['active', 'deleted']),
  entries: z.array(
    z.object({
      ...historyEntry,
      state: z.object({
        status: z.enum(['active', 'deleted']),
        testStatus: z.enum(OFFLINE_PACK_TEST_STATUSES),
        releaseStatus: z.enum(OFFLINE_PACK_RELEASE_STATUSES),
        content: offlinePackContent,
      }),
    }),
  ),
});
