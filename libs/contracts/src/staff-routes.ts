import { z } from 'zod';
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
  testDeviceIdsSchema,
  testDeviceInputSchema,
  testDeviceListQuerySchema,
  testDeviceSearchQuerySchema,
  testDeviceUpdateSchema,
} from './device.js';
import {
  appUserIdQuerySchema,
  appUserIdsSchema,
  appUserListQuerySchema,
  appUserPartQuerySchema,
  appUserStatusSchema,
  searchRecordExportQuerySchema,
  searchRecordIdQuerySchema,
  searchRecordIdsSchema,
  searchRecordListQuerySchema,
  searchTopTermsQuerySchema,
} from './app-user.js';
import {
  payingUserIdQuerySchema,
  payingUserIdsSchema,
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
  h5ShareSchema,
  idListSchema,
  noDataSchema,
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
  uploadedFileSchema,
} from './screen-answers.js';

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
  '/recipe/list': route(sent<Query>(), pageSchema(recipeListItemSchema)),
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
  '/hotTag/add': route(hotTagInputSchema, hotTagSchema),
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
  '/device/delete': route(deviceIdQuerySchema, deletedSchema),
  '/device/batchDelete': route(deviceIdsSchema, deletedSchema),
  '/device/revokeCredential': route(deviceIdsSchema, revokedSchema),
  '/testDevice/add': route(testDeviceInputSchema, testDeviceSchema),
  '/testDevice/update': route(testDeviceUpdateSchema, testDeviceSchema),
  '/testDevice/delete': route(testDeviceIdQuerySchema, deletedSchema),
  '/testDevice/batchDelete': route(testDeviceIdsSchema, deletedSchema),
  '/deviceFaultLog/exportData': route(listExportBodySchema(faultListQuerySchema), jobRunSchema),
  '/deviceFaultLog/delete': route(idSchema, deletedSchema),
  '/deviceFaultLog/batchDelete': route(idsSchema, deletedSchema),
  '/user/exportData': route(listExportBodySchema(appUserListQuerySchema), jobRunSchema),
  '/user/updateStatus': route(appUserStatusSchema, updatedSchema),
  '/user/delete': route(appUserIdQuerySchema, deletedSchema),
  '/user/batchDelete': route(appUserIdsSchema, deletedSchema),
  '/userSearchRecord/exportData': route(searchRecordExportQuerySchema, jobRunSchema),
  '/userSearchRecord/delete': route(searchRecordIdQuerySchema, deletedSchema),
  '/userSearchRecord/batchDelete': route(searchRecordIdsSchema, deletedSchema),
  '/vipUser/importData': route(payingUserImportRequestSchema, jobRunSchema),
  '/vipUser/delete': route(payingUserIdQuerySchema, deletedSchema),
  '/vipUser/batchDelete': route(payingUserIdsSchema, deletedSchema),
  '/staff/invite': route(staffInviteSchema, staffRowSchema),
  '/staff/update': route(staffUpdateSchema, staffRowSchema),
  '/staff/disable': route(staffIdSchema, staffRowSchema),
  '/staff/enable': route(staffIdSchema, staffRowSchema),
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
