import type pg from 'pg';

/** [review id, brand, recipe id, SN, account, nickname, score, content, days ago] */
type DemoReview = [string, string, string, string, string, string, number, string, number];

// Reviews of released demo recipes (ids of modules/recipes/seed/demo-recipes.ts), so /recipe-detail and
// /user-evaluation-list show something on a fresh start; OTHER has its own, which DEMO must never see.
const DEMO_REVIEWS: DemoReview[] = [
  [
    '7e0c1a2b-0001-4d10-8a00-00000000e001',
    'DEMO',
    '5e0c1a2b-0001-4d10-8a00-00000000d001',
    'SN-TM6-000123',
    'lily@example.com',
    '莉莉',
    5,
    '牛腩软烂，番茄味很足，全家都爱吃。',
    6,
  ],
  [
    '7e0c1a2b-0002-4d10-8a00-00000000e002',
    'DEMO',
    '5e0c1a2b-0001-4d10-8a00-00000000d001',
    'SN-TM6-000456',
    'zhangwei',
    '张伟',
    4,
    '味道不错，下次少放点盐。',
    3,
  ],
  [
    '7e0c1a2b-0003-4d10-8a00-00000000e003',
    'DEMO',
    '5e0c1a2b-0001-4d10-8a00-00000000d001',
    'SN-TM6-000789',
    'tom@example.com',
    'Tom',
    5,
    'Easy to follow, the machine did everything.',
    1,
  ],
  [
    '7e0c1a2b-0004-4d10-8a00-00000000e004',
    'DEMO',
    '5e0c1a2b-0002-4d10-8a00-00000000d002',
    'SN-AF5-000321',
    'lily@example.com',
    '莉莉',
    3,
    '',
    2,
  ],
  [
    '7e0c1a2b-0101-4d10-8a00-00000000e101',
    'OTHER',
    '5e0c1a2b-0101-4d10-8a00-00000000d101',
    'SN-OT-900001',
    'anna@example.de',
    'Anna',
    4,
    'Lecker und schnell.',
    4,
  ],
];

/** Seeds the demo reviews (`SEED_DEMO=true`); idempotent by their fixed ids, a changed or deleted one stays so. */
export async function seedDemoReviews(pool: pg.Pool): Promise<void> {
  const seeded = await pool.query('SELECT 1 FROM recipe_evaluations WHERE id = ANY($1::uuid[]) LIMIT 1', [
    DEMO_REVIEWS.map(([id]) => id),
  ]);
  if (seeded.rowCount) return;
  for (const [id, brand, recipeId, sn, account, nickname, score, content, daysAgo] of DEMO_REVIEWS) {
    await pool.query(
      `INSERT INTO recipe_evaluations (id, brand_owner_code, recipe_id, sn, user_account, user_nickname, score, content, evaluated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() - make_interval(days => $9)) ON CONFLICT (id) DO NOTHING`,
      [id, brand, recipeId, sn, account, nickname, score, content, daysAgo],
    );
  }
}
