import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createTestDatabase, eventually, type TestDatabase } from '@kb/testing';
import { createPool, type Pool } from '../db/pool.js';
import { migrate } from '../db/migrate.js';
import { bullmqPrefix, RECIPE_EXPORT_JOB, RECIPE_EXPORT_QUEUE } from '../queues/index.js';
import { defineJobWorker, JobFailure } from './define-job-worker.js';
import { findJobRun, insertJobRun, listJobRuns } from './job-runs.js';
import { jobRunsMigrations } from './job-runs.migrations.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('defineJobWorker: a long job on a typed queue records its run', () => {
  let db: TestDatabase;
  let pool: Pool;
  let redis: Redis;
  let queue: Queue;
  let events: QueueEvents;
  let eventsConnection: Redis;
  const prefix = bullmqPrefix(`kit-${randomUUID().slice(0, 8)}:`);
  const log = pino({ level: 'silent' });
  /** What the worker under test does with each payload, by its first recipe id. */
  const behaviour = new Map<string, 'work' | 'refuse' | 'flaky'>();
  const tries = new Map<string, number>();

  const worker = defineJobWorker({
    queue: RECIPE_EXPORT_QUEUE,
    kind: 'recipe-export',
    run: async (ctx) => {
      const ids = ctx.data.recipeIds;
      const mode = behaviour.get(ids[0]!) ?? 'work';
      tries.set(ctx.runId, (tries.get(ctx.runId) ?? 0) + 1);
      for (const [i, id] of ids.entries()) {
        ctx.item({ key: id.slice(0, 8), outcome: 'exported' });
        await ctx.progress(i + 1, ids.length);
        if (mode === 'refuse' && i === 1) throw new JobFailure('recipe_export_refused', { count: 2 });
      }
      if (mode === 'flaky' && tries.get(ctx.runId) === 1) throw new Error('disk hiccup');
      return { output: { path: 'x/out.zip', name: 'out.zip', size: 123 }, summary: { recipes: ids.length } };
    },
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    pool = createPool(db.url);
    await migrate(pool, jobRunsMigrations);
    redis = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    queue = new Queue(RECIPE_EXPORT_QUEUE, { connection: redis, prefix });
    eventsConnection = redis.duplicate();
    events = new QueueEvents(RECIPE_EXPORT_QUEUE, { connection: eventsConnection, prefix });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events.close();
    eventsConnection.disconnect();
    await queue.obliterate({ force: true });
    await queue.close();
    redis.disconnect();
    await pool.end();
    await db.drop();
  });

  async function runJob(mode: 'work' | 'refuse' | 'flaky', brand = 'DEMO') {
    const runId = randomUUID();
    const recipeIds = Array.from({ length: 40 }, () => randomUUID());
    behaviour.set(recipeIds[0]!, mode);
    await insertJobRun(pool, { id: runId, kind: 'recipe-export', brandOwnerCode: brand, startedBy: 'demo' });
    const job = await queue.add(
      RECIPE_EXPORT_JOB,
      { runId, brandOwnerCode: brand, actor: 'demo', correlationId: randomUUID(), recipeIds },
      { jobId: runId, attempts: 2, backoff: { type: 'fixed', delay: 50 } },
    );
    const connection = redis.duplicate({ maxRetriesPerRequest: null });
    const running = worker.start(connection, prefix, { pool, log }, () => undefined);
    try {
      await job.waitUntilFinished(events, 15_000).catch(() => undefined);
      // a failed job's last attempt is recorded before BullMQ reports it
      await eventually(
        () => findJobRun(pool, brand, runId),
        (run) => run?.state !== 'running',
        15_000,
        `job run ${runId} ended`,
      );
    } finally {
      await running.close();
      connection.disconnect();
    }
    return runId;
  }

  it('ends a run succeeded with its progress, every item and its output', async () => {
    const id = await runJob('work');
    const run = await findJobRun(pool, 'DEMO', id);
    expect(run).toMatchObject({
      state: 'succeeded',
      progress_done: 40,
      progress_total: 40,
      output_name: 'out.zip',
      summary: { recipes: 40 },
      error_code: null,
      attempts: 1,
    });
    expect(run!.results).toHaveLength(40);
    expect(run!.results[0]).toMatchObject({ outcome: 'exported' });
    // another brand does not see it
    expect(await findJobRun(pool, 'OTHER', id)).toBeNull();
  });

  it('fails a refused run at once with its code and params, keeping the items done before', async () => {
    const id = await runJob('refuse');
    const run = await findJobRun(pool, 'DEMO', id);
    expect(run).toMatchObject({
      state: 'failed',
      error_code: 'recipe_export_refused',
      error_params: { count: 2 },
      attempts: 1,
      output_name: null,
    });
    expect(run!.results).toHaveLength(2);
  });

  it('retries a run that failed by accident and ends it succeeded on the next attempt', async () => {
    const id = await runJob('flaky');
    const run = await findJobRun(pool, 'DEMO', id);
    expect(run).toMatchObject({ state: 'succeeded', attempts: 2, error_code: null });
    // the items of the failed attempt are not counted twice
    expect(run!.results).toHaveLength(40);
  });

  it('lists the brand’s runs newest first, page by page', async () => {
    const first = await listJobRuns(pool, 'DEMO', { size: 2 });
    expect(first).toHaveLength(2);
    const last = first[1]!;
    const rest = await listJobRuns(pool, 'DEMO', {
      size: 10,
      after: { createdAt: last.created_at, id: last.id },
    });
    expect(rest).toHaveLength(1);
    expect(new Set([...first, ...rest].map((r) => r.id)).size).toBe(3);
    expect(await listJobRuns(pool, 'OTHER', { size: 10 })).toEqual([]);
  });
});
