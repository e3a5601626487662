import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  appActivityPostSchema,
  appRegisterSchema,
  appSearchQuerySchema,
  appSignInSchema,
  noticeAckSchema,
  type AppRecipeHit,
  type Envelope,
} from '@kb/contracts';
import { AppAuthError, registerAppUser, signInAppUser, signOutAppUser } from '@kb/devices';
import type { Pool } from '@kb/platform';
import type { z } from 'zod';
import { send } from '../http.js';
import { Backlog, HttpError, readJson, validate } from '../devices/device-api.js';
import { createAppAuth, type AppAuth, type AuthenticatedAppUser } from './app-auth.js';
import { APP_MESSAGES, appError, appLang } from './app-messages.js';
import { appOpenApi } from './app-openapi.js';
import { NOTICE_ACK_LIMIT, noticeRoutes } from '../notices/notice-routes.js';
import { APP_BODY_LIMITS } from './limits.js';

/** App API routes live under this path. */
export const APP_API_PREFIX = '/app/v1/';

const RETRY_AFTER_S = 1;
const SEARCH_RESULTS = 50;

/** A user's text inside LIKE, matched literally. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  jobLockMs: number;
  /** The guard, when the caller shares one with other app routes. */
  auth?: AppAuth;
  /** Hears each accepted batch: its queue and how many messages it held. */
  onAccepted?: (queue: string, messages: number) => void;
}) {
  const auth = deps.auth ?? createAppAuth(deps.pool, deps.authCacheMs);
  const backlog = new Backlog(deps.redis, deps.activityQueue, deps.jobLockMs);

  /** Parses a body or query, turning a refusal into the app's bilingual 400. */
  function parse<S extends z.ZodType>(req: IncomingMessage, schema: S, input: unknown): z.output<S> {
    try {
      return validate(schema, input);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400)
        throw appError(req, 400, 'invalid_body', { ...(error.data as object), detail: error.message });
      throw error;
    }
  }

  async function body(req: IncomingMessage, limit: number): Promise<unknown> {
    try {
      return await readJson(req, limit);
    } catch (error) {
      if (error instanceof HttpError && error.status === 400)
        throw appError(req, 400, 'invalid_body', { detail: error.message });
      throw error;
    }
  }

  async function enqueue(req: IncomingMessage, user: AuthenticatedAppUser, messages: unknown[]) {
    let waitedMs: number;
    try {
      waitedMs = await backlog.waitedMs();
    } catch {
      throw appError(req, 503, 'busy');
    }
    if (waitedMs > deps.maxQueueWaitMs)
      throw appError(
        req,
        503,
        'busy',
        { retryAfterSeconds: RETRY_AFTER_S },
        { 'retry-after': String(RETRY_AFTER_S) },
      );
    try {
      await deps.activityQueue.add('activity-batch', {
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

  const ok = (
    req: IncomingMessage,
    data: unknown,
    status = 200,
    message: keyof typeof APP_MESSAGES = 'ok',
  ) => ({
    status,
    desc: APP_MESSAGES[message][appLang(req)],
    data,
  });

  async function register(req: IncomingMessage): Promise<Envelope> {
    const input = parse(req, appRegisterSchema, await body(req, APP_BODY_LIMITS.auth));
    return ok(req, await registerAppUser(deps.pool, input));
  }

  async function signIn(req: IncomingMessage): Promise<Envelope> {
    const input = parse(req, appSignInSchema, await body(req, APP_BODY_LIMITS.auth));
    return ok(req, await signInAppUser(deps.pool, input));
  }

  async function signOut(req: IncomingMessage): Promise<Envelope> {
    const token = auth.token(req);
    await signOutAppUser(deps.pool, token);
    auth.forget(token);
    return ok(req, null, 200, 'signed_out');
  }

  async function me(req: IncomingMessage): Promise<Envelope> {
    const user = await auth.authenticate(req);
    const { rows } = await deps.pool.query(
      `SELECT id, 'U' || lpad(seq::text, 8, '0') AS number, account, nickname, region, gender, age,
              favourite_count AS "favouriteCount", cook_count AS "cookCount"
         FROM app_users WHERE id = $1`,
      [user.appUserId],
    );
    return ok(req, rows[0]);
  }

  async function activity(req: IncomingMessage): Promise<Envelope> {
    const user = await auth.authenticate(req);
    const { messages } = parse(req, appActivityPostSchema, await body(req, APP_BODY_LIMITS.activity));
    if (new Set(messages.map((m) => m.messageId)).size !== messages.length)
      throw appError(req, 400, 'invalid_body', {
        fieldErrors: { messages: 'every messageId in a batch must be different' },
      });
    // Every recipe named must be the brand's; a review must be of a recipe the user cooked to the end.
    const recipeIds = [...new Set(messages.map((m) => m.recipeId))];
    const reviewed = [...new Set(messages.filter((m) => m.type === 'review').map((m) => m.recipeId))];
    const [known, cooked] = await Promise.all([
      deps.pool.query<{ id: string }>(
        `SELECT recipe_id::text AS id FROM recipe_list WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
        [user.brandOwnerCode, recipeIds],
      ),
      reviewed.length
        ? deps.pool.query<{ id: string }>(
            `SELECT DISTINCT recipe_id::text AS id FROM cooking_sessions
              WHERE app_user_id = $1 AND recipe_id = ANY($2::uuid[]) AND outcome = 'completed'`,
            [user.appUserId, reviewed],
          )
        : Promise.resolve({ rows: [] as { id: string }[] }),
    ]);
    const knownIds = new Set(known.rows.map((r) => r.id));
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
  }

  async function search(req: IncomingMessage, url: URL): Promise<Envelope> {
    const user = await auth.authenticate(req);
    const q = parse(req, appSearchQuerySchema, Object.fromEntries(url.searchParams));
    const params = [user.brandOwnerCode, contains(q.q), q.lang];
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
  }

  /** Answers an /app/v1 request; false when the path is not one of its routes. */
  return async function handle(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const url = new URL(req.url ?? '/', 'http://device-ingest');
    const routes: Record<string, { method: string; run: () => Promise<Envelope> }> = {
      '/app/v1/register': { method: 'POST', run: () => register(req) },
      '/app/v1/sign-in': { method: 'POST', run: () => signIn(req) },
      '/app/v1/sign-out': { method: 'POST', run: () => signOut(req) },
      '/app/v1/me': { method: 'GET', run: () => me(req) },
      '/app/v1/activity': { method: 'POST', run: () => activity(req) },
      '/app/v1/recipes/search': { method: 'GET', run: () => search(req, url) },
      ...noticeRoutes('/app/v1', req, {
        pool: deps.pool,
        reader: async (r) => {
          const user = await auth.authenticate(r);
          return { brandOwnerCode: user.brandOwnerCode, id: user.appUserId };
        },
        readAck: async (r) => parse(r, noticeAckSchema, await body(r, NOTICE_ACK_LIMIT)),
      }),
    };
    if (path === '/app/v1/openapi.json' && req.method === 'GET') {
      const json = JSON.stringify(appOpenApi());
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(json);
      return true;
    }
    const route = routes[path];
    if (!route) return false;
    if (req.method !== route.method) {
      res.setHeader('allow', route.method);
      send(res, { status: 405, desc: 'Method not allowed', data: null });
      return true;
    }
    try {
      send(res, await route.run());
    } catch (caught) {
      let error = caught;
      if (error instanceof AppAuthError)
        error = appError(
          req,
          { brand_unknown: 400, account_taken: 409, credentials_wrong: 401, user_disabled: 403 }[error.code],
          error.code,
        );
      if (!(error instanceof HttpError)) throw error;
      if (error.status === 413) res.setHeader('connection', 'close');
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
      send(res, { status: error.status, desc: error.message, data: error.data });
    }
    return true;
  };
}
