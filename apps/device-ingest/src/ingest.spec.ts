import { randomBytes, randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { baseDatabaseUrl, closedPort, redisUrl } from '@kb/testing';
import { loadConfig, type IngestConfig } from './config.js';
import { startIngest, type RunningIngest } from './ingest.js';
import { startWorkers, type RunningWorkers } from './workers.js';
import { systemWorker } from './system-worker.js';
import { bullmqPrefix, QUEUE_NAMES, type JobPayload } from '@kb/platform';

const usedPrefixes: string[] = [];

/** A configuration for one instance, with a Redis prefix of its own (deleted after the suite). */
function testConfig(overrides: Record<string, string> = {}): IngestConfig {
  const redisPrefix = `kbtest-ingest-${randomBytes(4).toString('hex')}:`;
  usedPrefixes.push(redisPrefix);
  return loadConfig({
    INGEST_PORT: '0',
    REDIS_URL: redisUrl(),
    REDIS_PREFIX: redisPrefix,
    DATABASE_URL: baseDatabaseUrl(),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

afterAll(async () => {
  // Leave nothing of this run behind in the shared Redis.
  const redis = new Redis(redisUrl());
  for (const prefix of usedPrefixes) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.unlink(...keys);
  }
  await redis.quit();
});

async function getJson(port: number, path: string) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { httpStatus: res.status, body: (await res.json()) as { status: number; desc: string; data: any } };
}

describe('device-ingest with Redis and Postgres up', () => {
  // The gateway, and of the workers only the system queue's: device jobs stay queued, so their counts can be read.
  const config = testConfig({ INGEST_ROLE: 'http' });
  const prefix = bullmqPrefix(config.REDIS_PREFIX);
  let ingest: RunningIngest;
  let workers: RunningWorkers;
  let redis: Redis;
  let events: QueueEvents;
  const producers: Queue[] = [];

  function producer(name: string): Queue {
    const queue = new Queue(name, { connection: redis, prefix });
    producers.push(queue);
    return queue;
  }

  beforeAll(async () => {
    redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
    events = new QueueEvents('system', { connection: redis, prefix });
    await events.waitUntilReady();
    ingest = await startIngest(config);
    workers = await startWorkers(config, [systemWorker]);
  });

  afterAll(async () => {
    await ingest?.stop();
    await workers?.stop();
    await Promise.all(producers.map((q) => q.close()));
    await events.close();
    await redis.quit();
  });

  it('answers GET /health with 200, both stores reachable, and the job counts of every queue', async () => {
    const telemetry = producer('telemetry');
    const batch: JobPayload<'telemetry', 'telemetry-batch'> = {
      deviceId: randomUUID(),
      brandOwnerCode: 'DEMO',
      receivedAt: new Date().toISOString(),
      messages: [{ messageId: 'm1', sampledAt: new Date().toISOString(), ip: '10.0.0.7' }],
    };
    // No device worker runs here, so these stay waiting.
    await telemetry.add('telemetry-batch', batch);
    await telemetry.add('telemetry-batch', batch);

    const { httpStatus, body } = await getJson(ingest.port, '/health');

    expect(httpStatus).toBe(200);
    expect(body.status).toBe(200);
    expect(body.desc).toBe('ok');
    expect(body.data.redis).toEqual({ ok: true, ms: expect.any(Number) });
    expect(body.data.postgres).toEqual({ ok: true, ms: expect.any(Number) });
    expect(Object.keys(body.data.queues).sort()).toEqual([...QUEUE_NAMES].sort());
    expect(body.data.queues.telemetry).toEqual({ waiting: 2, active: 0, failed: 0 });
    expect(body.data.queues['recipe-import']).toEqual({ waiting: 0, active: 0, failed: 0 });
  });

  it('completes a ping job added to the system queue and returns the nonce', async () => {
    const nonce = randomUUID();
    const job = await producer('system').add('ping', { nonce });

    const result = await job.waitUntilFinished(events, 10_000);

    expect(result).toEqual({ pong: nonce, handledAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(result.handledAt))).toBe(false);
    expect(await job.getState()).toBe('completed');
  });

  it('fails a job it cannot handle at once, without retries, and counts it as failed', async () => {
    const job = await producer('system').add('ping', { nonce: '' }, { attempts: 5 });

    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(/invalid ping payload/);

    const stored = await producer('system').getJob(job.id!);
    expect(stored?.attemptsMade).toBe(1);
    const { body } = await getJson(ingest.port, '/health');
    expect(body.data.queues.system.failed).toBe(1);
  });

  it('answers an unknown device route with the 404 envelope, and a wrong method with 405', async () => {
    const { httpStatus, body } = await getJson(ingest.port, '/device/v1/nothing');
    expect(httpStatus).toBe(404);
    expect(body).toEqual({ status: 404, desc: expect.stringContaining('/device/v1/nothing'), data: null });
    expect((await getJson(ingest.port, '/device/v1/telemetry')).httpStatus).toBe(405);
  });

  it('stops: the port is closed and its Redis connections are gone', async () => {
    const otherConfig = testConfig();
    const otherPrefix = bullmqPrefix(otherConfig.REDIS_PREFIX);
    const other = await startIngest(otherConfig);
    expect((await getJson(other.port, '/health')).httpStatus).toBe(200);
    const namesOf = async () =>
      ((await redis.client('LIST')) as string)
        .split('\n')
        .filter((line) => line.includes(`:${otherPrefix} `));
    expect((await namesOf()).length).toBeGreaterThanOrEqual(3);

    await other.stop();

    await expect(fetch(`http://127.0.0.1:${other.port}/health`)).rejects.toThrow();
    // The server drops a client a moment after QUIT; give it that moment.
    for (let i = 0; i < 20 && (await namesOf()).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await namesOf()).toEqual([]);
  });
});

describe('device-ingest when a store does not answer', () => {
  it('answers /health with 503 when Redis does not answer, and still stops', async () => {
    const ingest = await startIngest(testConfig({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` }));
    try {
      const { httpStatus, body } = await getJson(ingest.port, '/health');
      expect(httpStatus).toBe(503);
      expect(body.status).toBe(503);
      expect(body.data.redis).toMatchObject({ ok: false, error: expect.any(String) });
      expect(body.data.postgres).toMatchObject({ ok: true });
      expect(body.data.queues).toBeNull();
    } finally {
      await ingest.stop();
    }
  });

  it('answers /health with 503 when Postgres does not answer', async () => {
    const ingest = await startIngest(
      testConfig({ DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/postgres` }),
    );
    try {
      const { httpStatus, body } = await getJson(ingest.port, '/health');
      expect(httpStatus).toBe(503);
      expect(body.data.postgres).toMatchObject({ ok: false, error: expect.any(String) });
      expect(body.data.redis).toMatchObject({ ok: true });
    } finally {
      await ingest.stop();
    }
  });
});
