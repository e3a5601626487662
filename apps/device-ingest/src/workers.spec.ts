import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { baseDatabaseUrl, eventually, redisUrl } from '@kb/testing';
import { bullmqPrefix, QUEUE_NAMES } from '@kb/platform';

const appDir = path.resolve(import.meta.dirname, '..');
const workersMain = path.join(appDir, 'dist/workers-main.js');

/** Queues whose consumer runs elsewhere: the list exports run in the API process. */
const ELSEWHERE = ['list-export'];

describe('the workers process (dist/workers-main.js)', () => {
  const redisPrefix = `kbtest-workers-${randomBytes(4).toString('hex')}:`;
  const prefix = bullmqPrefix(redisPrefix);
  let redis: Redis;
  let child: ChildProcess;
  const lines: Record<string, unknown>[] = [];
  const queues = new Map<string, Queue>();
  const queue = (name: string) => {
    if (!queues.has(name)) queues.set(name, new Queue(name, { connection: redis, prefix }));
    return queues.get(name)!;
  };
  let metricsUrl: string;

  beforeAll(async () => {
    if (!existsSync(workersMain)) throw new Error(`${workersMain} is missing: build device-ingest first`);
    redis = new Redis(redisUrl(), { maxRetriesPerRequest: null });
    child = spawn(process.execPath, [workersMain], {
      cwd: appDir,
      env: {
        ...process.env,
        REDIS_URL: redisUrl(),
        REDIS_PREFIX: redisPrefix,
        DATABASE_URL: baseDatabaseUrl(),
        WORKERS_METRICS_PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const complete = buffered.split('\n');
      buffered = complete.pop()!;
      for (const line of complete.filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
    });
    const announced = await eventually(
      () => lines.find((l) => /metrics, \/livez and \/readyz on /.test(String(l.msg))),
      (l) => l !== undefined,
      30_000,
      'the workers process announcing its metrics port',
    );
    metricsUrl = /on (http:\S+)/.exec(String(announced!.msg))![1]!;
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
    await Promise.all([...queues.values()].map((q) => q.close()));
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length) await redis.unlink(...keys);
    await redis.quit();
  });

  it('consumes every queue whose jobs run outside the API, and only those', async () => {
    const counts = async () =>
      Object.fromEntries(
        await Promise.all(QUEUE_NAMES.map(async (n) => [n, await queue(n).getWorkersCount()] as const)),
      );
    const seen = await eventually(
      counts,
      (c) => QUEUE_NAMES.every((n) => ELSEWHERE.includes(n) || c[n]! > 0),
      20_000,
      'a worker on every queue',
    );
    for (const name of QUEUE_NAMES)
      expect([name, seen[name]! > 0]).toEqual([name, !ELSEWHERE.includes(name)]);
  });

  it('works a job, and shows it on its own metrics port, live and ready', async () => {
    // BullMQ reads events on a connection of its own and leaves the one it is handed open: that one is ours to close.
    const eventsConnection = redis.duplicate();
    const events = new QueueEvents('system', { connection: eventsConnection, prefix });
    try {
      await events.waitUntilReady();
      const nonce = randomUUID();
      const job = await queue('system').add('ping', { nonce });
      await expect(job.waitUntilFinished(events, 10_000)).resolves.toMatchObject({ pong: nonce });
    } finally {
      await events.close();
      await eventsConnection.quit();
    }
    const metrics = await eventually(
      async () => (await fetch(`${metricsUrl}/metrics`)).text(),
      (text) => /bullmq_job_duration_seconds_count\{[^}]*queue="system"[^}]*outcome="completed"/.test(text),
      10_000,
      'the ping in the metrics',
    );
    expect(metrics).toContain('service="workers"');
    expect((await fetch(`${metricsUrl}/livez`)).status).toBe(200);
    expect((await fetch(`${metricsUrl}/readyz`)).status).toBe(200);
  });

  it('stops on SIGTERM: exits 0 and leaves no connection of its own behind', async () => {
    const ours = async () =>
      ((await redis.client('LIST')) as string).split('\n').filter((l) => l.includes(`:${prefix} `));
    expect((await ours()).length).toBeGreaterThan(0);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'workers stopped' }));
    await eventually(ours, (l) => l.length === 0, 5_000, 'its Redis connections closing');
  });
});
