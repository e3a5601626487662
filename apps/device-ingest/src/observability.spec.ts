import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { deviceMigrations, setDeviceBrandSettings } from '@kb/devices';
import { createPool, migrate, requestIdMixin, startOpsServer, type OpsServer, type Pool } from '@kb/platform';
import {
  eventually,
  metricSample,
  createTestDatabase,
  startPrivateRedis,
  type PrivateRedis,
  type TestDatabase,
} from '@kb/testing';
import { pino } from 'pino';
import { loadConfig } from './config.js';
import { startIngest, type RunningIngest } from './ingest.js';

/*
 * device-ingest watched from outside: its metrics (HTTP, accepted messages, refusals, queues and jobs), the request
 * id on its answers and its error lines, and readiness that follows Redis and Postgres, each stopped by this test.
 */

const KEY = 'observability-activation-key';

describe('device-ingest observability', () => {
  let db: TestDatabase;
  let pool: Pool;
  let redis: PrivateRedis;
  let ingest: RunningIngest;
  let ops: OpsServer;
  let base: string;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    redis = await startPrivateRedis();
    db = await createTestDatabase('kbingestobs');
    pool = createPool(db.url, { max: 2 });
    await pool.query(`
      CREATE TABLE brand_products (brand_owner_code text, product_code text, PRIMARY KEY (brand_owner_code, product_code));
      CREATE TABLE sub_brand_products (brand_owner_code text, sub_brand_code text, product_code text,
                                       customer_model text, PRIMARY KEY (brand_owner_code, sub_brand_code, product_code));
      INSERT INTO brand_products VALUES ('DEMO', 'TM-6');`);
    await migrate(pool, deviceMigrations);
    await setDeviceBrandSettings(pool, 'DEMO', { activationKey: KEY, inactivityTimeoutSeconds: 300 });
    const logs = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({
      INGEST_PORT: '0',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `kbtest-obs-${randomBytes(4).toString('hex')}:`,
      INGEST_AUTH_CACHE_MS: '0',
    });
    const logger = pino({ level: 'info', base: { service: 'device-ingest' }, mixin: requestIdMixin }, logs);
    ingest = await startIngest(config, { logger });
    base = `http://127.0.0.1:${ingest.port}`;
    ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      registry: ingest.metrics.registry,
      ready: () => ingest.ready(),
    });
  });

  afterAll(async () => {
    await ops?.close();
    // The service's queues close cleanly only against a Redis that answers (a failed test may have left it down).
    if (redis && !redis.running()) await redis.start();
    await ingest?.stop();
    if (pool && !pool.ended) await pool.end();
    await db?.drop();
    await redis?.kill();
  });

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const scrape = async () => (await fetch(`${ops.url}/metrics`)).text();

  it('counts accepted messages, refusals, requests by route and the jobs of the device queues', async () => {
    const activated = await post(
      '/device/v1/activate',
      { sn: 'obs-1', productCode: 'TM-6', apkVersion: '1.0.0' },
      { 'x-activation-key': KEY },
    );
    expect(activated.status).toBe(200);
    const { credential } = ((await activated.json()) as { data: { credential: string } }).data;
    const messages = [1, 2, 3].map((n) => ({ messageId: `m${n}`, sampledAt: new Date().toISOString() }));
    expect(
      (await post('/device/v1/telemetry', { messages }, { authorization: `Bearer ${credential}` })).status,
    ).toBe(202);
    expect((await post('/device/v1/telemetry', { messages }, { authorization: 'Bearer nope' })).status).toBe(
      401,
    );
    expect((await fetch(`${base}/device/v1/no-such-thing`)).status).toBe(404);

    const text = await eventually(
      scrape,
      (t) =>
        (metricSample(t, 'bullmq_job_duration_seconds_count', { queue: 'telemetry', outcome: 'completed' }) ??
          0) >= 1,
    );
    expect(metricSample(text, 'ingest_messages_total', { queue: 'telemetry' })).toBe(3);
    expect(
      metricSample(text, 'ingest_refusals_total', { route: '/device/v1/telemetry', status: '401' }),
    ).toBe(1);
    expect(
      metricSample(text, 'http_request_duration_seconds_count', {
        route: '/device/v1/telemetry',
        status: '202',
      }),
    ).toBe(1);
    expect(
      metricSample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBe(1);
    expect(text).not.toContain('no-such-thing');
    expect(metricSample(text, 'bullmq_queue_jobs', { queue: 'telemetry', state: 'waiting' })).toBe(0);
    expect(metricSample(text, 'bullmq_job_failures_total', { queue: 'telemetry' })).toBe(0);
    expect(metricSample(text, 'process_cpu_seconds_total', { service: 'device-ingest' })).toBeGreaterThan(0);
  });

  it('answers with a request id and names it on the line of a request that failed', async () => {
    await pool.query('ALTER TABLE devices RENAME TO devices_away');
    try {
      const res = await post(
        '/device/v1/activate',
        { sn: 'obs-2', productCode: 'TM-6', apkVersion: '1.0.0' },
        { 'x-activation-key': KEY, 'x-request-id': 'device-req-42' },
      );
      expect(res.status).toBe(500);
      expect(res.headers.get('x-request-id')).toBe('device-req-42');
      expect(logLines).toContainEqual(
        expect.objectContaining({ requestId: 'device-req-42', level: 50, msg: 'request failed' }),
      );
    } finally {
      await pool.query('ALTER TABLE devices_away RENAME TO devices');
    }
    const fresh = await fetch(`${base}/health`);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is live throughout, and ready only while Redis and Postgres answer', async () => {
    const ready = async () => {
      const res = await fetch(`${base}/readyz`);
      return {
        http: res.status,
        body: (await res.json()) as { data: { checks: { name: string; ok: boolean }[] } },
      };
    };
    expect((await ready()).http).toBe(200);
    expect((await fetch(`${ops.url}/readyz`)).status).toBe(200);

    await redis.kill();
    const withoutRedis = await eventually(ready, (r) => r.http === 503);
    expect(withoutRedis.body.data.checks).toContainEqual(
      expect.objectContaining({ name: 'redis', ok: false }),
    );
    expect(withoutRedis.body.data.checks).toContainEqual(
      expect.objectContaining({ name: 'postgres', ok: true }),
    );
    expect((await fetch(`${base}/livez`)).status).toBe(200);

    // Redis back (empty): ready again, and the service's queues can close at the end instead of waiting on it.
    await redis.start();
    await eventually(ready, (r) => r.http === 200);

    await pool.end();
    await db.drop();
    const withoutPostgres = await eventually(ready, (r) =>
      r.body.data.checks.some((c) => c.name === 'postgres' && !c.ok),
    );
    expect(withoutPostgres.http).toBe(503);
    expect((await fetch(`${ops.url}/livez`)).status).toBe(200);
    expect((await fetch(`${ops.url}/readyz`)).status).toBe(503);
  });
});
