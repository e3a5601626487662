import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue } from 'bullmq';
import ExcelJS from 'exceljs';
import {
  appActivityMigrations,
  deviceMigrations,
  notifyAppUserSignOut,
  setDeviceBrandSettings,
} from '@kb/devices';
import {
  bullmqPrefix,
  createPool,
  createRedisConnection,
  deleteKeysWithPrefix,
  insertJobRun,
  jobRunsMigrations,
  migrate,
  withTransaction,
  type Pool,
} from '@kb/platform';
import { createTestDatabase, eventually, testRedisEnv, type TestDatabase } from '@kb/testing';
import { loadConfig } from '../config.js';
import { startIngest, type RunningIngest } from '../ingest.js';
import { createAppAuth, listenForAppUserSignOuts } from './app-auth.js';
import { APP_ACTIVITY_QUEUE, COOKING_QUEUE } from './app-workers.js';

/*
 * The companion app's API and the cooking sessions of the device API on the real Redis and Postgres: register
 * and sign in per brand, the disabled user refused in zh and en, favourites and reviews stored once however
 * often resent, searches recorded, and cooking sessions counted for the device's app user.
 */

const KEY = 'test-activation-key-app';
const RECIPE = randomUUID();
const OTHER_RECIPE = randomUUID();

/** The tables the API owns that the app API reads (only the columns used here). */
async function prepareDatabase(pool: Pool) {
  await pool.query(`
    CREATE TABLE brands (code text PRIMARY KEY);
    INSERT INTO brands VALUES ('DEMO'), ('OTHER');
    CREATE TABLE brand_products (brand_owner_code text, product_code text, PRIMARY KEY (brand_owner_code, product_code));
    CREATE TABLE sub_brand_products (brand_owner_code text, sub_brand_code text, product_code text,
                                     customer_model text, PRIMARY KEY (brand_owner_code, sub_brand_code, product_code));
    INSERT INTO brand_products VALUES ('DEMO', 'TM-6');
    CREATE TABLE recipe_list (recipe_id uuid, brand_owner_code text, number text, names jsonb, names_text text,
                              main_lang text, status text, released_at timestamptz);
    INSERT INTO recipe_list VALUES
      ('${RECIPE}', 'DEMO', 'R001', '{"zh":"番茄炒蛋","en":"Tomato eggs"}', E'番茄炒蛋\\nTomato eggs', 'zh', 'released', now()),
      ('${OTHER_RECIPE}', 'OTHER', 'R001', '{"zh":"别家","en":"Other brand"}', E'别家\\nOther brand', 'zh', 'released', now());
    CREATE TABLE recipe_evaluations (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), brand_owner_code text NOT NULL,
      recipe_id uuid NOT NULL, sn text NOT NULL, user_account text NOT NULL, user_nickname text NOT NULL DEFAULT '',
      score smallint NOT NULL, content text NOT NULL DEFAULT '', evaluated_at timestamptz NOT NULL DEFAULT now());`);
  await migrate(pool, [...deviceMigrations, ...appActivityMigrations, ...jobRunsMigrations]);
  await setDeviceBrandSettings(pool, 'DEMO', { activationKey: KEY });
}

describe('app API and cooking sessions', () => {
  let db: TestDatabase;
  let pool: Pool;
  let ingest: RunningIngest;
  let base: string;
  let filesDir: string;
  const redisPrefix = `kbtest-app-${randomBytes(4).toString('hex')}:`;
  // With TEST_REDIS_CLUSTER=true: a Redis Cluster of the suite's own.
  let redisEnv: Awaited<ReturnType<typeof testRedisEnv>>;
  const connect = (name: string) =>
    createRedisConnection(
      { url: redisEnv.env.REDIS_URL, clusterNodes: redisEnv.env.REDIS_CLUSTER_NODES },
      'worker',
      name,
    );

  beforeAll(async () => {
    redisEnv = await testRedisEnv();
    if (redisEnv.env.REDIS_CLUSTER_NODES) process.env.REDIS_CLUSTER_NODES = redisEnv.env.REDIS_CLUSTER_NODES;
    else delete process.env.REDIS_CLUSTER_NODES;
    db = await createTestDatabase('kbappapi');
    pool = createPool(db.url, { max: 4 });
    await prepareDatabase(pool);
    filesDir = await mkdtemp(path.join(tmpdir(), 'kb-app-export-'));
    ingest = await startIngest(
      loadConfig({
        INGEST_PORT: '0',
        REDIS_URL: redisEnv.env.REDIS_URL,
        REDIS_PREFIX: redisPrefix,
        LOG_LEVEL: 'silent',
        INGEST_AUTH_CACHE_MS: '0',
        DATABASE_URL: db.url,
        FILES_DIR: filesDir,
      }),
    );
    base = `http://127.0.0.1:${ingest.port}`;
  });

  afterAll(async () => {
    await ingest?.stop();
    await pool?.end();
    await db?.drop();
    const redis = connect('app-api-spec-cleanup');
    await deleteKeysWithPrefix(redis, redisPrefix);
    await redis.quit();
    delete process.env.REDIS_CLUSTER_NODES;
    await redisEnv?.stop();
    await rm(filesDir, { recursive: true, force: true });
  });

  /**
   * Every post accepted so far on the queue `name` has been worked (an accepted post is queued before its 202):
   * none waits, is delayed or runs. What a resent message did not change can be asserted then.
   */
  async function worked(name: string) {
    const connection = connect(`app-api-spec-${name}`);
    const queue = new Queue(name, { connection, prefix: bullmqPrefix(redisPrefix) });
    try {
      await eventually(
        () => queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active'),
        (counts) => Object.values(counts).every((n) => n === 0),
      );
    } finally {
      await queue.close();
      await connection.quit();
    }
  }

  async function call(
    route: string,
    body?: unknown,
    headers: Record<string, string> = {},
    method = body === undefined ? 'GET' : 'POST',
  ) {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { http: res.status, ...((await res.json()) as { status: number; desc: string; data: any }) };
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const userRow = async (account: string) =>
    (await pool.query('SELECT * FROM app_users WHERE account = $1', [account])).rows[0];

  it('registers and signs in per brand with the user’s own password, and refuses a second registration', async () => {
    const reg = await call('/app/v1/register', {
      brandOwnerCode: 'DEMO',
      account: 'amy@example.com',
      password: 'secret-123',
      nickname: 'Amy',
      region: 'CN',
    });
    expect(reg).toMatchObject({
      http: 200,
      data: { token: expect.any(String), user: { number: expect.stringMatching(/^U\d{8}$/) } },
    });
    expect((await userRow('amy@example.com')).password_hash).toMatch(/^scrypt\$/);
    expect(
      await call('/app/v1/register', {
        brandOwnerCode: 'DEMO',
        account: 'amy@example.com',
        password: 'another-123',
      }),
    ).toMatchObject({ http: 409, data: { code: 'account_taken' } });
    // The same account in another brand is another user.
    expect(
      await call('/app/v1/register', {
        brandOwnerCode: 'OTHER',
        account: 'amy@example.com',
        password: 'secret-123',
      }),
    ).toMatchObject({ http: 200 });
    const wrong = await call(
      '/app/v1/sign-in',
      { brandOwnerCode: 'DEMO', account: 'amy@example.com', password: 'nope-nope' },
      { 'accept-language': 'en' },
    );
    expect(wrong).toMatchObject({ http: 401, desc: 'Wrong account or password' });
    const signIn = await call('/app/v1/sign-in', {
      brandOwnerCode: 'DEMO',
      account: 'amy@example.com',
      password: 'secret-123',
    });
    expect(signIn.http).toBe(200);
    expect(await call('/app/v1/me', undefined, bearer(signIn.data.token))).toMatchObject({
      http: 200,
      data: { account: 'amy@example.com', nickname: 'Amy', favouriteCount: 0 },
    });
    expect(
      await call('/app/v1/register', { brandOwnerCode: 'DEMO', account: '', password: 'x' }),
    ).toMatchObject({
      http: 400,
      desc: '请求内容有误',
      data: { messages: { en: 'The request is not valid' } },
    });
  });

  it('refuses a disabled user with a clear message in the app’s language, at sign-in and on every call', async () => {
    const { data } = await call('/app/v1/register', {
      brandOwnerCode: 'DEMO',
      account: 'bob',
      password: 'secret-123',
    });
    await pool.query(`UPDATE app_users SET disabled = true WHERE account = 'bob'`);
    expect(await call('/app/v1/me', undefined, bearer(data.token))).toMatchObject({
      http: 403,
      desc: '该账号已被停用，请联系客服',
      data: {
        code: 'user_disabled',
        messages: { en: 'This account has been disabled; contact customer service' },
      },
    });
    expect(
      await call(
        '/app/v1/sign-in',
        { brandOwnerCode: 'DEMO', account: 'bob', password: 'secret-123' },
        { 'accept-language': 'en-US,en' },
      ),
    ).toMatchObject({ http: 403, desc: 'This account has been disabled; contact customer service' });
    expect(await call('/app/v1/me', undefined, bearer('not-a-real-token-at-all-xxxx'))).toMatchObject({
      http: 401,
    });
  });

  it('drops a trusted token at once when the console disables or deletes its user, and only then', async () => {
    // The app API trusts a checked token for a while; the console's sign-out (disable, delete) must end that.
    const auth = createAppAuth(pool, 600_000);
    const listener = listenForAppUserSignOuts(db.url, auth, () => undefined);
    try {
      const request = (token: string) => ({ headers: bearer(token) }) as unknown as IncomingMessage;
      const session = async (account: string) =>
        (await call('/app/v1/register', { brandOwnerCode: 'DEMO', account, password: 'secret-123' })).data
          .token as string;
      const [kept, disabled] = [await session('dora'), await session('ed')];
      await listener.ready;
      await auth.authenticate(request(kept));
      await auth.authenticate(request(disabled));
      // Disabled as the console does it: the token is refused within moments, not after the cache time.
      await withTransaction(pool, async (c) => {
        const { rows } = await c.query<{ id: string }>(
          `UPDATE app_users SET disabled = true WHERE account = 'ed' RETURNING id`,
        );
        await notifyAppUserSignOut(c, [rows[0]!.id]);
      });
      for (let i = 0; ; i++) {
        const refused = await auth.authenticate(request(disabled)).then(
          () => null,
          (error: { status?: number }) => error.status,
        );
        if (refused === 403) break;
        if (i > 50) throw new Error('the sign-out was never heard');
        await new Promise((r) => setTimeout(r, 100));
      }
      // Without a notification the cache holds: a session deleted behind its back is still trusted.
      await pool.query(
        `DELETE FROM app_user_sessions WHERE app_user_id = (SELECT id FROM app_users WHERE account = 'dora')`,
      );
      expect((await auth.authenticate(request(kept))).account).toBe('dora');
    } finally {
      await listener.close();
    }
  });

  it('stores favourites once however often resent, newest change wins, and counts them per user and recipe', async () => {
    const { data } = await call('/app/v1/register', {
      brandOwnerCode: 'DEMO',
      account: 'cat',
      password: 'secret-123',
    });
    const h = bearer(data.token);
    const fav = {
      type: 'favourite',
      messageId: 'f1',
      at: new Date(Date.now() - 2000).toISOString(),
      recipeId: RECIPE,
    };
    expect(await call('/app/v1/activity', { messages: [fav] }, h)).toMatchObject({
      http: 202,
      data: { accepted: 1 },
    });
    expect(await call('/app/v1/activity', { messages: [fav] }, h)).toMatchObject({ http: 202 });
    const stats = () => pool.query('SELECT favourites FROM recipe_app_stats WHERE recipe_id = $1', [RECIPE]);
    expect((await eventually(stats, (r) => r.rows[0]?.favourites === 1)).rows[0].favourites).toBe(1);
    await worked(APP_ACTIVITY_QUEUE);
    expect((await stats()).rows[0].favourites).toBe(1);
    expect((await userRow('cat')).favourite_count).toBe(1);
    // Unfavourite, then the old favourite arrives again: it stays unfavoured.
    const unfav = { type: 'unfavourite', messageId: 'f2', at: new Date().toISOString(), recipeId: RECIPE };
    await call('/app/v1/activity', { messages: [unfav] }, h);
    await eventually(stats, (r) => r.rows[0]?.favourites === 0);
    await call('/app/v1/activity', { messages: [{ ...fav, messageId: 'f1-again' }] }, h);
    await worked(APP_ACTIVITY_QUEUE);
    expect((await stats()).rows[0].favourites).toBe(0);
    expect((await userRow('cat')).favourite_count).toBe(0);
    // Another brand's recipe is refused, with the field named.
    expect(
      await call('/app/v1/activity', { messages: [{ ...fav, messageId: 'x', recipeId: OTHER_RECIPE }] }, h),
    ).toMatchObject({ http: 400, data: { fieldErrors: { 'messages.0.recipeId': '菜谱不存在' } } });
  });

  it('records each search with its terms, language, result count and the user’s region, once per message id', async () => {
    const { data } = await call('/app/v1/register', {
      brandOwnerCode: 'DEMO',
      account: 'dan',
      password: 'secret-123',
      region: 'US',
    });
    const hit = await call(
      '/app/v1/recipes/search?q=tomato&lang=en&messageId=s1',
      undefined,
      bearer(data.token),
    );
    expect(hit).toMatchObject({
      http: 200,
      data: { total: 1, list: [{ recipeId: RECIPE, name: 'Tomato eggs' }] },
    });
    await call('/app/v1/recipes/search?q=tomato&lang=en&messageId=s1', undefined, bearer(data.token));
    await call('/app/v1/recipes/search?q=pizza&lang=en', undefined, bearer(data.token));
    const records = () =>
      pool.query(
        `SELECT terms, lang, result_count, region FROM app_search_records WHERE account = 'dan' ORDER BY searched_at, seq`,
      );
    expect((await eventually(records, (r) => r.rows.length === 2)).rows).toEqual([
      { terms: 'tomato', lang: 'en', result_count: 1, region: 'US' },
      { terms: 'pizza', lang: 'en', result_count: 0, region: 'US' },
    ]);
  });

  it('counts a completed cooking session for the device’s app user and recipe; a review needs a cooked recipe', async () => {
    const { data } = await call('/app/v1/register', {
      brandOwnerCode: 'DEMO',
      account: 'eve',
      password: 'secret-123',
    });
    const device = await call(
      '/device/v1/activate',
      { sn: 'cook-1', productCode: 'TM-6', user: { account: 'eve' } },
      { 'x-activation-key': KEY },
    );
    expect(device.http).toBe(200);
    expect((await userRow('eve')).device_count).toBe(1);
    const review = {
      type: 'review',
      messageId: 'r1',
      at: new Date().toISOString(),
      recipeId: RECIPE,
      score: 4,
      content: '好吃',
    };
    expect(await call('/app/v1/activity', { messages: [review] }, bearer(data.token))).toMatchObject({
      http: 409,
      data: { code: 'review_not_cooked' },
    });
    const start = Date.now() - 600_000;
    const session = (messageId: string, outcome: string) => ({
      messageId,
      recipeId: RECIPE,
      recipeVersion: 3,
      mode: 'boil',
      startedAt: new Date(start).toISOString(),
      endedAt: new Date(start + 300_000).toISOString(),
      outcome,
    });
    const cook = (messages: unknown[]) =>
      call('/device/v1/cooking', { messages }, bearer(device.data.credential));
    expect(await cook([session('c1', 'completed'), session('c2', 'aborted')])).toMatchObject({ http: 202 });
    expect(await cook([session('c1', 'completed')])).toMatchObject({ http: 202 });
    const sessions = () =>
      pool.query(`SELECT outcome FROM cooking_sessions WHERE sn = 'COOK-1' ORDER BY message_id`);
    expect((await eventually(sessions, (r) => r.rows.length === 2)).rows.map((r) => r.outcome)).toEqual([
      'completed',
      'aborted',
    ]);
    await worked(COOKING_QUEUE);
    expect((await userRow('eve')).cook_count).toBe(1);
    const stats = await pool.query('SELECT cooks FROM recipe_app_stats WHERE recipe_id = $1', [RECIPE]);
    expect(stats.rows[0].cooks).toBe(1);
    const daily = await pool.query(
      'SELECT sum(cooks)::int AS n FROM recipe_cook_daily WHERE recipe_id = $1',
      [RECIPE],
    );
    expect(daily.rows[0].n).toBe(1);

    expect(await call('/app/v1/activity', { messages: [review] }, bearer(data.token))).toMatchObject({
      http: 202,
    });
    await call('/app/v1/activity', { messages: [review] }, bearer(data.token));
    const reviews = () =>
      pool.query(`SELECT sn, score, content FROM recipe_evaluations WHERE user_account = 'eve'`);
    expect((await eventually(reviews, (r) => r.rows.length > 0)).rows).toEqual([
      { sn: 'COOK-1', score: 4, content: '好吃' },
    ]);
    await worked(APP_ACTIVITY_QUEUE);
    expect((await reviews()).rows).toHaveLength(1);
  });

  it('documents the app API and the cooking route', async () => {
    const app = (await (await fetch(`${base}/app/v1/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(app.paths)).toEqual(
      expect.arrayContaining([
        '/app/v1/register',
        '/app/v1/sign-in',
        '/app/v1/activity',
        '/app/v1/recipes/search',
      ]),
    );
    const device = (await (await fetch(`${base}/device/v1/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    expect(device.paths['/device/v1/cooking']).toBeDefined();
  });

  it('exports the filtered search records to CSV and xlsx as a job, in batches, with progress to the end', async () => {
    const { rows } = await pool.query(`SELECT id FROM app_users WHERE account = 'dan'`);
    await pool.query(
      `INSERT INTO app_search_records (brand_owner_code, app_user_id, message_id, account, nickname, terms, lang,
                                       result_count, region, searched_at)
       SELECT 'DEMO', $1, 'bulk-' || i, 'dan', 'Dan', CASE WHEN i % 2 = 0 THEN 'soup ' || i ELSE '=cmd' END,
              'en', i % 3, 'US', now() - make_interval(secs => i)
         FROM generate_series(1, 12000) i`,
      [rows[0].id],
    );
    // A connection handed to BullMQ stays ours to close (queue.close() leaves it open).
    const connection = connect('app-api-spec');
    const queue = new Queue('search-record-export', {
      connection,
      prefix: bullmqPrefix(redisPrefix),
    });
    const run = async (format: 'csv' | 'xlsx', filter: Record<string, unknown>, runId = randomUUID()) => {
      await insertJobRun(pool, {
        id: runId,
        kind: 'search-record-export',
        brandOwnerCode: 'DEMO',
        startedBy: 'demo',
      });
      await queue.add(
        'export-records',
        {
          brandOwnerCode: 'DEMO',
          actor: 'demo',
          correlationId: randomUUID(),
          runId,
          format,
          lang: 'en',
          filter,
        },
        { jobId: runId },
      );
      return eventually(
        async () => (await pool.query('SELECT * FROM job_runs WHERE id = $1', [runId])).rows[0],
        (r) => r.state === 'succeeded' || r.state === 'failed',
        60_000,
      );
    };
    const exportAs = async (format: 'csv' | 'xlsx', filter: Record<string, unknown>) => {
      const done = await run(format, filter);
      expect(done).toMatchObject({ state: 'succeeded' });
      expect(done.progress_done).toBe(done.progress_total);
      return path.join(filesDir, done.output_path as string);
    };
    try {
      const csv = (await readFile(await exportAs('csv', { terms: 'soup', lang: 'en' }), 'utf8')).split(
        '\r\n',
      );
      expect(csv[0]).toBe('\ufeffSearch terms,Account,Nickname,Language,Results,Region,Searched at');
      expect(csv.filter(Boolean)).toHaveLength(6001);
      expect(csv[1]).toMatch(/^soup 12000,dan,Dan,en,0,US,/);
      const all = await exportAs('xlsx', {});
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(all);
      const sheet = book.worksheets[0]!;
      // The 12,000 bulk rows and the two searches of the earlier test; a formula-like term stays text.
      expect(sheet.rowCount).toBe(12_003);
      expect(sheet.getRow(1).getCell(1).value).toBe('Search terms');
      expect(String(sheet.getRow(3).getCell(1).value)).toBe('=cmd');

      // The export runs in a thread of its own: a failure there (a file where its folder should be) fails the
      // run with the reason, leaves no file behind, and the worker goes on with the next export.
      const blocked = randomUUID();
      await mkdir(path.join(filesDir, 'DEMO', 'jobs'), { recursive: true });
      await writeFile(path.join(filesDir, 'DEMO', 'jobs', blocked), 'in the way');
      const failed = await run('csv', {}, blocked);
      expect(failed).toMatchObject({
        state: 'failed',
        error_code: 'search_record_export_failed',
        output_path: null,
      });
      expect(failed.error_params.reason).toMatch(/EEXIST|ENOTDIR/);
      await expect(readFile(path.join(filesDir, 'DEMO', 'jobs', blocked), 'utf8')).resolves.toBe(
        'in the way',
      );
      const next = (await readFile(await exportAs('csv', { terms: 'soup 12000' }), 'utf8')).split('\r\n');
      expect(next.filter(Boolean)).toHaveLength(2);
    } finally {
      await queue.close();
      await connection.quit();
    }
  });
});
