import { z } from 'zod';
import { multilineText, text } from './text.js';
import { isStorableTime } from './dates.js';
import type { Page } from './envelope.js';
import { pageQuerySchema } from './paging.js';
import { APP_USER_SORT_FIELDS, SEARCH_RECORD_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';
import { APP_USER_GENDERS, type AppUserGender } from './device.js';

/**
 * App users and what they do in the companion app (§3 "App user", §7 `user`, `userSearchRecord`): the bodies of
 * the app API under /app/v1 (device-ingest), the cooking sessions devices post under /device/v1, and the staff
 * endpoints' requests and answers under /api.
 */

const flag = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
const timeBound = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], { message: 'time_invalid' })
  .refine(isStorableTime, { message: 'time_invalid' });
const clientTime = z.iso.datetime({ offset: true }).refine(isStorableTime, { message: 'time_invalid' });
const messageId = text().min(1).max(64);
const recipeId = z.uuid({ message: 'recipe_not_found' });
const brandCode = text().min(1).max(64);
/** An app user's account: what registration takes, and what a notice's list of accounts must hold per row. */
export const appUserAccountSchema = text().min(1).max(64);
const account = appUserAccountSchema;

// ---- the companion app (device-ingest, /app/v1/*)

/** `POST /app/v1/register`: a new account of the brand (or claims one a device binding created). */
export const appRegisterSchema = z.object({
  brandOwnerCode: brandCode,
  account,
  password: text({ trim: false }).min(8).max(128),
  nickname: text().max(64).optional(),
  /** A country code (`/api/common/loadCountry`). */
  region: text().max(8).optional(),
  gender: z.enum(APP_USER_GENDERS).optional(),
  age: z.number().int().min(1).max(150).optional(),
});
export type AppRegister = z.infer<typeof appRegisterSchema>;

/** `POST /app/v1/sign-in`. */
export const appSignInSchema = z.object({
  brandOwnerCode: brandCode,
  account,
  password: text({ trim: false }).min(1).max(128),
});

/** Answer of register and sign-in: the token the app sends as `Authorization: Bearer <token>`. */
export interface AppSession {
  token: string;
  expiresAt: string;
  user: { id: string; number: string; account: string; nickname: string | null; region: string | null };
}

/** One thing an app user did, posted in batches; each `messageId` is stored once however often it is resent. */
export const appActivityMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('favourite'), messageId, at: clientTime, recipeId }),
  z.object({ type: z.literal('unfavourite'), messageId, at: clientTime, recipeId }),
  z.object({
    type: z.literal('review'),
    messageId,
    at: clientTime,
    recipeId,
    score: z.number().int().min(1).max(5),
    content: multilineText().max(500).default(''),
    /** The device the recipe was cooked on (its SN), when the app knows it. */
    sn: text().max(64).optional(),
  }),
]);
export type AppActivityMessage = z.infer<typeof appActivityMessageSchema>;

/** `POST /app/v1/activity`: 1 to 100 favourites, unfavourites and reviews. */
export const appActivityPostSchema = z.object({
  messages: z.array(appActivityMessageSchema).min(1).max(100),
});

/** `GET /app/v1/recipes/search`: searches the brand's released recipes; every search is recorded. */
export const appSearchQuerySchema = z.object({
  q: text().min(1).max(100),
  /** The language the user searches in (`zh`, `en`, …). */
  lang: text()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .default('zh'),
  /** Resending the same search (same id) records it once. */
  messageId: messageId.optional(),
});

export interface AppRecipeHit {
  recipeId: string;
  number: string;
  name: string;
}

// ---- cooking sessions (device-ingest, /device/v1/cooking)

export const COOKING_OUTCOMES = ['completed', 'aborted'] as const;
export type CookingOutcome = (typeof COOKING_OUTCOMES)[number];

export const cookingSessionMessageSchema = z
  .object({
    messageId,
    recipeId,
    recipeVersion: z.number().int().min(0).max(1_000_000),
    /** The working mode code the session ran (§3 working modes). */
    mode: text().min(1).max(32),
    startedAt: clientTime,
    endedAt: clientTime,
    outcome: z.enum(COOKING_OUTCOMES),
  })
  .refine((m) => Date.parse(m.endedAt) >= Date.parse(m.startedAt), {
    message: 'endedAt is before startedAt',
    path: ['endedAt'],
  });
export type CookingSessionMessage = z.infer<typeof cookingSessionMessageSchema>;

/** `POST /device/v1/cooking`: 1 to 100 sessions. */
export const cookingPostSchema = z.object({
  messages: z.array(cookingSessionMessageSchema).min(1).max(100),
});

// ---- staff screens (/api/user/*, /api/userSearchRecord/*)

export const APP_USER_STATES = ['enabled', 'disabled'] as const;
export type AppUserState = (typeof APP_USER_STATES)[number];

export const appUserListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(APP_USER_SORT_FIELDS),
  /** User number, exact (`U00000012`). */
  number: text().max(32).optional(),
  /** Account prefix. */
  account: text().max(64).optional(),
  /** Nickname prefix. */
  nickname: text().max(64).optional(),
  region: text().max(8).optional(),
  status: z.enum(APP_USER_STATES, { message: 'status_invalid' }).optional(),
  /** Registered in the app (true) or only known from a device binding (false). */
  registered: flag.optional(),
  /** At least this many favourites / cooks. */
  minFavourites: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  minCooks: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
  /** Only users with (true) or without (false) a bound device. */
  hasDevice: flag.optional(),
  registeredFrom: timeBound.optional(),
  registeredTo: timeBound.optional(),
  /** Keyset cursor: `nextCursor` of the previous page (of the same filter and sort). */
  after: text().max(400).optional(),
});
export type AppUserListQuery = z.input<typeof appUserListQuerySchema>;

export interface AppUserRow {
  id: string;
  number: string;
  account: string;
  nickname: string | null;
  region: string | null;
  regionName: string | null;
  status: AppUserState;
  registered: boolean;
  favouriteCount: number;
  cookCount: number;
  deviceCount: number;
  registeredAt: string;
}

export interface AppUserListPage extends Page<AppUserRow> {
  nextCursor: string | null;
  /** False when `total` is the planner's estimate of a broad filter. */
  totalExact: boolean;
}

export interface AppUserDetail extends AppUserRow {
  gender: AppUserGender | null;
  age: number | null;
  avatarUrl: string | null;
  signedUpAt: string | null;
}

const appUserId = z.uuid({ message: 'app_user_not_found' });
export const appUserIdQuerySchema = z.object({ id: appUserId });
export const appUserIdsSchema = z.object({
  ids: z.array(appUserId).min(1, { message: 'select_required' }).max(500),
});
export const appUserStatusSchema = z.object({
  ids: z.array(appUserId).min(1, { message: 'select_required' }).max(500),
  status: z.enum(APP_USER_STATES, { message: 'status_invalid' }),
});

/** The tabs of /user-detail, each paged: `/api/user/<part>?id=&pageNum=&pageSize=`. */
export const APP_USER_DETAIL_PARTS = ['devices', 'favourites', 'cooking', 'reviews', 'searches'] as const;
export type AppUserDetailPart = (typeof APP_USER_DETAIL_PARTS)[number];
export const appUserPartQuerySchema = pageQuerySchema.extend({ id: appUserId });

export interface AppUserDeviceRow {
  id: string;
  sn: string;
  productCode: string | null;
  subModel: string | null;
  online: boolean;
  activatedAt: string | null;
}
export interface AppUserFavouriteRow {
  recipeId: string;
  recipeNumber: string;
  recipeName: string;
  favouredAt: string;
}
export interface CookingSessionRow {
  id: string;
  recipeId: string;
  recipeNumber: string;
  recipeName: string;
  recipeVersion: number;
  sn: string;
  mode: string;
  startedAt: string;
  endedAt: string;
  outcome: CookingOutcome;
}
export interface AppUserReviewRow {
  id: string;
  recipeId: string;
  recipeNumber: string;
  recipeName: string;
  score: number;
  content: string;
  evaluatedAt: string;
}

export const searchRecordListQuerySchema = pageQuerySchema.extend({
  ...sortQueryShape(SEARCH_RECORD_SORT_FIELDS),
  /** Terms containing this text. */
  terms: text().max(100).optional(),
  /** Account or nickname prefix of the user. */
  user: text().max(64).optional(),
  lang: text().max(16).optional(),
  region: text().max(8).optional(),
  /** Only searches that found nothing (true) or something (false). */
  empty: flag.optional(),
  searchedFrom: timeBound.optional(),
  searchedTo: timeBound.optional(),
  /** Only this user's searches (the user detail). */
  appUserId: z.uuid({ message: 'app_user_not_found' }).optional(),
  /** Keyset cursor: `nextCursor` of the previous page (of the same filter and sort). */
  after: text().max(400).optional(),
});
export type SearchRecordListQuery = z.input<typeof searchRecordListQuerySchema>;

export interface SearchRecordRow {
  id: string;
  terms: string;
  appUserId: string | null;
  account: string;
  nickname: string | null;
  lang: string;
  resultCount: number;
  region: string | null;
  regionName: string | null;
  searchedAt: string;
}
export interface SearchRecordListPage extends Page<SearchRecordRow> {
  nextCursor: string | null;
  totalExact: boolean;
}

const searchRecordId = z.uuid({ message: 'search_record_not_found' });
export const searchRecordIdQuerySchema = z.object({ id: searchRecordId });
export const searchRecordIdsSchema = z.object({
  ids: z.array(searchRecordId).min(1, { message: 'select_required' }).max(500),
});

/** Home rankings over a chosen period (`/api/common/loadBrandRecipeRanking?days=`); 0: all time. */
export const RANKING_PERIODS = [7, 30, 90, 0] as const;
export const rankingPeriodSchema = z.coerce
  .number()
  .int()
  .refine((n) => (RANKING_PERIODS as readonly number[]).includes(n), { message: 'period_invalid' })
  .default(30);

/** The user number shown on screens: `U` and the user's sequence, 8 digits. */
export const appUserNumber = (seq: number | string) => `U${String(seq).padStart(8, '0')}`;

/** `POST /api/userSearchRecord/exportData`: the list's filter and the file format; answers the job run. */
export const searchRecordExportQuerySchema = searchRecordListQuerySchema
  .omit({ pageNum: true, pageSize: true, onPage: true, after: true, appUserId: true })
  .extend({ format: z.enum(['csv', 'xlsx'], { message: 'format_invalid' }).default('csv') });

/**
 * `GET /api/userSearchRecord/topTerms`: the terms the app's users searched most over a period (7, 30 or 90
 * days; 0 all time), in one language or all, for suggesting hot search labels.
 */
export const searchTopTermsQuerySchema = z.object({
  days: rankingPeriodSchema,
  lang: text().max(16).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, { message: 'limit_invalid' })
    .max(100, { message: 'limit_invalid' })
    .default(20),
});
export type SearchTopTermsQuery = z.input<typeof searchTopTermsQuerySchema>;

/** A much-searched term: its language, how often it was searched, and whether a hot label already says it. */
export interface SearchTopTerm {
  term: string;
  lang: string;
  searches: number;
  /** A hot search label of the brand already has this text in this language. */
  labelled: boolean;
}
