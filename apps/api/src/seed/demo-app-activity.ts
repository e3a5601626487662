import type pg from 'pg';
import {
  hashAppPassword,
  storeAppActivity,
  storeCookingSessions,
  type AppActivityWrite,
  type CookingWrite,
} from '@kb/devices';

/** The app password of the demo app users that registered in the app (README). */
export const DEMO_APP_PASSWORD = 'app12345';

/** Released demo recipes (modules/recipes/seed/demo-recipes.ts) the demo app users cooked: [id, cooks]. */
const COOKED: Record<string, [string, number][]> = {
  DEMO: [
    ['5e0c1a2b-0001-4d10-8a00-00000000d001', 3],
    ['5e0c1a2b-0002-4d10-8a00-00000000d002', 1],
  ],
  OTHER: [['5e0c1a2b-0101-4d10-8a00-00000000d101', 1]],
};

const SEARCHES: Record<string, [string, string, number][]> = {
  DEMO: [
    ['牛腩', 'zh', 1],
    ['番茄', 'zh', 1],
    ['brisket', 'en', 1],
    ['蛋糕', 'zh', 0],
  ],
  OTHER: [['soup', 'en', 1]],
};

/**
 * A fresh demo's app activity, through the same writes device-ingest makes: the users bound to the seeded
 * devices registered in the app (except one per brand, left unregistered), cooked the released demo recipes on
 * their devices over the last days, favourited them and searched. Seeds a brand only when it has no cooking
 * session yet, so restarts keep what the simulator added.
 */
export async function seedDemoAppActivity(pool: pg.Pool): Promise<void> {
  const hash = await hashAppPassword(DEMO_APP_PASSWORD);
  for (const brand of Object.keys(COOKED)) {
    const has = await pool.query('SELECT 1 FROM cooking_sessions WHERE brand_owner_code = $1 LIMIT 1', [
      brand,
    ]);
    if (has.rowCount) continue;
    const { rows: bound } = await pool.query<{
      device_id: string;
      app_user_id: string;
      account: string;
      nickname: string | null;
      region: string | null;
    }>(
      `SELECT d.id AS device_id, u.id AS app_user_id, u.account, u.nickname, u.region
         FROM devices d JOIN app_users u ON u.id = d.app_user_id
        WHERE d.brand_owner_code = $1 ORDER BY d.sn`,
      [brand],
    );
    if (!bound.length) continue;
    await pool.query(
      `UPDATE app_users SET password_hash = $2, signed_up_at = registered_at
        WHERE id = ANY($1::uuid[]) AND password_hash IS NULL`,
      [bound.slice(1).map((b) => b.app_user_id), hash],
    );
    const now = Date.now();
    const day = 24 * 3600_000;
    const cooking: CookingWrite[] = [];
    const activity: AppActivityWrite[] = [];
    let n = 0;
    for (const [recipeId, cooks] of COOKED[brand]!) {
      for (let k = 0; k < cooks; k++) {
        const user = bound[(n + k) % bound.length]!;
        const startedAt = new Date(now - (k + 1) * 2 * day).toISOString();
        cooking.push({
          deviceId: user.device_id,
          brandOwnerCode: brand,
          receivedAt: startedAt,
          message: {
            messageId: `seed-cook-${recipeId}-${k}`,
            recipeId,
            recipeVersion: 1,
            mode: 'BOIL',
            startedAt,
            endedAt: new Date(Date.parse(startedAt) + 40 * 60_000).toISOString(),
            outcome: 'completed',
          },
        });
        activity.push({
          ...who(user, brand, startedAt),
          message: { type: 'favourite', messageId: `seed-fav-${recipeId}`, at: startedAt, recipeId },
        });
      }
      n++;
    }
    SEARCHES[brand]!.forEach(([terms, lang, resultCount], k) => {
      const user = bound[k % bound.length]!;
      const at = new Date(now - (k + 1) * 3600_000).toISOString();
      activity.push({
        ...who(user, brand, at),
        message: { type: 'search', messageId: `seed-search-${k}`, at, terms, lang, resultCount },
      });
    });
    await storeCookingSessions(pool, cooking);
    await storeAppActivity(pool, activity);
  }
}

function who(
  user: { app_user_id: string; account: string; nickname: string | null; region: string | null },
  brand: string,
  at: string,
) {
  return {
    appUserId: user.app_user_id,
    brandOwnerCode: brand,
    account: user.account,
    nickname: user.nickname,
    region: user.region,
    receivedAt: at,
  };
}
