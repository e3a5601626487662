import { z } from 'zod';
import { listDeletePostRoutes } from './list-deletes.js';
import { pageQuerySchema } from './paging.js';
import { listExportBodySchema } from './list-sort-schemas.js';
import {
  emailCaptchaSchema,
  emailVerifySchema,
  loginRequestSchema,
  sessionUserSchema,
  setPasswordSchema,
  staffPreferencesSchema,
  updatePasswordSchema,
} from './auth.js';
import {
  brandLanguagesSaveSchema,
  idSchema,
  idsSchema,
  listFilterSchema,
  onlineCategoryBatchAddSchema,
  onlineCatRecipeBatchAddSchema,
  onlineCatRecipeBatchDeleteSchema,
} from './catalog.js';
import { h5ShareQuerySchema, hotTagInputSchema } from './content.js';
import {
  deviceIdQuerySchema,
  deviceIdsSchema,
  deviceListQuerySchema,
  deviceSearchQuerySchema,
  deviceStatusQuerySchema,
  deviceTelemetryHistoryQuerySchema,
  deviceUpdateSchema,
  faultListQuerySchema,
  faultSummaryQuerySchema,
  testDeviceIdQuerySchema,
  testDeviceInputSchema,
  testDeviceListQuerySchema,
  testDeviceSearchQuerySchema,
  testDeviceUpdateSchema,
} from './device.js';
import {
  appUserIdQuerySchema,
  appUserListQuerySchema,
  appUserPartQuerySchema,
  appUserStatusSchema,
  searchRecordExportQuerySchema,
  searchRecordIdQuerySchema,
  searchRecordListQuerySchema,
  searchTopTermsQuerySchema,
} from './app-user.js';
import {
  payingUserIdQuerySchema,
  payingUserImportRequestSchema,
  payingUserListQuerySchema,
} from './paying-user.js';
import {
  staffChangesQuerySchema,
  staffIdSchema,
  staffInviteSchema,
  staffListQuerySchema,
  staffUpdateSchema,
} from './staff.js';
import { savedViewIdSchema, savedViewListQuerySchema, savedViewSaveSchema } from './saved-view.js';
import {
  auditCompareQuerySchema,
  auditEndedQuerySchema,
  auditRecordQuerySchema,
  auditStateQuerySchema,
} from './audit.js';
import { recordSearchQuerySchema } from './search.js';
import { jobIdQuerySchema } from './jobs.js';
import { recipeEvaluationInputSchema } from './recipe-evaluation.js';
import {
  deletedSchema,
  hotTagSchema,
  ingredientUnitSchema,
  jobRunSchema,
  numberedNamesSchema,
  pageSchema,
  recipeDetailSchema,
  recipeEvaluationSchema,
  recipeListItemSchema,
  recipeListPageSchema,
} from './answer-schemas.js';
import {
  appUserDeviceRowSchema,
  appUserDetailSchema,
  appUserFavouriteRowSchema,
  appUserListPageSchema,
  appUserReviewRowSchema,
  cookingSessionRowSchema,
  deviceDetailSchema,
  deviceListPageSchema,
  deviceRowSchema,
  deviceStatusSchema,
  faultRecordSchema,
  faultSummarySchema,
  payingUserDetailSchema,
  payingUserListPageSchema,
  revokedSchema,
  searchRecordListPageSchema,
  searchRecordRowSchema,
  searchTopTermSchema,
  staffChangeSchema,
  staffRowSchema,
  telemetryHistorySchema,
  testDeviceSchema,
  updatedSchema,
} from './people-answers.js';
import {
  accessoryChoiceSchema,
  addedSchema,
  areaSchema,
  auditComparisonSchema,
  auditEndedPageSchema,
  auditHistorySchema,
  auditStateSchema,
  brandIndexCountSchema,
  brandLanguageSchema,
  brandLanguagesSavedSchema,
  categoryRankingItemSchema,
  countrySchema,
  deviceModesSchema,
  h5ShareSchema,
  idListSchema,
  noDataSchema,
  noticeAccountsSchema,
  noticeAckPointSchema,
  noticeDeliverySchema,
  noticePageSchema,
  noticePushHealthSchema,
  noticeSchema,
  onlineCategoryDetailSchema,
  onlineCategorySchema,
  productSchema,
  productTreeNodeSchema,
  publicConfigSchema,
  recipeRankingItemSchema,
  removedSchema,
  savedViewSchema,
  searchAnswerSchema,
  staffPreferencesAnswerSchema,
  subBrandProductSchema,
  subBrandSchema,
  tagByLangSchema,
  uploadedFileSchema,
} from './screen-answers.js';

import { accessoryInputSchema, categoryInputSchema, tagInputSchema, unitInputSchema } from './catalog.js';
import {
  bannerInputSchema,
  bannerListQuerySchema,
  deleteRefRecipeSchema,
  hotTagListQuerySchema,
  lockScreenAdInputSchema,
  lockScreenAdListQuerySchema,
  refRecipeListQuerySchema,
  themedGroupInputSchema,
  themedGroupListQuerySchema,
  updateRefRecipeSchema,
} from './content.js';
import { recipeStatisticsQuerySchema } from './recipe-evaluation.js';
import { apkIdQuerySchema, apkLastSubmitQuerySchema, apkListQuerySchema } from './apk.js';
import { apkCompatibilityQuerySchema } from './apk-rollout.js';
import { offlinePackIdQuerySchema, offlinePackListQuerySchema } from './offline-pack.js';
import {
  apkCommandRoutes,
  commandPostRoutes,
  offlinePackCommandRoutes,
  recipeCommandRoutes,
} from './aggregate-commands.js';
import {
  noticeAccountsQuerySchema,
  noticeDeliveriesQuerySchema,
  noticeIdQuerySchema,
  noticeInputSchema,
  noticeListQuerySchema,
  noticeUpdateSchema,
  noticeVersionSchema,
} from './notice.js';
import {
  accessorySchema,
  apkDetailSchema,
  apkListItemSchema,
  bannerSchema,
  linkedRecipeSchema,
  linksChangedSchema,
  linksRemovedSchema,
  listAnswerSchema,
  lockScreenAdSchema,
  offlinePackBuildSchema,
  recipeCategorySchema,
  themedGroupSchema,
} from './answer-schemas.js';
import {
  apkCompatibilitySchema,
  apkLastSubmittedSchema,
  apkPausedRolloutSchema,
  apkRolloutDetailSchema,
  offlinePackCompatibilitySchema,
  offlinePackDetailSchema,
  offlinePackListAnswerSchema,
  recipePreviewSchema,
  recipeRecycleCountSchema,
  recipeStatisticsSchema,
} from './history-answers.js';

/**
 * The staff API's routes as the web calls them: each path (under `/api`) with the schema of what it takes and of
 * the `data` it answers — the same schemas the API parses with and documents in its OpenAPI document (a test holds
 * each route here to the document's). The web's typed client reads only the types (`import type`), so no schema
 * reaches its bundle.
 */

/** What a route takes and answers. */
const route = <I extends z.ZodType, A extends z.ZodType>(input: I, answer: A) => ({ input, answer });
/** A route that takes nothing. */
const bare = <A extends z.ZodType>(answer: A) => route(z.object({}), answer);
/** A route whose input the API parses with a schema of its own module: the type the web sends. */
const sent = <T>() => z.custom<T>();

type Query = Record<string, string | number | boolean | null | undefined>;
const brandQuery = sent<{ brandOwnerCode?: string }>();
const rankingQuery = sent<{ brandOwnerCode?: string; days?: number }>();

/** What a reference list answers: a page, or with `onPage=false` the whole list (`call.whole` asks for it). */
type ListAnswer<T extends z.ZodType> = ReturnType<typeof listAnswerSchema<T>>;
type Route<I extends z.ZodType, A extends z.ZodType> = { input: I; answer: A };

/** A reference entity as the API declares it (`ReferenceEntity`): its record, what `add` takes, its list's filters. */
const entity = <D extends z.ZodType, A extends z.ZodType, L extends z.ZodType = typeof listFilterSchema>(
  record: D,
  add: A,
  list?: L,
) => ({ record, add, list: (list ?? listFilterSchema) as L });

/**
 * The reference entities of §7 the web edits through its reference kit, as the API declares them (catalog.entities.ts,
 * content.entities.ts): each serves `/api/<route>/list|detail|add|update|delete|batchDelete`, `update` taking what
 * `add` takes with the record's id and the version the editor loaded.
 */
export const staffReferenceEntities = {
  recipeCategory: entity(recipeCategorySchema, categoryInputSchema),
  recipeTag: entity(numberedNamesSchema, tagInputSchema),
  boUnit: entity(ingredientUnitSchema, unitInputSchema),
  accessory: entity(accessorySchema, accessoryInputSchema),
  ccBanner: entity(bannerSchema, bannerInputSchema, bannerListQuerySchema),
  specRecipe: entity(themedGroupSchema, themedGroupInputSchema, themedGroupListQuerySchema),
  lockScreenAds: entity(lockScreenAdSchema, lockScreenAdInputSchema, lockScreenAdListQuerySchema),
  hotTag: entity(hotTagSchema, hotTagInputSchema, hotTagListQuerySchema),
};
type Entities = typeof staffReferenceEntities;
export type ReferenceEntityName = keyof Entities;
/** The entities whose records link ordered recipes (`refRecipeList`, `updateRefRecipe`, `deleteRefRecipe`). */
const LINKING = ['ccBanner', 'specRecipe'] as const;
export type RecipeLinkingEntityName = (typeof LINKING)[number];
/** §7: the units have no `batchDelete`. */
type BatchDeleting = Exclude<ReferenceEntityName, 'boUnit'>;
/** What `update` takes beside the record's fields (the API's `versionOnly`). */
const versioned = sent<{ id: string; version: number }>();
const linkedRecipePageSchema = pageSchema(linkedRecipeSchema);

type ReferenceGetRoutes = {
  [R in ReferenceEntityName as `/${R}/list`]: Route<Entities[R]['list'], ListAnswer<Entities[R]['record']>>;
} & { [R in ReferenceEntityName as `/${R}/detail`]: Route<typeof idSchema, Entities[R]['record']> } & {
  [R in RecipeLinkingEntityName as `/${R}/refRecipeList`]: Route<
    typeof refRecipeListQuerySchema,
    typeof linkedRecipePageSchema
  >;
};
type ReferencePostRoutes = {
  [R in ReferenceEntityName as `/${R}/add`]: Route<Entities[R]['add'], Entities[R]['record']>;
} & {
  [R in ReferenceEntityName as `/${R}/update`]: Route<
    z.ZodIntersection<typeof versioned, Entities[R]['add']>,
    Entities[R]['record']
  >;
} & { [R in ReferenceEntityName as `/${R}/delete`]: Route<typeof idSchema, typeof deletedSchema> } & {
  [R in BatchDeleting as `/${R}/batchDelete`]: Route<typeof idsSchema, typeof deletedSchema>;
} & {
  [R in RecipeLinkingEntityName as `/${R}/updateRefRecipe`]: Route<
    typeof updateRefRecipeSchema,
    typeof linksChangedSchema
  >;
} & {
  [R in RecipeLinkingEntityName as `/${R}/deleteRefRecipe`]: Route<
    typeof deleteRefRecipeSchema,
    typeof linksRemovedSchema
  >;
};

function referenceGetRoutes(): ReferenceGetRoutes {
  const routes: Record<string, Route<z.ZodType, z.ZodType>> = {};
  for (const [name, e] of Object.entries(staffReferenceEntities)) {
    routes[`/${name}/list`] = route(e.list, listAnswerSchema(e.record));
    routes[`/${name}/detail`] = route(idSchema, e.record);
  }
  for (const name of LINKING)
    routes[`/${name}/refRecipeList`] = route(refRecipeListQuerySchema, linkedRecipePageSchema);
  return routes as ReferenceGetRoutes;
}

function referencePostRoutes(): ReferencePostRoutes {
  const routes: Record<string, Route<z.ZodType, z.ZodType>> = {};
  for (const [name, e] of Object.entries(staffReferenceEntities)) {
    routes[`/${name}/add`] = route(e.add, e.record);
    routes[`/${name}/update`] = route(versioned.and(e.add), e.record);
    routes[`/${name}/delete`] = route(idSchema, deletedSchema);
    if (name !== 'boUnit') routes[`/${name}/batchDelete`] = route(idsSchema, deletedSchema);
  }
  for (const name of LINKING) {
    routes[`/${name}/updateRefRecipe`] = route(updateRefRecipeSchema, linksChangedSchema);
    routes[`/${name}/deleteRefRecipe`] = route(deleteRefRecipeSchema, linksRemovedSchema);
  }
  return routes as ReferencePostRoutes;
}

/**
 * `GET /api/…`: the queries. A list answers a page, or with `onPage=false` the whole list (`listAnswerSchema`): its
 * route here names the one the web asks for.
 */
export const staffGetRoutes = {
  '/auth/me': bare(z.object({ user: sessionUserSchema })),
  '/public/config': bare(publicConfigSchema),
  '/preferences': bare(staffPreferencesAnswerSchema),
  '/search': route(recordSearchQuerySchema, searchAnswerSchema),
  '/sysSupportLang/list': bare(z.array(brandLanguageSchema)),
  '/common/loadBrandOwnerProduct': route(brandQuery, z.array(productSchema)),
  '/common/loadSubBrand': route(brandQuery, z.array(subBrandSchema)),
  '/common/loadSubBrandProduct': route(sent<{ subBrandCode: string }>(), z.array(subBrandProductSchema)),
  '/common/loadBrandProductTree': route(brandQuery, z.array(productTreeNodeSchema)),
  '/common/loadCountry': bare(z.array(countrySchema)),
  '/common/loadArea': route(sent<{ countryCode?: string; parentCode?: string }>(), z.array(areaSchema)),
  '/common/loadBrandIndexCount': route(brandQuery, brandIndexCountSchema),
  '/common/loadBrandRecipeRanking': route(rankingQuery, z.array(recipeRankingItemSchema)),
  '/common/loadRecipeCategoryRanking': route(rankingQuery, z.array(categoryRankingItemSchema)),
  '/appOnlineCategory/list': route(listFilterSchema, pageSchema(onlineCategorySchema)),
  '/appOnlineCategory/detail': route(idSchema, onlineCategoryDetailSchema),
  '/faultType/list': route(listFilterSchema, z.array(numberedNamesSchema)),
  '/recipeUserEvaluation/list': route(sent<Query>(), pageSchema(recipeEvaluationSchema)),
  '/recipe/list': route(sent<Query>(), recipeListPageSchema),
  '/recipe/search': route(sent<{ keyword: string; status?: string }>(), z.array(recipeListItemSchema)),
  '/recipe/detail': route(sent<{ id: string }>(), recipeDetailSchema),
  '/recipe/asyncTask/detail': route(jobIdQuerySchema, jobRunSchema),
  '/h5/share': route(h5ShareQuerySchema, h5ShareSchema),
  '/audit/history': route(auditRecordQuerySchema, auditHistorySchema),
  '/audit/state': route(auditStateQuerySchema, auditStateSchema),
  '/audit/compare': route(auditCompareQuerySchema, auditComparisonSchema),
  '/audit/ended': route(auditEndedQuerySchema, auditEndedPageSchema),
  '/savedView/list': route(savedViewListQuerySchema, z.array(savedViewSchema)),
  '/device/list': route(deviceListQuerySchema, deviceListPageSchema),
  '/device/status': route(deviceStatusQuerySchema, z.array(deviceStatusSchema)),
  '/device/search': route(deviceSearchQuerySchema, z.array(deviceRowSchema)),
  '/device/detail': route(deviceIdQuerySchema, deviceDetailSchema),
  '/device/telemetryHistory': route(deviceTelemetryHistoryQuerySchema, telemetryHistorySchema),
  '/testDevice/list': route(testDeviceListQuerySchema, pageSchema(testDeviceSchema)),
  '/testDevice/search': route(testDeviceSearchQuerySchema, z.array(testDeviceSchema)),
  '/testDevice/detail': route(testDeviceIdQuerySchema, testDeviceSchema),
  '/deviceFaultLog/list': route(faultListQuerySchema, pageSchema(faultRecordSchema)),
  '/deviceFaultLog/summary': route(faultSummaryQuerySchema, faultSummarySchema),
  '/user/list': route(appUserListQuerySchema, appUserListPageSchema),
  '/user/detail': route(appUserIdQuerySchema, appUserDetailSchema),
  '/user/devices': route(appUserPartQuerySchema, pageSchema(appUserDeviceRowSchema)),
  '/user/favourites': route(appUserPartQuerySchema, pageSchema(appUserFavouriteRowSchema)),
  '/user/cooking': route(appUserPartQuerySchema, pageSchema(cookingSessionRowSchema)),
  '/user/reviews': route(appUserPartQuerySchema, pageSchema(appUserReviewRowSchema)),
  '/userSearchRecord/list': route(searchRecordListQuerySchema, searchRecordListPageSchema),
  '/userSearchRecord/detail': route(searchRecordIdQuerySchema, searchRecordRowSchema),
  '/userSearchRecord/topTerms': route(searchTopTermsQuerySchema, z.array(searchTopTermSchema)),
  '/vipUser/list': route(payingUserListQuerySchema, payingUserListPageSchema),
  '/vipUser/detail': route(payingUserIdQuerySchema, payingUserDetailSchema),
  '/staff/list': route(staffListQuerySchema, pageSchema(staffRowSchema)),
  '/staff/changes': route(staffChangesQuerySchema, pageSchema(staffChangeSchema)),
  '/recipe/countRemove': bare(recipeRecycleCountSchema),
  '/recipe/simulatRecipeDetail': route(
    sent<{ id: string; lang?: string; servings?: number }>(),
    recipePreviewSchema,
  ),
  '/recipeUserEvaluation/recipeStatistics': route(recipeStatisticsQuerySchema, recipeStatisticsSchema),
  '/accessory/listAll': route(sent<{ onPage?: boolean; lang?: string }>(), z.array(accessoryChoiceSchema)),
  '/common/loadTagsByLang': route(
    sent<{ lang: string; brandOwnerCode?: string }>(),
    z.array(tagByLangSchema),
  ),
  '/subApk/list': route(apkListQuerySchema, listAnswerSchema(apkListItemSchema)),
  '/subApk/detail': route(apkIdQuerySchema, apkDetailSchema),
  '/subApk/lastSubmitVersionInfo': route(apkLastSubmitQuerySchema, apkLastSubmittedSchema),
  '/subApk/rollout/detail': route(apkIdQuerySchema, apkRolloutDetailSchema),
  '/subApk/rollout/compatibility': route(apkCompatibilityQuerySchema, apkCompatibilitySchema),
  '/subApk/rollout/paused': bare(z.array(apkPausedRolloutSchema)),
  '/offlineRecipes/list': route(offlinePackListQuerySchema, offlinePackListAnswerSchema),
  '/offlineRecipes/detail': route(offlinePackIdQuerySchema, offlinePackDetailSchema),
  '/offlineRecipes/buildStatus': route(offlinePackIdQuerySchema, offlinePackBuildSchema.nullable()),
  '/offlineRecipes/compatibility': route(offlinePackIdQuerySchema, offlinePackCompatibilitySchema),
  '/inform/list': route(noticeListQuerySchema, noticePageSchema),
  '/inform/detail': route(noticeIdQuerySchema, noticeSchema),
  '/inform/deliveries': route(noticeDeliveriesQuerySchema, pageSchema(noticeDeliverySchema)),
  '/inform/health': bare(noticePushHealthSchema),
  '/inform/ackChart': route(noticeIdQuerySchema, z.array(noticeAckPointSchema)),
  '/inform/readAccounts': route(noticeAccountsQuerySchema, noticeAccountsSchema),
  ...referenceGetRoutes(),
};

/** `POST /api/…`: the commands (a JSON body, or a form where the route takes one). */
export const staffPostRoutes = {
  '/auth/login': route(loginRequestSchema, z.object({ user: sessionUserSchema })),
  '/auth/logout': bare(z.null()),
  '/email/captcha': route(emailCaptchaSchema, noDataSchema),
  '/email/verify': route(emailVerifySchema, noDataSchema),
  '/sysUser/setPassword': route(setPasswordSchema, noDataSchema),
  '/sysUser/updatePassword': route(updatePasswordSchema, noDataSchema),
  '/preferences': route(staffPreferencesSchema, staffPreferencesAnswerSchema),
  '/file/upload': route(sent<FormData>(), uploadedFileSchema),
  '/sysSupportLang/save': route(brandLanguagesSaveSchema, brandLanguagesSavedSchema),
  '/boUnit/list': route(pageQuerySchema, z.array(ingredientUnitSchema)),
  '/appOnlineCategory/batchAdd': route(onlineCategoryBatchAddSchema, idListSchema),
  '/appOnlineCategory/batchDelete': route(idsSchema, deletedSchema),
  '/appOnlineCatRecipe/batchAdd': route(onlineCatRecipeBatchAddSchema, addedSchema),
  '/appOnlineCatRecipe/batchDelete': route(onlineCatRecipeBatchDeleteSchema, removedSchema),
  '/recipeUserEvaluation/add': route(recipeEvaluationInputSchema, recipeEvaluationSchema),
  '/recipeUserEvaluation/delete': route(idSchema, deletedSchema),
  '/recipeUserEvaluation/batchDelete': route(idsSchema, deletedSchema),
  '/savedView/save': route(savedViewSaveSchema, savedViewSchema),
  '/savedView/delete': route(savedViewIdSchema, deletedSchema),
  '/device/exportData': route(listExportBodySchema(deviceListQuerySchema), jobRunSchema),
  '/device/update': route(deviceUpdateSchema, deviceDetailSchema),
  '/device/revokeCredential': route(deviceIdsSchema, revokedSchema),
  '/testDevice/add': route(testDeviceInputSchema, testDeviceSchema),
  '/testDevice/update': route(testDeviceUpdateSchema, testDeviceSchema),
  '/deviceFaultLog/exportData': route(listExportBodySchema(faultListQuerySchema), jobRunSchema),
  '/user/exportData': route(listExportBodySchema(appUserListQuerySchema), jobRunSchema),
  '/user/updateStatus': route(appUserStatusSchema, updatedSchema),
  '/userSearchRecord/exportData': route(searchRecordExportQuerySchema, jobRunSchema),
  '/vipUser/importData': route(payingUserImportRequestSchema, jobRunSchema),
  '/staff/invite': route(staffInviteSchema, staffRowSchema),
  '/staff/update': route(staffUpdateSchema, staffRowSchema),
  '/staff/disable': route(staffIdSchema, staffRowSchema),
  '/staff/enable': route(staffIdSchema, staffRowSchema),
  '/cofarSdk/allDevModes': bare(deviceModesSchema),
  ...commandPostRoutes(recipeCommandRoutes),
  ...commandPostRoutes(apkCommandRoutes),
  ...commandPostRoutes(offlinePackCommandRoutes),
  '/inform/exportData': route(listExportBodySchema(noticeListQuerySchema), jobRunSchema),
  '/inform/add': route(noticeInputSchema, noticeSchema),
  '/inform/addAndPush': route(noticeInputSchema, noticeSchema),
  '/inform/update': route(noticeUpdateSchema, noticeSchema),
  '/inform/push': route(noticeVersionSchema, noticeSchema),
  '/inform/cancel': route(noticeVersionSchema, noticeSchema),
  ...listDeletePostRoutes(),
  ...referencePostRoutes(),
};

export type StaffGetRoutes = typeof staffGetRoutes;
export type StaffPostRoutes = typeof staffPostRoutes;
export type StaffGetPath = keyof StaffGetRoutes;
export type StaffPostPath = keyof StaffPostRoutes;
/** What a query takes (its query string's values) and what its `data` is. */
export type StaffGetInput<P extends StaffGetPath> = z.input<StaffGetRoutes[P]['input']>;
export type StaffGetAnswer<P extends StaffGetPath> = z.output<StaffGetRoutes[P]['answer']>;
/** What a command takes (its body) and what its `data` is. */
export type StaffPostInput<P extends StaffPostPath> = z.input<StaffPostRoutes[P]['input']>;
export type StaffPostAnswer<P extends StaffPostPath> = z.output<StaffPostRoutes[P]['answer']>;
