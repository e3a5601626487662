import { z } from 'zod';
import { text } from './text.js';
import { id, int, str, time } from './answer-parts.js';
import { ACCESSORY_TYPES } from './catalog.js';
import type { Accessory, IngredientUnit, NumberedNames, RecipeCategory } from './catalog.js';
import { BANNER_POSITIONS, BANNER_LINK_KINDS } from './content.js';
import type { Banner, HotTag, LinkedRecipe, LockScreenAd, ThemedGroup } from './content.js';
import type { RecipeEvaluation } from './recipe-evaluation.js';
import type { RecipeImportCheck } from './recipe-archive.js';
import { DIFFICULTIES, RECIPE_TYPES } from './reference.js';
import {
  RECIPE_STATUSES,
  recipeContentSchema,
  recipeServingVersionSchema,
  recipeStepSchema,
} from './recipe.js';
import type { RecipeDetail, RecipeListItem, RecipeListPage } from './recipe.js';
import { APK_RELEASE_STATUSES, APK_REVIEW_STATUSES, APK_TEST_STATUSES, apkContentSchema } from './apk.js';
import type { ApkDetail, ApkListItem } from './apk.js';
import { JOB_STATES } from './jobs.js';
import type { JobRun, JobRunPage } from './jobs.js';
import { OFFLINE_PACK_BUILD_STATUSES } from './offline-pack.js';
import type { OfflinePackBuild } from './offline-pack.js';

/**
 * The answers of the staff API's queries as schemas: the OpenAPI document's response schemas. Each is typed by
 * the interface the web reads, so the two cannot drift apart.
 */

const names = z.record(str(), str());

/** A paged list (`data` of every list with paging). */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: int, pageNum: int, pageSize: int });
}

/** A list with paging: a page, or with `onPage=false` the whole list. */
export function listAnswerSchema<T extends z.ZodType>(item: T) {
  return z.union([pageSchema(item), z.array(item)]);
}

/** The refusal envelope: `status` the HTTP status, `desc` in the caller's language, `code` the stable reason. */
export const refusalSchema = z.object({
  status: int,
  desc: str(),
  code: str().optional().describe('The reason, stable across languages (e.g. `not_found`)'),
  data: z
    .object({ fieldErrors: z.record(str(), str()).optional() })
    .catchall(z.unknown())
    .nullable()
    .describe('On 400: `fieldErrors` names each field and why'),
});

// ---- the reference kit's records

export const recipeCategorySchema: z.ZodType<RecipeCategory> = z.object({
  id,
  number: str(),
  mainLang: str(),
  names,
  name: str(),
  sort: int,
  pictureFileCode: id.nullable(),
  recipeCount: int,
  version: int,
  updatedAt: time,
});

/** Records that are a number and names per language (recipe tags, fault types). */
export const numberedNamesSchema: z.ZodType<NumberedNames> = z.object({
  id,
  number: str(),
  names,
  name: str(),
  version: int,
  updatedAt: time,
});

export const ingredientUnitSchema: z.ZodType<IngredientUnit> = z.object({
  id,
  names,
  name: str(),
  version: int,
  updatedAt: time,
});

export const accessorySchema: z.ZodType<Accessory> = z.object({
  id,
  number: str(),
  names,
  name: str(),
  photoFileCode: str(),
  xtPhotoFileCode: str().nullable(),
  code: str(),
  accessoryCode: str(),
  type: z.enum(ACCESSORY_TYPES),
  version: int,
  updatedAt: time,
});

export const bannerSchema: z.ZodType<Banner> = z.object({
  id,
  name: str(),
  identification: str(),
  linkKind: z.enum(BANNER_LINK_KINDS),
  url: str(),
  imageFileCodes: z.array(str()),
  position: z.enum(BANNER_POSITIONS),
  recipeIds: z.array(str()),
  recipeNumbers: z.array(str()),
  sort: int,
  onlineStart: time.nullable(),
  onlineEnd: time.nullable(),
  online: z.boolean(),
  shareId: str().nullable(),
  version: int,
  updatedAt: time,
});

export const themedGroupSchema: z.ZodType<ThemedGroup> = z.object({
  id,
  name: str(),
  number: str(),
  coverFileCode: str().nullable(),
  descriptions: names,
  description: str(),
  sort: int,
  recipeCount: int,
  shareId: str(),
  version: int,
  updatedAt: time,
});

export const lockScreenAdSchema: z.ZodType<LockScreenAd> = z.object({
  id,
  name: str(),
  imageFileCodes: z.array(str()),
  modelCodes: z.array(str()),
  onlineStart: time.nullable(),
  onlineEnd: time.nullable(),
  sort: int,
  online: z.boolean(),
  version: int,
  updatedAt: time,
});

export const hotTagSchema: z.ZodType<HotTag> = z.object({
  id,
  labels: names,
  label: str(),
  sort: int,
  online: z.boolean(),
  version: int,
  updatedAt: time,
});

export const recipeEvaluationSchema: z.ZodType<RecipeEvaluation> = z.object({
  id,
  recipeId: str(),
  recipeNumber: str(),
  recipeName: str(),
  sn: str(),
  userAccount: str(),
  userNickname: str(),
  score: z.number(),
  content: str(),
  evaluatedAt: time,
  version: int,
  updatedAt: time,
});

/** A recipe linked to a record (a banner's, a themed group's), in its place. */
export const linkedRecipeSchema: z.ZodType<LinkedRecipe> = z.object({
  recipeId: str(),
  number: str(),
  name: str(),
  pictureFileCode: str().nullable(),
  status: str(),
  online: z.boolean(),
  sort: int,
});

/** What a reference record's links answer: how many changed or went. */
export const linksChangedSchema = z.object({ changed: int });
export const linksRemovedSchema = z.object({ removed: int });
export const deletedSchema = z.object({ deleted: int });

// ---- recipes and APK packages (the aggregates' read models)

const recipeListFields = {
  id,
  number: str(),
  name: str(),
  names,
  mainLang: str(),
  langs: z.array(str()),
  type: z.enum(RECIPE_TYPES),
  status: z.enum(RECIPE_STATUSES).exclude(['cleared']),
  version: int,
  categoryId: str().nullable(),
  categoryName: str().nullable(),
  tagIds: z.array(str()),
  productCodes: z.array(str()),
  online: z.boolean(),
  paid: z.boolean(),
  pictureFileCode: str().nullable(),
  difficulty: z.enum(DIFFICULTIES).nullable(),
  servings: z.array(z.number()),
  createdAt: time,
  createdBy: str(),
  updatedAt: time,
  updatedBy: str(),
  releasedAt: time.nullable(),
  deletedAt: time.nullable(),
  recycledFrom: z.enum(['editing', 'waiting_release']).nullable(),
  copiedFrom: str().nullable(),
  revision: int,
};
export const recipeListItemSchema: z.ZodType<RecipeListItem> = z.object(recipeListFields);
export const recipeListPageSchema: z.ZodType<RecipeListPage> = pageSchema(z.object(recipeListFields)).extend({
  totalExact: z.boolean(),
  exactUpTo: int.optional(),
  nextCursor: str().nullable(),
});

/** The content as events carry it and the detail answers it: each step with the heating logic the decider set. */
export const recipeStoredContentSchema: z.ZodType<RecipeDetail['content']> = recipeContentSchema.safeExtend({
  servingVersions: z.array(
    recipeServingVersionSchema.safeExtend({
      steps: z.array(recipeStepSchema.extend({ heatingLogic: z.enum(['boil', 'diy']).nullable() })),
    }),
  ),
});

export const recipeDetailSchema: z.ZodType<RecipeDetail> = z.object({
  ...recipeListFields,
  content: recipeStoredContentSchema,
  copiedFromRecipe: z.object({ recipeId: str(), number: str(), version: int }).nullable(),
  labels: z.object({ units: names, tags: names, accessories: names, models: names }),
});

const apkListFields = {
  id,
  subBrandCode: str(),
  subBrandName: str().nullable(),
  productCode: str(),
  modelName: str().nullable(),
  versionNumber: str(),
  apkVersion: str(),
  parentVersion: str(),
  branchPackage: str(),
  fileSize: z.number().nullable(),
  reviewStatus: z.enum(APK_REVIEW_STATUSES),
  testStatus: z.enum(APK_TEST_STATUSES),
  releaseStatus: z.enum(APK_RELEASE_STATUSES),
  installedCount: int,
  createdAt: time,
  createdBy: str(),
  appliedAt: time.nullable(),
  submittedBy: str().nullable(),
  auditedAt: time.nullable(),
  auditedBy: str().nullable(),
  releasedAt: time.nullable(),
  returnedAt: time.nullable(),
  returnReason: str().nullable(),
  updatedAt: time,
  updatedBy: str(),
  revision: int,
};
export const apkListItemSchema: z.ZodType<ApkListItem> = z.object(apkListFields);

export const apkDetailSchema: z.ZodType<ApkDetail> = z.object({
  ...apkListFields,
  content: apkContentSchema.extend({ fileSize: z.number().nullable() }),
});

// ---- long jobs started by a command, and their runs

export const jobRunSchema: z.ZodType<JobRun> = z.object({
  id,
  kind: str(),
  state: z.enum(JOB_STATES),
  progress: z.object({ done: int, total: int, percent: z.number() }),
  startedBy: str(),
  params: z.record(str(), z.unknown()),
  summary: z.record(str(), z.unknown()).nullable(),
  error: str().nullable(),
  errorCode: str().nullable(),
  items: z.array(
    z.object({
      key: str(),
      outcome: str(),
      message: str().nullable(),
      code: str().nullable(),
      data: z.unknown(),
    }),
  ),
  output: z.object({ name: str(), size: z.number() }).nullable(),
  createdAt: time,
  startedAt: time.nullable(),
  finishedAt: time.nullable(),
});

/** A page of runs, newest first: `next` asks for the older ones (null at the end). */
export const jobRunPageSchema: z.ZodType<JobRunPage> = z.object({
  list: z.array(jobRunSchema),
  next: str().nullable(),
});

export const offlinePackBuildSchema: z.ZodType<OfflinePackBuild> = z.object({
  id,
  revision: int,
  status: z.enum(OFFLINE_PACK_BUILD_STATUSES),
  progress: z.number(),
  current: z.boolean(),
  fileName: str().nullable(),
  size: z.number().nullable(),
  sha256: str().nullable(),
  error: str().nullable(),
  errorCode: str().nullable(),
  requestedAt: time,
  requestedBy: str(),
  startedAt: time.nullable(),
  finishedAt: time.nullable(),
});

const archiveNames = z.array(text({ trim: false }));

/** `recipe/importCheck`: the references an uploaded archive names that the brand lacks. */
export const recipeImportCheckAnswerSchema = z.object({
  categories: archiveNames,
  tags: archiveNames,
  accessories: archiveNames,
  units: archiveNames,
  models: archiveNames,
  langs: archiveNames,
  mainOf: z.record(text({ trim: false }), z.number().int()),
  creatable: z.object({ categories: archiveNames, tags: archiveNames, units: archiveNames }),
}) satisfies z.ZodType<RecipeImportCheck>;
