import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Queue } from 'bullmq';
import { deviceMigrations, revokeCredentials, setDeviceBrandSettings } from '@kb/devices';
import { telemetryPostSchema } from '@kb/contracts';
import {
  bullmqPrefix,
  checkedMark,
  createPool,
  createRedisConnection,
  deleteKeysWithPrefix,
  migrate,
  type Pool,
  type RedisConnection,
} from '@kb/platform';
import {
  createTestDatabase,
  eventually,
  startRedisCluster,
  testRedisEnv,
  type RedisCluster,
  type TestDatabase,
} from '@kb/testing';
import { loadConfig } from '../config.js';
import { startIngest, type RunningIngest } from '../ingest.js';

/*
 * The device API and the device workers on the real Redis and Postgres: activation and credentials, body
 * validation, idempotent resends, out-of-order posts, online → offline, and a worker process killed mid-load.
 * With TEST_REDIS_CLUSTER=true all of it runs on a Redis Cluster of the suite's own (three masters).
 */

const DEMO_KEY = 'test-activation-key-demo';
const OTHER_KEY = 'test-activation-key-other';
const appDir = path.resolve(import.meta.dirname, '../..');

/** The reference tables activation reads (the API owns them; only the columns used here). */
async function prepareDatabase(pool: Pool) {
  await pool.query(`
    CREATE TABLE brand_products (brand_owner_code text, product_code text, PRIMARY KEY (brand_owner_code, product_code));
    CREATE TABLE sub_brand_products (brand_owner_code text, sub_brand_code text, product_code text,
                                     customer_model text, PRIMARY KEY (brand_owner_code, sub_brand_code, product_code));
    INSERT INTO brand_products VALUES ('DEMO', 'TM-6'), ('DEMO', 'AF-5'), ('OTHER', 'TM-6');
    INSERT INTO sub_brand_products VALUES ('DEMO', 'DEMO-CHEF', 'TM-6', 'ChefMate C6');`);
  await migrate(pool, deviceMigrations);
  await setDeviceBrandSettings(pool, 'DEMO', { activationKey: DEMO_KEY, inactivityTimeoutSeconds: 300 });
  await setDeviceBrandSettings(pool, 'OTHER', { activationKey: OTHER_KEY });
}

const execFileAsync = promisify(execFile);
const now = (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString();

describe('device API and ingestion', () => {
  let db: TestDatabase;
  let pool: Pool;
  let ingest: RunningIngest;
  let base: string;
  let redis: RedisConnection;
  let redisEnv: Awaited<ReturnType<typeof testRedisEnv>>;
  let telemetryQueue: Queue;
  let faultQueue: Queue;
  const redisPrefix = `kbtest-devices-${randomBytes(4).toString('hex')}:`;
  const env = (overrides: Record<string, string> = {}) => ({
    INGEST_PORT: '0',
    REDIS_URL: redisEnv.env.REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    LOG_LEVEL: 'silent',
    INGEST_AUTH_CACHE_MS: '0',
    INGEST_SWEEP_MS: '200',
    // No test here is about the event-loop bound, and a busy machine trips it in this process (the test runner's
    // own work shares the loop of every device API started in it), answering 503 to the tests' own posts.
    INGEST_MAX_LOOP_LAG_MS: '600000',
    ...overrides,
  });

  beforeAll(async () => {
    redisEnv = await testRedisEnv();
    // device-ingest takes the cluster's nodes from its environment (in this process and the workers it spawns).
    if (redisEnv.env.REDIS_CLUSTER_NODES) process.env.REDIS_CLUSTER_NODES = redisEnv.env.REDIS_CLUSTER_NODES;
    else delete process.env.REDIS_CLUSTER_NODES;
    db = await createTestDatabase('kbingest');
    pool = createPool(db.url, { max: 4 });
    await prepareDatabase(pool);
    ingest = await startIngest(loadConfig(env({ DATABASE_URL: db.url })));
    base = `http://127.0.0.1:${ingest.port}`;
    redis = createRedisConnection(
      { url: redisEnv.env.REDIS_URL, clusterNodes: redisEnv.env.REDIS_CLUSTER_NODES },
      'worker',
      'devices-spec',
    );
    telemetryQueue = new Queue('telemetry', { connection: redis, prefix: bullmqPrefix(redisPrefix) });
    faultQueue = new Queue('fault-reports', { connection: redis, prefix: bullmqPrefix(redisPrefix) });
  });

  afterAll(async () => {
    await ingest?.stop();
    await pool?.end();
    await db?.drop();
    await telemetryQueue?.close();
    await faultQueue?.close();
    if (redis) await deleteKeysWithPrefix(redis, redisPrefix);
    await redis?.quit();
    delete process.env.REDIS_CLUSTER_NODES;
    await redisEnv?.stop();
  });

  async function call(route: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${base}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { http: res.status, ...((await res.json()) as { status: number; desc: string; data: any }) };
  }

  async function activate(sn: string, extra: Record<string, unknown> = {}, key = DEMO_KEY) {
    return call(
      '/device/v1/activate',
      { sn, productCode: 'TM-6', apkVersion: '1.0.0', ...extra },
      { 'x-activation-key': key },
    );
  }

  async function activated(sn: string, extra: Record<string, unknown> = {}) {
    const res = await activate(sn, extra);
    if (res.status !== 200) throw new Error(`activation failed: ${res.desc}`);
    return res.data as { deviceId: string; credential: string };
  }

  const telemetry = (credential: string, messages: unknown[]) =>
    call('/device/v1/telemetry', { messages }, { authorization: `Bearer ${credential}` });

  const storedCount = async (deviceId: string) =>
    Number(
      (await pool.query('SELECT count(*) AS n FROM device_telemetry WHERE device_id = $1', [deviceId]))
        .rows[0].n,
    );
  const deviceRow = async (deviceId: string) =>
    (await pool.query('SELECT * FROM devices WHERE id = $1', [deviceId])).rows[0];

  it('activates a device with its brand’s key, binds the app user and keeps the first activation date', async () => {
    expect(await activate('dev-a1', {}, 'wrong-key')).toMatchObject({ http: 401, status: 401 });
    const first = await activate('dev-a1', {
      subBrandCode: 'DEMO-CHEF',
      user: { account: 'cook@example.com', nickname: 'Cook', region: 'CN', gender: 'female', age: 31 },
    });
    expect(first).toMatchObject({
      http: 200,
      data: {
        deviceId: expect.any(String),
        sn: 'DEV-A1',
        credential: expect.stringMatching(/^[0-9a-f-]{36}\./),
      },
    });
    const row = await deviceRow(first.data.deviceId);
    expect(row).toMatchObject({ brand_owner_code: 'DEMO', sub_model: 'ChefMate C6', online: true });
    const user = await pool.query('SELECT * FROM app_users WHERE id = $1', [row.app_user_id]);
    expect(user.rows[0]).toMatchObject({
      account: 'cook@example.com',
      gender: 'female',
      age: 31,
      region: 'CN',
    });

    // Activating again (a factory reset): same device, first date kept, the old credential refused.
    const again = await activate('DEV-A1');
    expect(again.data.deviceId).toBe(first.data.deviceId);
    expect(again.data.activatedAt).toBe(first.data.activatedAt);
    expect((await telemetry(first.data.credential, [{ messageId: 'x', sampledAt: now() }])).http).toBe(401);
    expect((await telemetry(again.data.credential, [{ messageId: 'x', sampledAt: now() }])).http).toBe(202);

    expect(await activate('dev-a2', { productCode: 'SM-3' })).toMatchObject({
      http: 400,
      data: { code: 'product_unknown' },
    });
    expect(await activate('dev-a2', { subBrandCode: 'NOPE' })).toMatchObject({ http: 400 });
    expect(await activate('dev-a1', {}, OTHER_KEY)).toMatchObject({ http: 409, data: { code: 'sn_taken' } });
  });

  it('serves its OpenAPI document', async () => {
    const res = await fetch(`${base}/device/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, object> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/device/v1/activate', '/device/v1/telemetry', '/device/v1/faults']),
    );
  });

  it('refuses a post without, with an unknown or with a revoked credential', async () => {
    const msg = [{ messageId: 'm', sampledAt: now() }];
    expect(await call('/device/v1/telemetry', { messages: msg })).toMatchObject({
      http: 401,
      desc: expect.stringContaining('Authorization: Bearer'),
    });
    expect((await telemetry(`${randomUUID()}.${'x'.repeat(43)}`, msg)).http).toBe(401);
    expect((await telemetry('garbage', msg)).http).toBe(401);
    const { deviceId, credential } = await activated('dev-r1');
    expect((await telemetry(credential, msg)).http).toBe(202);
    await revokeCredentials(pool, 'DEMO', [deviceId]);
    expect(await telemetry(credential, msg)).toMatchObject({
      http: 401,
      desc: 'Unknown or revoked device credential; activate the device again',
    });
    // Another brand's key cannot revoke or reach it either.
    expect(await revokeCredentials(pool, 'OTHER', [deviceId])).toBe(0);
  });

  it('validates bodies: type, JSON, fields, counts, duplicates and size', async () => {
    const { credential } = await activated('dev-v1');
    const auth = { authorization: `Bearer ${credential}` };
    const plain = await fetch(`${base}/device/v1/telemetry`, {
      method: 'POST',
      headers: auth,
      body: 'hello',
    });
    expect(plain.status).toBe(415);
    expect((await call('/device/v1/telemetry', '{"messages": [', auth)).desc).toBe(
      'The body is not valid JSON',
    );
    const missing = await telemetry(credential, [{ sampledAt: now() }]);
    expect(missing).toMatchObject({
      http: 400,
      data: { fieldErrors: { 'messages.0.messageId': expect.any(String) } },
    });
    expect(missing.desc).toMatch(/^Invalid body: messages\.0\.messageId: /);
    const badTime = await telemetry(credential, [{ messageId: 'a', sampledAt: 'yesterday' }]);
    expect(badTime.data.fieldErrors['messages.0.sampledAt']).toBeDefined();
    const badIp = await telemetry(credential, [{ messageId: 'a', sampledAt: now(), ip: '999.1.1.1' }]);
    expect(badIp.data.fieldErrors['messages.0.ip']).toBeDefined();
    expect((await telemetry(credential, [])).http).toBe(400);
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ messageId: `m${i}`, sampledAt: now() }));
    expect((await telemetry(credential, tooMany)).http).toBe(400);
    const twice = await telemetry(credential, [
      { messageId: 'same', sampledAt: now() },
      { messageId: 'same', sampledAt: now() },
    ]);
    expect(twice.desc).toBe('Invalid body: messages: every messageId in a batch must be different');
    const huge = [{ messageId: 'h', sampledAt: now(), extra: { blob: 'x'.repeat(1_100_000) } }];
    expect((await telemetry(credential, huge)).http).toBe(413);
    const fault = await call(
      '/device/v1/faults',
      { messages: [{ messageId: 'f', type: 'HEATING', reportedAt: now(), errorLog: 'x'.repeat(70_000) }] },
      auth,
    );
    expect(fault.data.fieldErrors['messages.0.errorLog']).toBeDefined();
  });

  /** Every job the device queues hold or kept (completed and failed ones included). */
  const jobsEverQueued = async () =>
    Object.values(await telemetryQueue.getJobCounts()).reduce((a, b) => a + b, 0) +
    Object.values(await faultQueue.getJobCounts()).reduce((a, b) => a + b, 0);

  it.each([
    ['telemetry', 'messageId', { messageId: 'bad\u0000id', sampledAt: now() }, 'messages.1.messageId'],
    [
      'telemetry',
      'extra',
      { messageId: 'e', sampledAt: now(), extra: { note: 'a\u0000b' } },
      'messages.1.extra.note',
    ],
    [
      'faults',
      'errorLog',
      { messageId: 'f', type: 'MOTOR', reportedAt: now(), errorLog: 'E31\u0000' },
      'messages.1.errorLog',
    ],
    [
      'faults',
      'city',
      { messageId: 'c', type: 'MOTOR', reportedAt: now(), city: 'Shen\u0000zhen', errorLog: 'x' },
      'messages.1.city',
    ],
  ])(
    'refuses a %s batch with a NUL in %s, naming the message, and queues none of it',
    async (route, _field, bad, named) => {
      const { deviceId, credential } = await activated(`dev-nul-${_field}`);
      const good =
        route === 'telemetry'
          ? { messageId: 'ok', sampledAt: now() }
          : { messageId: 'ok', type: 'MOTOR', reportedAt: now(), errorLog: 'fine' };
      const before = await jobsEverQueued();
      const res = await call(
        `/device/v1/${route}`,
        { messages: [good, bad] },
        { authorization: `Bearer ${credential}` },
      );
      expect(res).toMatchObject({
        http: 400,
        status: 400,
        data: { fieldErrors: { [named]: 'text_invalid_chars' } },
      });
      expect(res.desc).toBe(`Invalid body: ${named}: text_invalid_chars`);
      expect(await jobsEverQueued()).toBe(before);
      // The device posts its good message again on its own, and that one is stored.
      const again = await call(
        `/device/v1/${route}`,
        { messages: [good] },
        { authorization: `Bearer ${credential}` },
      );
      expect(again.http).toBe(202);
      const table = route === 'telemetry' ? 'device_telemetry' : 'device_faults';
      const rows = async () =>
        (await pool.query(`SELECT message_id FROM ${table} WHERE device_id = $1`, [deviceId])).rows;
      expect(await eventually(rows, (r) => r.length > 0)).toEqual([{ message_id: 'ok' }]);
    },
  );

  it('refuses an activation whose avatar URL holds a control character', async () => {
    const res = await activate('dev-avatar', {
      user: { account: 'a@example.com', avatarUrl: 'https://cdn.example.com/a\u0000.png' },
    });
    expect(res).toMatchObject({
      http: 400,
      data: { fieldErrors: { 'user.avatarUrl': 'text_invalid_chars' } },
    });
  });

  it('refuses sample and fault times far ahead of the server clock or before 1970, naming the message', async () => {
    const { credential } = await activated('dev-t1');
    const auth = { authorization: `Bearer ${credential}` };
    const before = await jobsEverQueued();
    const future = await telemetry(credential, [
      { messageId: 'ok', sampledAt: now() },
      { messageId: 'far', sampledAt: '9999-01-01T00:00:00Z' },
    ]);
    expect(future).toMatchObject({
      http: 400,
      data: { fieldErrors: { 'messages.1.sampledAt': expect.any(String) } },
    });
    expect(future.desc).toMatch(
      /^Invalid body: messages\.1\.sampledAt: more than 300 s ahead of the server's clock/,
    );
    const yearZero = await telemetry(credential, [{ messageId: 'y0', sampledAt: '0000-01-01T00:00:00Z' }]);
    expect(yearZero.data.fieldErrors['messages.0.sampledAt']).toBe('earlier than 1970-01-01T00:00:00Z');
    const fault = await call(
      '/device/v1/faults',
      { messages: [{ messageId: 'f', type: 'MOTOR', reportedAt: now(3_600_000), errorLog: 'x' }] },
      auth,
    );
    expect(fault.data.fieldErrors['messages.0.reportedAt']).toMatch(/ahead of the server's clock/);
    expect(await jobsEverQueued()).toBe(before);
    // A clock a minute fast is within the allowed skew.
    expect((await telemetry(credential, [{ messageId: 'fast', sampledAt: now(60_000) }])).http).toBe(202);
  });

  it('lets real samples win over a far-future one that got in before the bound', async () => {
    const { deviceId, credential } = await activated('dev-t2');
    // A job queued before the device API checked times (it bypasses the HTTP door).
    await telemetryQueue.add('telemetry-batch', {
      deviceId,
      brandOwnerCode: 'DEMO',
      receivedAt: now(),
      messages: [{ messageId: 'future', sampledAt: '9999-01-01T00:00:00Z', apkVersion: '9.9.9' }],
    });
    await eventually(
      () => storedCount(deviceId),
      (n) => n === 1,
    );
    expect((await deviceRow(deviceId)).apk_version).toBe('1.0.0');
    await telemetry(credential, [{ messageId: 'real-1', sampledAt: now(-1000), apkVersion: '2.0.0' }]);
    await eventually(
      () => deviceRow(deviceId),
      (r) => r.apk_version === '2.0.0',
    );
    // A device whose state a far-future sample already pinned: the next real sample wins, and so on.
    await pool.query(`UPDATE devices SET last_sample_at = '9999-01-01T00:00:00Z' WHERE id = $1`, [deviceId]);
    await telemetry(credential, [{ messageId: 'real-2', sampledAt: now(-500), apkVersion: '2.1.0' }]);
    await eventually(
      () => deviceRow(deviceId),
      (r) => r.apk_version === '2.1.0',
    );
    const sampledAt = now();
    await telemetry(credential, [{ messageId: 'real-3', sampledAt, apkVersion: '2.2.0', ip: '10.0.0.9' }]);
    const row = await eventually(
      () => deviceRow(deviceId),
      (r) => r.apk_version === '2.2.0',
    );
    expect(row).toMatchObject({ apk_version: '2.2.0', ip: '10.0.0.9' });
    expect((row.last_sample_at as Date).toISOString()).toBe(sampledAt);
  });

  /** The failed jobs (dead letters) of a queue that carry the message `messageId`. */
  const deadLetters = async (queue: Queue, messageId: string) =>
    (await queue.getFailed(0, -1)).filter((j) =>
      (j.data as { messages: { messageId: string }[] }).messages.some((m) => m.messageId === messageId),
    );
  /** Waits for the first dead letter of a queue that carries the message `messageId`. */
  const deadLetter = async (queue: Queue, messageId: string) =>
    (
      await eventually(
        () => deadLetters(queue, messageId),
        (d) => d.length > 0,
      )
    )[0]!;

  it('stores the batch-mates of a message Postgres refuses and puts that one alone in the dead letters', async () => {
    const { deviceId } = await activated('dev-d1');
    // Queued straight on the queue, as a job already in Redis before the device API checked times would be.
    const messages = Array.from({ length: 40 }, (_, i) => ({ messageId: `d-${i}`, sampledAt: now(i - 40) }));
    messages[17] = { messageId: 'year-zero', sampledAt: '0000-01-01T00:00:00Z' };
    const job = await telemetryQueue.add('telemetry-batch', {
      deviceId,
      brandOwnerCode: 'DEMO',
      receivedAt: now(),
      messages,
    });
    expect(
      await eventually(
        () => storedCount(deviceId),
        (n) => n === 39,
      ),
    ).toBe(39);
    const dead = await deadLetter(telemetryQueue, 'year-zero');
    expect(dead.data).toMatchObject({ deviceId, messages: [{ messageId: 'year-zero' }] });
    expect(dead.failedReason).toMatch(/date\/time field value out of range/);
    // Refused for its data: failed at once, not retried.
    expect(dead.attemptsMade).toBe(1);
    expect(await (await telemetryQueue.getJob(job.id!))!.getState()).toBe('completed');
    expect((await telemetryQueue.getJob(job.id!))!.returnvalue).toEqual({ messages: 39, refused: 1 });
    await dead.remove(); // the later tests count failed jobs
  });

  it('stores the batch-mates of a message no longer valid in a queued job and dead-letters that one', async () => {
    const { deviceId } = await activated('dev-d2');
    const report = (messageId: string, errorLog: string) => ({
      messageId,
      type: 'MOTOR',
      reportedAt: now(),
      errorLog,
    });
    await faultQueue.add('fault-batch', {
      deviceId,
      brandOwnerCode: 'DEMO',
      receivedAt: now(),
      messages: [report('f-ok-1', 'E31'), report('f-nul', 'E31\u0000stall'), report('f-ok-2', 'E12')],
    });
    const rows = async () =>
      (await pool.query('SELECT message_id FROM device_faults WHERE device_id = $1 ORDER BY 1', [deviceId]))
        .rows;
    expect(await eventually(rows, (r) => r.length === 2)).toEqual([
      { message_id: 'f-ok-1' },
      { message_id: 'f-ok-2' },
    ]);
    const dead = await deadLetter(faultQueue, 'f-nul');
    expect(dead.failedReason).toBe('invalid message: errorLog: text_invalid_chars');
    expect(dead.data.messages).toHaveLength(1);
    await dead.remove();
  });

  it('stores the posts of a job marked as checked by the device API and dead-letters what Postgres refuses of it', async () => {
    const { deviceId } = await activated('dev-d3');
    const post = (messages: object[]) => ({ deviceId, brandOwnerCode: 'DEMO', receivedAt: now(), messages });
    // Written by hand with the mark the device API writes: its messages are not checked again, so a malformed
    // one reaches Postgres.
    const job = await telemetryQueue.add('telemetry-posts', {
      checked: checkedMark(telemetryPostSchema),
      posts: [
        post([{ messageId: 'c-ok-1', sampledAt: now(-2000) }]),
        post([
          { messageId: 'c-bad', sampledAt: 'not a time' },
          { messageId: 'c-ok-2', sampledAt: now(-1000) },
        ]),
      ],
    });
    const stored = async () =>
      (
        await pool.query('SELECT message_id FROM device_telemetry WHERE device_id = $1 ORDER BY 1', [
          deviceId,
        ])
      ).rows.map((r: { message_id: string }) => r.message_id);
    expect(await eventually(stored, (ids) => ids.length === 2)).toEqual(['c-ok-1', 'c-ok-2']);
    const dead = await deadLetter(telemetryQueue, 'c-bad');
    // Taken out of the marked job, the message is checked as every one-post job is.
    expect(dead.failedReason).toMatch(/^invalid message: sampledAt: /);
    expect(dead.data).toMatchObject({ deviceId, messages: [{ messageId: 'c-bad' }] });
    expect(
      await eventually(
        async () => (await telemetryQueue.getJob(job.id!))!.returnvalue,
        (r) => r !== null && r !== undefined,
      ),
    ).toEqual({ messages: 2, refused: 1 });
    await dead.remove();
  });

  it('refuses posts with 503 and Retry-After once the oldest waiting post waited past the bound, accepts again once the workers drain the queue, and loses nothing accepted', async () => {
    // Device API and workers on a queue of their own: the API alone first, so nothing drains the queue.
    const prefix = `${redisPrefix}bp:`;
    const front = await startIngest(
      loadConfig(
        env({
          DATABASE_URL: db.url,
          REDIS_PREFIX: prefix,
          INGEST_ROLE: 'http',
          INGEST_MAX_QUEUE_WAIT_MS: '1500',
        }),
      ),
    );
    const queue = new Queue('telemetry', { connection: redis, prefix: bullmqPrefix(prefix) });
    let workers: RunningIngest | undefined;
    try {
      const { deviceId, credential } = await activated('dev-bp1');
      let accepted = 0;
      let seq = 0;
      const postBatch = async () => {
        const messages = Array.from({ length: 5 }, () => ({ messageId: `bp-${seq++}`, sampledAt: now() }));
        const res = await fetch(`http://127.0.0.1:${front.port}/device/v1/telemetry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${credential}` },
          body: JSON.stringify({ messages }),
        });
        const body = (await res.json()) as { status: number; desc: string; data: any };
        if (res.status === 202) {
          accepted += body.data.accepted as number;
          acceptedPosts++;
        }
        return { http: res.status, retryAfter: res.headers.get('retry-after'), ...body };
      };
      let acceptedPosts = 0;
      // Within the bound, posts are taken however many wait.
      for (let i = 0; i < 3; i++) expect((await postBatch()).http).toBe(202);
      // Once the oldest has waited past the bound (nothing drains the queue), every post is refused.
      await eventually(postBatch, (r) => r.http === 503, 20_000, 'a refusal once the oldest post aged');
      for (let i = 0; i < 3; i++)
        expect(await postBatch()).toMatchObject({
          http: 503,
          status: 503,
          retryAfter: '1',
          desc: 'Too many messages waiting to be stored; post the batch again in 1 s',
          data: { retryAfterSeconds: 1 },
        });
      expect(await queue.getWaitingCount()).toBe(acceptedPosts);

      workers = await startIngest(
        loadConfig(env({ DATABASE_URL: db.url, REDIS_PREFIX: prefix, INGEST_ROLE: 'workers' })),
      );
      const again = await eventually(postBatch, (r) => r.http === 202);
      expect(again.http).toBe(202);
      expect(
        await eventually(
          () => storedCount(deviceId),
          (n) => n === accepted,
        ),
      ).toBe(accepted);
      expect(accepted).toBe(5 * acceptedPosts);
    } finally {
      await front.stop();
      await workers?.stop();
      await queue.close();
    }
  });

  it('stores a resent batch once, telemetry and faults alike', async () => {
    const { deviceId, credential } = await activated('dev-i1');
    const batch = Array.from({ length: 50 }, (_, i) => ({
      messageId: `t-${i}`,
      sampledAt: now(i - 50),
      ip: '10.1.2.3',
      mode: 'BOIL',
      extra: { temperatureC: 90 + (i % 10) },
    }));
    for (let i = 0; i < 3; i++)
      expect(await telemetry(credential, batch)).toMatchObject({ http: 202, data: { accepted: 50 } });
    const faults = [
      {
        messageId: 'f-1',
        type: 'MOTOR',
        reportedAt: now(),
        country: 'CN',
        city: 'Shenzhen',
        errorLog: 'E31\nstall',
      },
    ];
    const auth = { authorization: `Bearer ${credential}` };
    for (let i = 0; i < 3; i++)
      expect((await call('/device/v1/faults', { messages: faults }, auth)).http).toBe(202);

    const faultRows = async () =>
      (await pool.query('SELECT * FROM device_faults WHERE device_id = $1', [deviceId])).rows;
    await eventually(faultRows, (r) => r.length > 0);
    // Let every copy be worked before counting.
    await eventually(
      async () => {
        const counts = await telemetryQueue.getJobCounts('waiting', 'active', 'delayed');
        return counts.waiting! + counts.active! + counts.delayed!;
      },
      (n) => n === 0,
    );
    expect(await storedCount(deviceId)).toBe(50);
    const stored = await faultRows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      sn: 'DEV-I1',
      type: 'MOTOR',
      city: 'Shenzhen',
      error_log: 'E31\nstall',
      product_code: 'TM-6',
      apk_version: '1.0.0',
    });
    expect((await deviceRow(deviceId)).ip).toBe('10.1.2.3');
  });

  it('never moves a device backwards on an older post', async () => {
    const { deviceId, credential } = await activated('dev-o1');
    const newAt = now(-1000);
    await telemetry(credential, [
      { messageId: 'new', sampledAt: newAt, apkVersion: '2.0.0', ip: '10.0.0.2' },
    ]);
    await eventually(
      () => storedCount(deviceId),
      (n) => n === 1,
    );
    const seen = (await deviceRow(deviceId)).last_seen_at as Date;
    await telemetry(credential, [
      { messageId: 'old', sampledAt: now(-60_000), apkVersion: '1.5.0', ip: '10.0.0.1' },
    ]);
    await eventually(
      () => storedCount(deviceId),
      (n) => n === 2,
    );
    const row = await deviceRow(deviceId);
    expect(row).toMatchObject({ apk_version: '2.0.0', ip: '10.0.0.2', online: true });
    expect((row.last_sample_at as Date).toISOString()).toBe(newAt);
    expect((row.last_seen_at as Date).getTime()).toBeGreaterThanOrEqual(seen.getTime());
    // Both samples are kept as history, each with what it reported.
    const history = await pool.query(
      'SELECT message_id, apk_version FROM device_telemetry WHERE device_id = $1 ORDER BY sampled_at',
      [deviceId],
    );
    expect(history.rows).toEqual([
      { message_id: 'old', apk_version: '1.5.0' },
      { message_id: 'new', apk_version: '2.0.0' },
    ]);
  });

  it('goes offline when nothing came within the timeout, and a late job does not bring it back', async () => {
    const { deviceId, credential } = await activated('dev-s1');
    await pool.query('UPDATE devices SET inactivity_timeout_s = 2 WHERE id = $1', [deviceId]);
    await telemetry(credential, [{ messageId: 's1', sampledAt: now() }]);
    await eventually(
      () => storedCount(deviceId),
      (n) => n === 1,
    );
    expect((await deviceRow(deviceId)).online).toBe(true);
    const changedBefore = (await deviceRow(deviceId)).status_changed_at as Date;

    const offline = await eventually(
      () => deviceRow(deviceId),
      (r) => r.online === false,
      6000,
    );
    expect(offline.online).toBe(false);
    expect((offline.status_changed_at as Date).getTime()).toBeGreaterThan(changedBefore.getTime());
    expect(Date.now() - (offline.last_seen_at as Date).getTime()).toBeGreaterThanOrEqual(2000);

    // A batch posted before it went quiet, worked only now (a slow queue): stored, but the device stays offline.
    await telemetryQueue.add('telemetry-batch', {
      deviceId,
      brandOwnerCode: 'DEMO',
      receivedAt: now(-10_000),
      messages: [{ messageId: 'late', sampledAt: now(-10_000) }],
    });
    await eventually(
      () => storedCount(deviceId),
      (n) => n === 2,
    );
    expect((await deviceRow(deviceId)).online).toBe(false);

    // A fresh post brings it back online at once.
    await telemetry(credential, [{ messageId: 's2', sampledAt: now() }]);
    const back = await eventually(
      () => deviceRow(deviceId),
      (r) => r.online === true,
    );
    expect(back.online).toBe(true);
  });

  /** The device API alone in this process: the suite's own instance stops, so only child processes work jobs. */
  async function deviceApiOnly(): Promise<RunningIngest> {
    // Every post may be queued before any worker runs, so the backlog bound must not refuse them.
    const front = await startIngest(
      loadConfig(env({ DATABASE_URL: db.url, INGEST_ROLE: 'http', INGEST_MAX_QUEUE_WAIT_MS: '600000' })),
    );
    await ingest.stop();
    base = `http://127.0.0.1:${front.port}`;
    return front;
  }

  /** A workers process (the built dist/workers-main.js) on the suite's database and Redis, 8 jobs at a time. */
  function workersProcess(overrides: Record<string, string> = {}): ChildProcess {
    const main = path.join(appDir, 'dist/workers-main.js');
    if (!existsSync(main)) throw new Error(`${main} is missing: build device-ingest first`);
    const childEnv = env({
      DATABASE_URL: db.url,
      WORKERS_METRICS_PORT: '0',
      INGEST_WORKER_CONCURRENCY: '8',
      ...overrides,
    });
    return spawn(process.execPath, [main], {
      cwd: appDir,
      env: { ...process.env, ...childEnv },
      stdio: 'ignore',
    });
  }

  /** Ten devices posting rounds of 50 samples each: how many rows they have, and whether each is stored once. */
  async function tenDevices(snPrefix: string) {
    const devices = await Promise.all(Array.from({ length: 10 }, (_, i) => activated(`${snPrefix}${i}`)));
    const ids = devices.map((d) => d.deviceId);
    return {
      total: async () =>
        Number(
          (
            await pool.query('SELECT count(*) AS n FROM device_telemetry WHERE device_id = ANY($1::uuid[])', [
              ids,
            ])
          ).rows[0].n,
        ),
      /** Round `b`: one batch of 50 samples from each device; the statuses answered. */
      postRound: (b: number) =>
        Promise.all(
          devices.map((d) =>
            telemetry(
              d.credential,
              Array.from({ length: 50 }, (_, i) => ({
                messageId: `m-${b}-${i}`,
                sampledAt: now(b * 50 + i),
              })),
            ).then((r) => r.http),
          ),
        ),
      /** Per device: its rows and its distinct message ids. */
      storedPerDevice: async () =>
        (
          await pool.query(
            `SELECT count(*) AS n, count(DISTINCT message_id) AS distinct_ids
               FROM device_telemetry WHERE device_id = ANY($1::uuid[]) GROUP BY device_id`,
            [ids],
          )
        ).rows.map((r) => [Number(r.n), Number(r.distinct_ids)]),
    };
  }
  const eachStoredOnce = Array.from({ length: 10 }, () => [2000, 2000]);

  it('stores every message exactly once when a worker process is killed mid-load and restarted', async () => {
    // This instance only takes posts; the workers run in a child process that gets SIGKILLed.
    const front = await deviceApiOnly();
    try {
      const load = await tenDevices('dev-k');
      const statuses = await Promise.all(Array.from({ length: 40 }, (_, b) => load.postRound(b)));
      expect(statuses.flat().filter((s) => s !== 202)).toEqual([]);
      const expected = 10 * 40 * 50;

      let worker = workersProcess({ INGEST_JOB_LOCK_MS: '2000' });
      const partial = await eventually(load.total, (n) => n > 2000, 30_000);
      worker.kill('SIGKILL');
      await new Promise((r) => worker.once('exit', r));
      expect(partial).toBeGreaterThan(0);
      expect(await load.total()).toBeLessThan(expected);

      worker = workersProcess({ INGEST_JOB_LOCK_MS: '2000' });
      try {
        expect(await eventually(load.total, (n) => n === expected, 60_000)).toBe(expected);
        // The killed worker's jobs whose rows it had committed stay active until their lock expires; the new
        // worker then takes them up again, stores nothing twice, and completes them.
        const settled = await eventually(
          async () => {
            const c = await telemetryQueue.getJobCounts('failed', 'waiting', 'active');
            return (c.failed ?? 0) + (c.waiting ?? 0) + (c.active ?? 0);
          },
          (n) => n === 0,
          30_000,
        );
        expect(settled).toBe(0);
        expect(await load.total()).toBe(expected);
      } finally {
        worker.kill('SIGTERM');
        await new Promise((r) => worker.once('exit', r));
      }
      // Every (device, message) once: as many distinct pairs as rows, and each device has its 2000.
      expect(await load.storedPerDevice()).toEqual(eachStoredOnce);
      expect(await telemetryQueue.getJobCounts('failed', 'waiting', 'active')).toEqual({
        failed: 0,
        waiting: 0,
        active: 0,
      });
    } finally {
      await front.stop();
    }
  }, 120_000);

  it('takes up a killed worker process’s jobs within 5 s while the other works on and every post is accepted', async () => {
    const front = await deviceApiOnly();
    const running: ChildProcess[] = [];
    try {
      const load = await tenDevices('dev-takeover-');
      const statuses: number[] = [];
      // A backlog first, so both workers hold jobs when one is killed; the rest is posted meanwhile.
      for (let b = 0; b < 20; b++) statuses.push(...(await load.postRound(b)));
      // Two workers processes with the default job lock.
      const doomed = workersProcess();
      running.push(doomed, workersProcess());
      const posting = (async () => {
        for (let b = 20; b < 40; b++) statuses.push(...(await load.postRound(b)));
      })();
      // Each worker stamps the jobs it takes with its host and pid.
      const doomedName = `${hostname()}:${doomed.pid}`;
      const held = await eventually(
        async () => (await telemetryQueue.getActive()).filter((j) => j.processedBy === doomedName),
        (jobs) => jobs.length > 0,
        30_000,
      );
      expect(held.length).toBeGreaterThan(0);
      const killedAt = Date.now();
      doomed.kill('SIGKILL');
      await new Promise((r) => doomed.once('exit', r));
      await posting;

      const expected = 10 * 40 * 50;
      expect(await eventually(load.total, (n) => n === expected, 60_000)).toBe(expected);
      expect(statuses.filter((s) => s !== 202)).toEqual([]);
      // Every job the killed worker held and had not finished is taken up by the other within 5 s, and finishes.
      const after = await eventually(
        () => Promise.all(held.map((j) => telemetryQueue.getJob(j.id!))),
        (jobs) => jobs.every((j) => j?.finishedOn !== undefined),
        30_000,
      );
      const orphaned = after.filter((j) => j!.finishedOn! > killedAt);
      expect(orphaned.length).toBeGreaterThan(0);
      expect(
        orphaned.map((j) => ({
          takenUpByTheOther: j!.processedBy !== doomedName,
          withinFiveSeconds: j!.processedOn! - killedAt <= 5000,
          completed: j!.finishedOn !== undefined && !j!.failedReason,
        })),
      ).toEqual(orphaned.map(() => ({ takenUpByTheOther: true, withinFiveSeconds: true, completed: true })));
      // Nothing lost, nothing stored twice.
      expect(await load.storedPerDevice()).toEqual(eachStoredOnce);
    } finally {
      for (const child of running.filter((c) => c.exitCode === null && c.signalCode === null)) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      await front.stop();
    }
  }, 120_000);
});

describe('device ingestion on a Redis Cluster', () => {
  let cluster: RedisCluster;
  let db: TestDatabase;
  let pool: Pool;
  let ingest: RunningIngest | undefined;
  const redisPrefix = `kbtest-cluster-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    cluster = await startRedisCluster();
    process.env.REDIS_CLUSTER_NODES = cluster.nodes;
    db = await createTestDatabase('kbingestcl');
    pool = createPool(db.url, { max: 2 });
    await prepareDatabase(pool);
  });
  afterAll(async () => {
    await ingest?.stop();
    delete process.env.REDIS_CLUSTER_NODES;
    await cluster?.stop();
    await pool?.end();
    await db?.drop();
  });

  it('activates a device, takes its telemetry and fault, and stores both through queues on three masters', async () => {
    ingest = await startIngest(
      loadConfig({
        INGEST_PORT: '0',
        DATABASE_URL: db.url,
        REDIS_URL: cluster.url,
        REDIS_PREFIX: redisPrefix,
        LOG_LEVEL: 'silent',
        INGEST_SWEEP_MS: '200',
      }),
    );
    const base = `http://127.0.0.1:${ingest.port}`;
    const post = async (route: string, body: unknown, headers: Record<string, string>) => {
      const res = await fetch(`${base}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { http: res.status, ...((await res.json()) as { data: any }) };
    };
    const activation = await post(
      '/device/v1/activate',
      { sn: 'cl-1', productCode: 'TM-6', apkVersion: '1.0.0' },
      { 'x-activation-key': DEMO_KEY },
    );
    expect(activation.http).toBe(200);
    const auth = { authorization: `Bearer ${activation.data.credential as string}` };
    const messages = Array.from({ length: 20 }, (_, i) => ({
      messageId: `cl-t${i}`,
      sampledAt: now(-i * 1000),
      extra: { temperatureC: 90 + i },
    }));
    expect((await post('/device/v1/telemetry', { messages }, auth)).http).toBe(202);
    const fault = { messageId: 'cl-f1', type: 'MOTOR', reportedAt: now(), errorLog: 'E7 motor stalled' };
    expect((await post('/device/v1/faults', { messages: [fault] }, auth)).http).toBe(202);

    const stored = await eventually(
      async () =>
        (
          await pool.query(
            `SELECT (SELECT count(*)::int FROM device_telemetry WHERE device_id = $1) AS samples,
                    (SELECT count(*)::int FROM device_faults WHERE device_id = $1) AS faults,
                    (SELECT sum(samples)::int FROM device_telemetry_hourly WHERE device_id = $1) AS rolled`,
            [activation.data.deviceId],
          )
        ).rows[0],
      (r) => r.samples === 20 && r.faults === 1,
      20_000,
      'telemetry and fault stored',
    );
    expect(stored.rolled).toBe(20);

    // The queues' keys are on the cluster, all in the one slot of the {bull} hash tag.
    const slot = Number(
      (await execFileAsync('redis-cli', ['-p', String(cluster.ports[0]), 'cluster', 'keyslot', '{bull}']))
        .stdout,
    );
    let inSlot = 0;
    for (const port of cluster.ports)
      inSlot += Number(
        (await execFileAsync('redis-cli', ['-p', String(port), 'cluster', 'countkeysinslot', String(slot)]))
          .stdout,
      );
    expect(inSlot).toBeGreaterThan(0);
  });
});
