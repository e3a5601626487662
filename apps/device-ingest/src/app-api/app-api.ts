import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FastifyRequest } from 'fastify';
import {
  appActivityPostSchema,
  appRegisterSchema,
  appSearchQuerySchema,
  appSignInSchema,
  type AppRecipeHit,
  type AppSession,
  text,
} from '@kb/contracts';
import { AppAuthError, registerAppUser, signInAppUser, signOutAppUser } from '@kb/devices';
import { likeContains, type Pool } from '@kb/platform';
import { z } from 'zod';
import { route } from '../api-routes.js';
import { HttpError, type GatewayApi } from '../http.js';
import { Backlog } from '../devices/device-api.js';
import { PostCoalescer } from '../post-coalescer.js';
import { loopLagMs } from '../loop-lag.js';
import { createAppAuth, type AppAuth, type AuthenticatedAppUser } from './app-auth.js';
import { APP_MESSAGES, appError, appLang } from './app-messages.js';
import { noticeRoutes } from '../notices/notice-routes.js';
import { APP_BODY_LIMITS } from './limits.js';

const RETRY_AFTER_S = 1;
const SEARCH_RESULTS = 50;

const session = z.object({
  token: text(),
  expiresAt: z.iso.datetime(),
  user: z.object({
    id: z.uuid(),
    number: text(),
    account: text(),
    nickname: text().nullable(),
    region: text().nullable(),
  }),
}) satisfies z.ZodType<AppSession>;

const me = z.object({
  id: z.uuid(),
  number: text(),
  account: text(),
  nickname: text().nullable(),
  region: text().nullable(),
  gender: text().nullable(),
  age: z.number().int().nullable(),
  favouriteCount: z.number().int(),
  cookCount: z.number().int(),
});

const recipeHit = z.object({
  recipeId: z.uuid(),
  number: text(),
  name: text(),
}) satisfies z.ZodType<AppRecipeHit>;

/** An app refusal's `data`: its code, the message in both languages, and the fields that were wrong. */
const appRefusalData = z.object({
  code: text(),
  messages: z.object({ zh: text(), en: text() }),
  fieldErrors: z.record(text(), text()).optional(),
  detail: text().optional(),
  retryAfterSeconds: z.number().int().optional(),
});

const AUTH_STATUS = {
  brand_unknown: 400,
  account_taken: 409,
  credentials_wrong: 401,
  user_disabled: 403,
} as const;

/**
 * The companion app's endpoints under /app/v1 (README: "App API"): register and sign in per brand with the app
 * user's own credential, post favourites, unfavourites and reviews (queued; workers store them), and search the
 * brand's released recipes (each search recorded). Bodies and refusals are enveloped like the device API; every
 * refusal says why in the app's language and carries both languages in `data.messages`.
 */
export function createAppApi(deps: {
  pool: Pool;
  activityQueue: Queue;
  authCacheMs: number;
  redis: Redis;
  maxQueueWaitMs: number;
  /** How late the event loop may run before posts are refused (503). */
  maxLoopLagMs: number;
  jobLockMs: number;
  /** The least time between two queue jobs of posts (INGEST_POST_GATHER_MS; default 0). */
  gatherMs?: number;
  /** The guard, when the caller shares one with other app routes. */
  auth?: AppAuth;
  /** Hears each accepted batch: its queue and how many messages it held. */
  onAccepted?: (queue: string, messages: number) => void;
}): GatewayApi {
  const auth = deps.auth ?? createAppAuth(deps.pool, deps.authCacheMs);
  const backlog = new Backlog(deps.redis, deps.activityQueue, deps.jobLockMs);
  // The posts arriving together go to the queue as one job.
  const activity = new PostCoalescer(deps.activityQueue, 'activity-posts', { gapMs: deps.gatherMs });
  const authenticate = (req: FastifyRequest) => auth.authenticate(req);

  async function enqueue(req: FastifyRequest, user: AuthenticatedAppUser, messages: unknown[]) {
    let waitedMs: number;
    try {
      waitedMs = await backlog.waitedMs();
    } catch {
      throw appError(req, 503, 'busy');
    }
    if (waitedMs > deps.maxQueueWaitMs || loopLagMs() > deps.maxLoopLagMs)
      throw appError(
        req,
        503,
        'busy',
        { retryAfterSeconds: RETRY_AFTER_S },
        { 'retry-after': String(RETRY_AFTER_S) },
      );
    try {
      await activity.add({
        appUserId: user.appUserId,
        brandOwnerCode: user.brandOwnerCode,
        account: user.account,
        nickname: user.nickname,
        region: user.region,
        receivedAt: new Date().toISOString(),
        messages,
      });
    } catch {
      throw appError(req, 503, 'busy');
    }
  }

  /**
   * Which of `ids` are recipes of the brand. A recipe found is trusted for `authCacheMs` (recipes are seldom
   * removed, and a favourite of one removed meanwhile is shown nowhere: screens join the recipe read model); one
   * not found is asked again every time.
   */
  const knownRecipes = new Map<string, number>();
  async function recipesOfBrand(brand: string, ids: string[]): Promise<Set<string>> {
    const now = Date.now();
    const known = new Set<string>();
    const ask: string[] = [];
    for (const id of ids) {
      if ((knownRecipes.get(`${brand}/${id}`) ?? 0) > now) known.add(id);
      else ask.push(id);
    }
    if (!ask.length) return known;
    const { rows } = await deps.pool.query<{ id: string }>(
      `SELECT recipe_id::text AS id FROM recipe_list WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
      [brand, ask],
    );
    if (knownRecipes.size > 100_000) knownRecipes.clear();
    for (const { id } of rows) {
      known.add(id);
      if (deps.authCacheMs > 0) knownRecipes.set(`${brand}/${id}`, now + deps.authCacheMs);
    }
    return known;
  }

  const ok = (
    req: FastifyRequest,
    data: unknown,
    status = 200,
    message: keyof typeof APP_MESSAGES = 'ok',
  ) => ({
    status,
    desc: APP_MESSAGES[message][appLang(req)],
    data,
  });

  /** What register and sign-in share: a small body with the account, answered with a session. */
  const signingIn = {
    method: 'POST',
    bodyLimit: APP_BODY_LIMITS.auth,
    answer: { status: 200, description: 'Signed in: send `data.token` as Bearer', data: session },
  } as const;

  const signedIn = {
    401: 'No, unknown or expired token',
    403: 'The app user is disabled',
  };

  return {
    prefix: '/app/v1',
    title: 'Kitchen back-office — companion app API',
    description:
      'What the companion app calls on device-ingest. An app user registers or signs in with their own account ' +
      'and password of a brand and gets a token; with it they favourite and unfavourite recipes, review recipes ' +
      'they cooked to the end, and search the brand’s released recipes (every search is recorded with its terms, ' +
      'language, result count, time and the user’s region). Cooking sessions come from the devices ' +
      '(`POST /device/v1/cooking`), counted for the app user the device is bound to. Refusals carry `desc` in the ' +
      'app’s language (`Accept-Language: en…`, else zh) and both languages in `data.messages`.',
    securitySchemes: {
      appToken: { type: 'http', scheme: 'bearer', description: 'The token of sign-in' },
    },
    refusalData: appRefusalData,
    /** Every refusal in the app's language: the router's own (a body it cannot read or parse) and sign-in's. */
    refusal: (error, req) => {
      if (error instanceof AppAuthError) return appError(req, AUTH_STATUS[error.code], error.code);
      if (!(error instanceof HttpError)) return undefined;
      if (error.status === 400 && !(error.data as { code?: string } | null)?.code)
        return appError(req, 400, 'invalid_body', { ...(error.data as object), detail: error.message });
      return error;
    },
    routes: [
      route({
        ...signingIn,
        url: '/app/v1/register',
        operationId: 'registerAppUser',
        summary: 'Register an app user of the brand (or claim an account a device binding created)',
        body: appRegisterSchema,
        refusals: { 400: 'Invalid body or unknown brand', 409: 'The account is already registered' },
        handle: async (req) => ok(req, await registerAppUser(deps.pool, req.body)),
      }),
      route({
        ...signingIn,
        url: '/app/v1/sign-in',
        operationId: 'signInAppUser',
        summary: 'Sign in with account and password',
        body: appSignInSchema,
        refusals: { 401: 'Wrong account or password', 403: 'The app user is disabled' },
        handle: async (req) => ok(req, await signInAppUser(deps.pool, req.body)),
      }),
      route({
        method: 'POST',
        url: '/app/v1/sign-out',
        operationId: 'signOutAppUser',
        summary: 'End this token',
        security: 'appToken',
        answer: { status: 200, description: 'Signed out' },
        handle: async (req) => {
          const token = auth.token(req);
          await signOutAppUser(deps.pool, token);
          auth.forget(token);
          return ok(req, null, 200, 'signed_out');
        },
      }),
      route({
        method: 'GET',
        url: '/app/v1/me',
        operationId: 'getAppUser',
        summary: 'The signed-in user with their favourite and cook counts',
        security: 'appToken',
        answer: { status: 200, description: 'The user', data: me },
        refusals: signedIn,
        before: authenticate,
        handle: async (req, _reply, user) => {
          const { rows } = await deps.pool.query(
            `SELECT id, 'U' || lpad(seq::text, 8, '0') AS number, account, nickname, region, gender, age,
                    favourite_count AS "favouriteCount", cook_count AS "cookCount"
               FROM app_users WHERE id = $1`,
            [user.appUserId],
          );
          return ok(req, rows[0]);
        },
      }),
      route({
        method: 'POST',
        url: '/app/v1/activity',
        operationId: 'postAppActivity',
        summary: 'Post 1–100 favourites, unfavourites and reviews',
        security: 'appToken',
        body: appActivityPostSchema,
        bodyLimit: APP_BODY_LIMITS.activity,
        bodyDescription:
          'Every message has a messageId: resending never stores it twice. A favourite change older than the one ' +
          'stored changes nothing.',
        backpressure: true,
        answer: {
          status: 202,
          description: 'Queued; stored by the workers within moments',
          data: z.object({ accepted: z.number().int() }),
        },
        refusals: {
          ...signedIn,
          400: 'Invalid body, or a recipe that is not the brand’s (`data.fieldErrors`)',
          409: 'A review of a recipe the user has not cooked to the end',
        },
        before: authenticate,
        handle: async (req, _reply, user) => {
          const { messages } = req.body;
          if (new Set(messages.map((m) => m.messageId)).size !== messages.length)
            throw appError(req, 400, 'invalid_body', {
              fieldErrors: { messages: 'every messageId in a batch must be different' },
            });
          // Every recipe named must be the brand's; a review must be of a recipe the user cooked to the end.
          const recipeIds = [...new Set(messages.map((m) => m.recipeId))];
          const reviewed = [...new Set(messages.filter((m) => m.type === 'review').map((m) => m.recipeId))];
          const [knownIds, cooked] = await Promise.all([
            recipesOfBrand(user.brandOwnerCode, recipeIds),
            reviewed.length
              ? deps.pool.query<{ id: string }>(
                  `SELECT DISTINCT recipe_id::text AS id FROM cooking_sessions
                    WHERE app_user_id = $1 AND recipe_id = ANY($2::uuid[]) AND outcome = 'completed'`,
                  [user.appUserId, reviewed],
                )
              : Promise.resolve({ rows: [] as { id: string }[] }),
          ]);
          const cookedIds = new Set(cooked.rows.map((r) => r.id));
          const lang = appLang(req);
          const fieldErrors: Record<string, string> = {};
          messages.forEach((m, i) => {
            if (!knownIds.has(m.recipeId))
              fieldErrors[`messages.${i}.recipeId`] = APP_MESSAGES.recipe_unknown[lang];
            else if (m.type === 'review' && !cookedIds.has(m.recipeId))
              fieldErrors[`messages.${i}.recipeId`] = APP_MESSAGES.review_not_cooked[lang];
          });
          const first = Object.values(fieldErrors)[0];
          if (first) {
            const code = first === APP_MESSAGES.recipe_unknown[lang] ? 'recipe_unknown' : 'review_not_cooked';
            throw appError(req, code === 'recipe_unknown' ? 400 : 409, code, { fieldErrors });
          }
          await enqueue(req, user, messages);
          deps.onAccepted?.(deps.activityQueue.name, messages.length);
          return ok(req, { accepted: messages.length }, 202, 'accepted');
        },
      }),
      route({
        method: 'GET',
        url: '/app/v1/recipes/search',
        operationId: 'searchRecipes',
        summary: 'Search the brand’s released recipes by number or name (at most 50 hits and the total)',
        security: 'appToken',
        querystring: appSearchQuerySchema,
        backpressure: true,
        answer: {
          status: 200,
          description: 'The hits and how many there are in all; the search is recorded',
          data: z.object({ list: z.array(recipeHit), total: z.number().int() }),
        },
        refusals: signedIn,
        before: authenticate,
        handle: async (req, _reply, user) => {
          const q = req.query;
          const params = [user.brandOwnerCode, likeContains(q.q), q.lang];
          const where = `brand_owner_code = $1 AND status = 'released' AND (number ILIKE $2 OR names_text ILIKE $2)`;
          const [hits, count] = await Promise.all([
            deps.pool.query<{ recipe_id: string; number: string; name: string }>(
              `SELECT recipe_id::text, number, coalesce(names ->> $3, names ->> main_lang, number) AS name
                 FROM recipe_list WHERE ${where} ORDER BY released_at DESC NULLS LAST, recipe_id LIMIT ${SEARCH_RESULTS}`,
              params,
            ),
            deps.pool.query<{ n: string }>(
              `SELECT count(*) AS n FROM recipe_list WHERE ${where}`,
              params.slice(0, 2),
            ),
          ]);
          const resultCount = Number(count.rows[0]?.n ?? 0);
          await enqueue(req, user, [
            {
              type: 'search',
              messageId: q.messageId ?? randomUUID(),
              at: new Date().toISOString(),
              terms: q.q,
              lang: q.lang,
              resultCount,
            },
          ]);
          const list: AppRecipeHit[] = hits.rows.map((r) => ({
            recipeId: r.recipe_id,
            number: r.number,
            name: r.name,
          }));
          return ok(req, { list, total: resultCount });
        },
      }),
      ...noticeRoutes('/app/v1', {
        pool: deps.pool,
        security: 'appToken',
        reader: async (req) => {
          const user = await auth.authenticate(req);
          return { brandOwnerCode: user.brandOwnerCode, id: user.appUserId };
        },
      }),
    ],
  };
}
