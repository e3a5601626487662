import { z } from 'zod';
import { id, int, maybe, str, time } from './answer-parts.js';
import { STAFF_ROLES } from './auth.js';
import { STAFF_CHANGE_ACTIONS, STAFF_STATES } from './staff.js';
import type { StaffChange, StaffRow } from './staff.js';
import { APP_USER_GENDERS, FAULT_PERIODS } from './device.js';
import type {
  DeviceDetail,
  DeviceListPage,
  DeviceRow,
  DeviceStatus,
  FaultRecord,
  FaultSummary,
  TelemetryHistory,
  TestDevice,
} from './device.js';
import { APP_USER_STATES, COOKING_OUTCOMES } from './app-user.js';
import type {
  AppUserDetail,
  AppUserDeviceRow,
  AppUserFavouriteRow,
  AppUserListPage,
  AppUserReviewRow,
  CookingSessionRow,
  SearchRecordListPage,
  SearchRecordRow,
  SearchTopTerm,
} from './app-user.js';
import { PAYING_USER_STATES } from './paying-user.js';
import type { PayingUserDetail, PayingUserListPage } from './paying-user.js';
import { pageSchema } from './answer-schemas.js';

/**
 * The answers of the staff API's people and device screens as schemas (staff accounts, devices, test devices,
 * fault reports, app users, their searches, paying users): the OpenAPI document's response schemas, each typed
 * by the interface the web reads.
 */

// ---- staff accounts

export const staffRowSchema: z.ZodType<StaffRow> = z.object({
  id,
  account: str(),
  name: str(),
  email: str(),
  role: z.enum(STAFF_ROLES),
  status: z.enum(STAFF_STATES),
  passwordSet: z.boolean(),
  createdAt: time,
  updatedAt: time,
});

export const staffChangeSchema: z.ZodType<StaffChange> = z.object({
  action: z.enum(STAFF_CHANGE_ACTIONS),
  actor: str(),
  occurredAt: time,
  roleBefore: z.enum(STAFF_ROLES).nullable(),
  roleAfter: z.enum(STAFF_ROLES).nullable(),
  nameBefore: maybe(),
  nameAfter: maybe(),
});

// ---- devices

const deviceRowFields = {
  id,
  sn: str(),
  subModel: maybe(),
  subBrandCode: maybe(),
  subBrandName: maybe(),
  productCode: maybe(),
  productName: maybe(),
  activatedAt: time.nullable(),
  online: z.boolean(),
  ip: maybe(),
  lastConnectAt: time.nullable(),
  apkVersion: maybe(),
  mcuVersion: maybe(),
  tpVersion: maybe(),
  isTestDevice: z.boolean(),
};
export const deviceRowSchema: z.ZodType<DeviceRow> = z.object(deviceRowFields);

export const deviceListPageSchema: z.ZodType<DeviceListPage> = z.object({
  list: z.array(z.object(deviceRowFields)),
  total: int,
  pageNum: int,
  pageSize: int,
  totalExact: z.boolean(),
  nextCursor: maybe(),
  serverTime: time,
});

export const deviceStatusSchema: z.ZodType<DeviceStatus> = z.object({
  id,
  online: z.boolean(),
  lastConnectAt: time.nullable(),
  ip: maybe(),
  statusChangedAt: time,
});

export const faultRecordSchema: z.ZodType<FaultRecord> = z.object({
  id,
  deviceId: id,
  sn: str(),
  type: str(),
  reportedAt: time,
  receivedAt: time,
  country: maybe(),
  city: maybe(),
  errorLog: str(),
  productCode: maybe(),
  productName: maybe(),
  subModel: maybe(),
  apkVersion: maybe(),
});

export const deviceDetailSchema: z.ZodType<DeviceDetail> = z.object({
  ...deviceRowFields,
  pictureFileCode: maybe(),
  network: maybe(),
  currentMode: maybe(),
  inactivityTimeoutSeconds: int,
  ownInactivityTimeout: z.boolean(),
  credentialActive: z.boolean(),
  user: z
    .object({
      id,
      account: str(),
      nickname: maybe(),
      region: maybe(),
      regionName: maybe(),
      registeredAt: time,
      gender: z.enum(APP_USER_GENDERS).nullable(),
      age: int.nullable(),
      avatarUrl: maybe(),
    })
    .nullable(),
  telemetry: z.array(
    z.object({
      messageId: str(),
      sampledAt: time,
      receivedAt: time,
      network: maybe(),
      ip: maybe(),
      apkVersion: maybe(),
      mcuVersion: maybe(),
      tpVersion: maybe(),
      mode: maybe(),
      extra: z.record(str(), z.unknown()),
    }),
  ),
  faults: z.array(faultRecordSchema),
});

export const telemetryHistorySchema: z.ZodType<TelemetryHistory> = z.object({
  bucket: z.enum(['hour', 'day']),
  from: time,
  to: time,
  points: z.array(z.object({ at: time, samples: int, readings: z.record(str(), z.number()) })),
  readingKeys: z.array(str()),
});

const faultCount = z.object({ key: str(), label: maybe(), count: int });
export const faultSummarySchema: z.ZodType<FaultSummary> = z.object({
  total: int,
  deviceCount: int,
  byType: z.array(faultCount),
  byModel: z.array(faultCount),
  byVersion: z.array(faultCount),
  byPeriod: z.array(faultCount),
  period: z.enum(FAULT_PERIODS),
});

export const testDeviceSchema: z.ZodType<TestDevice> = z.object({
  id,
  version: int,
  deviceId: id,
  sn: str(),
  remark: str(),
  subModel: maybe(),
  subBrandName: maybe(),
  productCode: maybe(),
  productName: maybe(),
  apkVersion: maybe(),
  online: z.boolean(),
  lastConnectAt: time.nullable(),
  createdAt: time,
  createdBy: str(),
});

export const revokedSchema = z.object({ revoked: int });
export const updatedSchema = z.object({ updated: int });

// ---- app users, their searches and paying users

const appUserRowFields = {
  id,
  number: str(),
  account: str(),
  nickname: maybe(),
  region: maybe(),
  regionName: maybe(),
  status: z.enum(APP_USER_STATES),
  registered: z.boolean(),
  favouriteCount: int,
  cookCount: int,
  deviceCount: int,
  registeredAt: time,
};

export const appUserListPageSchema: z.ZodType<AppUserListPage> = pageSchema(
  z.object(appUserRowFields),
).extend({
  nextCursor: maybe(),
  totalExact: z.boolean(),
});

export const appUserDetailSchema: z.ZodType<AppUserDetail> = z.object({
  ...appUserRowFields,
  gender: z.enum(APP_USER_GENDERS).nullable(),
  age: int.nullable(),
  avatarUrl: maybe(),
  signedUpAt: time.nullable(),
});

export const appUserDeviceRowSchema: z.ZodType<AppUserDeviceRow> = z.object({
  id,
  sn: str(),
  productCode: maybe(),
  subModel: maybe(),
  online: z.boolean(),
  activatedAt: time.nullable(),
});

export const appUserFavouriteRowSchema: z.ZodType<AppUserFavouriteRow> = z.object({
  recipeId: str(),
  recipeNumber: str(),
  recipeName: str(),
  favouredAt: time,
});

export const cookingSessionRowSchema: z.ZodType<CookingSessionRow> = z.object({
  id,
  recipeId: str(),
  recipeNumber: str(),
  recipeName: str(),
  recipeVersion: int,
  sn: str(),
  mode: str(),
  startedAt: time,
  endedAt: time,
  outcome: z.enum(COOKING_OUTCOMES),
});

export const appUserReviewRowSchema: z.ZodType<AppUserReviewRow> = z.object({
  id,
  recipeId: str(),
  recipeNumber: str(),
  recipeName: str(),
  score: z.number(),
  content: str(),
  evaluatedAt: time,
});

const searchRecordFields = {
  id,
  terms: str(),
  appUserId: id.nullable(),
  account: str(),
  nickname: maybe(),
  lang: str(),
  resultCount: int,
  region: maybe(),
  regionName: maybe(),
  searchedAt: time,
};
export const searchRecordRowSchema: z.ZodType<SearchRecordRow> = z.object(searchRecordFields);

export const searchRecordListPageSchema: z.ZodType<SearchRecordListPage> = pageSchema(
  z.object(searchRecordFields),
).extend({ nextCursor: maybe(), totalExact: z.boolean() });

export const searchTopTermSchema: z.ZodType<SearchTopTerm> = z.object({
  term: str(),
  lang: str(),
  searches: int,
  labelled: z.boolean(),
});

const payingUserFields = {
  id,
  appUserId: id,
  userNumber: str(),
  account: str(),
  nickname: maybe(),
  region: maybe(),
  regionName: maybe(),
  vipLevel: int,
  startDate: str(),
  endDate: str(),
  state: z.enum(PAYING_USER_STATES),
  source: z.literal('import'),
  updatedAt: time,
  updatedBy: str(),
};
export const payingUserListPageSchema: z.ZodType<PayingUserListPage> = pageSchema(z.object(payingUserFields));

export const payingUserDetailSchema: z.ZodType<PayingUserDetail> = z.object({
  ...payingUserFields,
  createdAt: time,
  importFileName: maybe(),
  importRunId: id.nullable(),
});
