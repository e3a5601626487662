import type pg from 'pg';
import type { AppActivityMessage, CookingSessionMessage } from '@kb/contracts';
import { withTransaction } from '@kb/platform';

/** A search the app API answered, recorded by the workers. */
export interface SearchMessage {
  type: 'search';
  messageId: string;
  at: string;
  terms: string;
  lang: string;
  resultCount: number;
}

/** One message an app user posted (or a search they made), with who they are. */
export interface AppActivityWrite {
  appUserId: string;
  brandOwnerCode: string;
  account: string;
  nickname: string | null;
  region: string | null;
  receivedAt: string;
  message: AppActivityMessage | SearchMessage;
}

/** One cooking session a device posted. */
export interface CookingWrite {
  deviceId: string;
  brandOwnerCode: string;
  receivedAt: string;
  message: CookingSessionMessage;
}

/** Adds deltas to counters, in key order so concurrent writers never deadlock. */
async function addCounts(
  c: pg.PoolClient,
  users: Map<string, { favourites: number; cooks: number }>,
  recipes: Map<string, { brand: string; recipeId: string; favourites: number; cooks: number }>,
): Promise<void> {
  const u = [...users.entries()]
    .filter(([, d]) => d.favourites || d.cooks)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  if (u.length)
    await c.query(
      `UPDATE app_users t SET favourite_count = greatest(0, t.favourite_count + d.f), cook_count = t.cook_count + d.c
         FROM unnest($1::uuid[], $2::int[], $3::int[]) AS d(id, f, c) WHERE t.id = d.id`,
      [u.map(([id]) => id), u.map(([, d]) => d.favourites), u.map(([, d]) => d.cooks)],
    );
  const r = [...recipes.values()]
    .filter((d) => d.favourites || d.cooks)
    .sort((a, b) => (a.brand + a.recipeId < b.brand + b.recipeId ? -1 : 1));
  if (r.length)
    await c.query(
      `INSERT INTO recipe_app_stats AS s (brand_owner_code, recipe_id, favourites, cooks)
       SELECT * FROM unnest($1::text[], $2::uuid[], $3::int[], $4::int[])
       ON CONFLICT (brand_owner_code, recipe_id) DO UPDATE
         SET favourites = greatest(0, s.favourites + EXCLUDED.favourites), cooks = s.cooks + EXCLUDED.cooks`,
      [r.map((d) => d.brand), r.map((d) => d.recipeId), r.map((d) => d.favourites), r.map((d) => d.cooks)],
    );
}

function delta<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (!v) map.set(key, (v = make()));
  return v;
}

/**
 * Stores app activity: favourites (the newest change per user and recipe wins; an older resend changes
 * nothing), reviews into the reviews table and searches into the search records, each (user, message id) once.
 * Favourite counts of users and recipes move by what actually changed. Messages naming a recipe that is not
 * (or no longer) the brand's are dropped.
 */
export async function storeAppActivity(pool: pg.Pool, writes: AppActivityWrite[]): Promise<void> {
  if (!writes.length) return;
  await withTransaction(pool, async (c) => {
    const userIds = [...new Set(writes.map((w) => w.appUserId))].sort();
    // One writer per user at a time: the favourite state read below stays true until this commit.
    await c.query('SELECT pg_advisory_xact_lock(hashtext(id)) FROM unnest($1::text[]) AS id ORDER BY id', [
      userIds,
    ]);
    const users = new Map<string, { favourites: number; cooks: number }>();
    const recipes = new Map<string, { brand: string; recipeId: string; favourites: number; cooks: number }>();

    // Favourites: the newest message per (user, recipe) of this batch.
    const latest = new Map<
      string,
      { w: AppActivityWrite; favourite: boolean; at: string; recipeId: string }
    >();
    for (const w of writes) {
      const m = w.message;
      if (m.type !== 'favourite' && m.type !== 'unfavourite') continue;
      const key = `${w.appUserId}/${m.recipeId}`;
      const prev = latest.get(key);
      if (!prev || Date.parse(m.at) > Date.parse(prev.at))
        latest.set(key, { w, favourite: m.type === 'favourite', at: m.at, recipeId: m.recipeId });
    }
    if (latest.size) {
      const list = [...latest.values()];
      const { rows } = await c.query<{
        app_user_id: string;
        recipe_id: string;
        brand: string;
        was: boolean | null;
        now: boolean;
      }>(
        `WITH input AS (
           SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::bool[], $5::timestamptz[])
             AS i(app_user_id, recipe_id, brand, favourite, at)),
         valid AS (
           SELECT i.* FROM input i
             JOIN recipe_list r ON r.recipe_id = i.recipe_id AND r.brand_owner_code = i.brand),
         old AS (
           SELECT f.app_user_id, f.recipe_id, f.favourite FROM app_favourites f
             JOIN valid v ON v.app_user_id = f.app_user_id AND v.recipe_id = f.recipe_id),
         up AS (
           INSERT INTO app_favourites AS f (app_user_id, recipe_id, brand_owner_code, favourite, changed_at)
           SELECT app_user_id, recipe_id, brand, favourite, at FROM valid
           ON CONFLICT (app_user_id, recipe_id) DO UPDATE
             SET favourite = EXCLUDED.favourite, changed_at = EXCLUDED.changed_at
             WHERE f.changed_at < EXCLUDED.changed_at
           RETURNING f.app_user_id, f.recipe_id, f.brand_owner_code, f.favourite)
         SELECT up.app_user_id, up.recipe_id, up.brand_owner_code AS brand, old.favourite AS was, up.favourite AS now
           FROM up LEFT JOIN old ON old.app_user_id = up.app_user_id AND old.recipe_id = up.recipe_id`,
        [
          list.map((l) => l.w.appUserId),
          list.map((l) => l.recipeId),
          list.map((l) => l.w.brandOwnerCode),
          list.map((l) => l.favourite),
          list.map((l) => l.at),
        ],
      );
      for (const row of rows) {
        const d = (row.now ? 1 : 0) - (row.was ? 1 : 0);
        if (!d) continue;
        delta(users, row.app_user_id, () => ({ favourites: 0, cooks: 0 })).favourites += d;
        delta(recipes, `${row.brand}/${row.recipe_id}`, () => ({
          brand: row.brand,
          recipeId: row.recipe_id,
          favourites: 0,
          cooks: 0,
        })).favourites += d;
      }
    }

    const reviews = writes.filter((w) => w.message.type === 'review');
    if (reviews.length) {
      const m = reviews.map((w) => w.message as Extract<AppActivityMessage, { type: 'review' }>);
      await c.query(
        `INSERT INTO recipe_evaluations (brand_owner_code, recipe_id, sn, user_account, user_nickname, score,
                                         content, evaluated_at, app_user_id, message_id)
         SELECT i.brand, i.recipe_id,
                coalesce(i.sn, (SELECT s.sn FROM cooking_sessions s WHERE s.app_user_id = i.app_user_id
                                   AND s.recipe_id = i.recipe_id ORDER BY s.started_at DESC LIMIT 1), ''),
                i.account, coalesce(i.nickname, ''), i.score, i.content, i.at, i.app_user_id, i.message_id
           FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::int[], $7::text[],
                       $8::timestamptz[], $9::uuid[], $10::text[])
             AS i(brand, recipe_id, sn, account, nickname, score, content, at, app_user_id, message_id)
           JOIN recipe_list r ON r.recipe_id = i.recipe_id AND r.brand_owner_code = i.brand
         ON CONFLICT (app_user_id, message_id) WHERE app_user_id IS NOT NULL DO NOTHING`,
        [
          reviews.map((w) => w.brandOwnerCode),
          m.map((x) => x.recipeId),
          m.map((x) => x.sn ?? null),
          reviews.map((w) => w.account),
          reviews.map((w) => w.nickname),
          m.map((x) => x.score),
          m.map((x) => x.content),
          m.map((x) => x.at),
          reviews.map((w) => w.appUserId),
          m.map((x) => x.messageId),
        ],
      );
    }

    const searches = writes.filter((w) => w.message.type === 'search');
    if (searches.length) {
      const m = searches.map((w) => w.message as SearchMessage);
      await c.query(
        `INSERT INTO app_search_records (brand_owner_code, app_user_id, message_id, account, nickname, terms, lang,
                                         result_count, region, searched_at)
         SELECT * FROM unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
                              $8::int[], $9::text[], $10::timestamptz[])
         ON CONFLICT (app_user_id, message_id) DO NOTHING`,
        [
          searches.map((w) => w.brandOwnerCode),
          searches.map((w) => w.appUserId),
          m.map((x) => x.messageId),
          searches.map((w) => w.account),
          searches.map((w) => w.nickname),
          m.map((x) => x.terms),
          m.map((x) => x.lang),
          m.map((x) => x.resultCount),
          searches.map((w) => w.region),
          m.map((x) => x.at),
        ],
      );
    }
    await addCounts(c, users, recipes);
  });
}

/**
 * Stores cooking sessions, each (device, message id) once, for the app user bound to the device at that time.
 * A completed session counts as a cook: of the user, of the recipe, and of the recipe on its day.
 */
export async function storeCookingSessions(pool: pg.Pool, writes: CookingWrite[]): Promise<void> {
  if (!writes.length) return;
  await withTransaction(pool, async (c) => {
    const m = writes.map((w) => w.message);
    const { rows } = await c.query<{
      app_user_id: string | null;
      recipe_id: string;
      brand_owner_code: string;
      day: string;
    }>(
      `INSERT INTO cooking_sessions (device_id, message_id, brand_owner_code, sn, app_user_id, recipe_id,
                                     recipe_version, mode, started_at, ended_at, outcome)
       SELECT i.device_id, i.message_id, i.brand, d.sn, d.app_user_id, i.recipe_id, i.recipe_version, i.mode,
              i.started_at, i.ended_at, i.outcome
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::int[], $6::text[], $7::timestamptz[],
                     $8::timestamptz[], $9::text[])
           AS i(device_id, message_id, brand, recipe_id, recipe_version, mode, started_at, ended_at, outcome)
         JOIN devices d ON d.id = i.device_id AND d.brand_owner_code = i.brand
         JOIN recipe_list r ON r.recipe_id = i.recipe_id AND r.brand_owner_code = i.brand
       ON CONFLICT (device_id, message_id) DO NOTHING
       RETURNING app_user_id, recipe_id, brand_owner_code,
                 CASE WHEN outcome = 'completed' THEN (ended_at AT TIME ZONE 'UTC')::date::text END AS day`,
      [
        writes.map((w) => w.deviceId),
        m.map((x) => x.messageId),
        writes.map((w) => w.brandOwnerCode),
        m.map((x) => x.recipeId),
        m.map((x) => x.recipeVersion),
        m.map((x) => x.mode),
        m.map((x) => x.startedAt),
        m.map((x) => x.endedAt),
        m.map((x) => x.outcome),
      ],
    );
    const users = new Map<string, { favourites: number; cooks: number }>();
    const recipes = new Map<string, { brand: string; recipeId: string; favourites: number; cooks: number }>();
    const days = new Map<string, { brand: string; day: string; recipeId: string; cooks: number }>();
    for (const row of rows) {
      if (!row.day) continue;
      if (row.app_user_id) delta(users, row.app_user_id, () => ({ favourites: 0, cooks: 0 })).cooks++;
      delta(recipes, `${row.brand_owner_code}/${row.recipe_id}`, () => ({
        brand: row.brand_owner_code,
        recipeId: row.recipe_id,
        favourites: 0,
        cooks: 0,
      })).cooks++;
      delta(days, `${row.brand_owner_code}/${row.day}/${row.recipe_id}`, () => ({
        brand: row.brand_owner_code,
        day: row.day,
        recipeId: row.recipe_id,
        cooks: 0,
      })).cooks++;
    }
    await addCounts(c, users, recipes);
    const d = [...days.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
    if (d.length)
      await c.query(
        `INSERT INTO recipe_cook_daily AS t (brand_owner_code, day, recipe_id, cooks)
         SELECT * FROM unnest($1::text[], $2::date[], $3::uuid[], $4::int[])
         ON CONFLICT (brand_owner_code, day, recipe_id) DO UPDATE SET cooks = t.cooks + EXCLUDED.cooks`,
        [d.map((x) => x.brand), d.map((x) => x.day), d.map((x) => x.recipeId), d.map((x) => x.cooks)],
      );
  });
}
