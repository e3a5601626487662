import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import {
  bullmqPrefix,
  createMetricsRegistry,
  createPool,
  createTranslationProvider,
  queueMetrics,
  readiness,
  type QueueMetrics,
  type Readiness,
} from '@kb/platform';
import { translationSettings, type IngestConfig } from './config.js';
import { serviceLogger } from './process.js';
import {
  closeConnection,
  createProducerConnection,
  createWorkerConnection,
  openQueues,
  redisErrorReporter,
} from './redis.js';
import { jobWorker, type WorkerContext, type WorkerEntry } from './worker-entry.js';
import { systemWorker } from './system-worker.js';
import { deviceWorkers } from './devices/device-workers.js';
import { appWorkers } from './app-api/app-workers.js';
import { searchRecordExportWorker } from './app-api/search-record-export-worker.js';
import { payingUserImportWorker } from './app-api/paying-user-import-worker.js';
import { offlinePackBuildWorker } from './offline-packs/offline-pack-build-worker.js';
import { recipeExportWorker } from './recipe-jobs/recipe-export-worker.js';
import { recipeImportWorker } from './recipe-jobs/recipe-import-worker.js';
import { importedRecipes } from './recipe-jobs/recipe-command-path.js';
import { recipeTranslateWorker } from './recipe-jobs/recipe-translate-worker.js';
import { noticePushWorker } from './notices/notice-push-worker.js';

/**
 * Every long job and queue consumer of the back-office that runs outside the API (all but the list exports). Lanes: staff file jobs (exports,
 * imports) one at a time on one connection; pack builds and recipe exports (long, one at a time) on another;
 * translation waits on a remote service, so a slow service holds no export; device and app posts on their own.
 */
export const WORKERS: readonly WorkerEntry[] = [
  systemWorker,
  deviceWorkers,
  appWorkers,
  jobWorker(searchRecordExportWorker, 'exports', (ctx) => ({
    filesDir: ctx.config.FILES_DIR,
    databaseUrl: ctx.config.DATABASE_URL,
  })),
  jobWorker(payingUserImportWorker, 'exports', (ctx) => ({ filesDir: ctx.config.FILES_DIR })),
  jobWorker(recipeImportWorker, 'exports', (ctx) => ({
    filesDir: ctx.config.FILES_DIR,
    recipes: importedRecipes(ctx),
  })),
  jobWorker(offlinePackBuildWorker, 'pack-builds', (ctx) => ({ filesDir: ctx.config.FILES_DIR })),
  jobWorker(recipeExportWorker, 'pack-builds', (ctx) => ({ filesDir: ctx.config.FILES_DIR })),
  jobWorker(recipeTranslateWorker, 'translate', (ctx) => ({
    provider: createTranslationProvider(translationSettings(ctx.config)),
  })),
  noticePushWorker,
];

export interface RunningWorkers {
  /** The Prometheus registry the workers' families are on (main serves it on the metrics port). */
  registry: Registry;
  /** Readiness: Redis and Postgres answer. */
  ready(): Promise<Readiness>;
  /** Stops fetching jobs, lets the jobs in hand finish, and closes every connection. */
  stop(): Promise<void>;
}

/**
 * Starts the workers process: each entry of `entries` on shared connections (one per lane), a pool and the queues
 * (producer side, for follow-up jobs). It does not wait for Redis or Postgres: while either is away it reconnects
 * in the background. `metrics`: the families to report on, when another part of this process has them already.
 */
export async function startWorkers(
  config: IngestConfig,
  entries: readonly WorkerEntry[] = WORKERS,
  options: { logger?: Logger; metrics?: { registry: Registry; queues: QueueMetrics } } = {},
): Promise<RunningWorkers> {
  const log = options.logger ?? serviceLogger(config, 'workers');
  const prefix = bullmqPrefix(config.REDIS_PREFIX);
  const pool = createPool(config.DATABASE_URL, { max: 10, applicationName: 'kitchen-workers' });
  // Named after their role and the key prefix, so CLIENT LIST shows which deployment holds them.
  const probe = createProducerConnection(config.REDIS_URL, `workers:probe:${prefix}`);
  const reporter = redisErrorReporter(log, probe);
  reporter.watch(probe);
  const producer = reporter.watch(createProducerConnection(config.REDIS_URL, `workers:producer:${prefix}`));
  const queues = openQueues(producer, prefix, reporter);
  const lanes = new Map<string, Redis>();
  const ctx: WorkerContext = {
    config,
    pool,
    prefix,
    log,
    queue: (name) => queues.find((q) => q.name === name)!,
    connection(lane) {
      let connection = lanes.get(lane);
      if (!connection) {
        connection = reporter.watch(createWorkerConnection(config.REDIS_URL, `workers:${lane}:${prefix}`));
        lanes.set(lane, connection);
      }
      return connection;
    },
    onError: reporter.onError,
  };

  const registry = options.metrics?.registry ?? createMetricsRegistry('workers');
  const metrics = options.metrics?.queues ?? queueMetrics(registry, queues);
  const started = entries.map((entry) => entry.start(ctx));
  const workers = started.flatMap((s) => s.workers);
  for (const worker of workers) metrics.watch(worker);
  log.info({ prefix, queues: workers.map((w) => w.name) }, 'workers running');

  const ready = () => readiness({ redis: () => probe.ping(), postgres: () => pool.query('SELECT 1') });

  let stopping: Promise<void> | undefined;
  async function closeAll(): Promise<void> {
    for (const s of started) s.stop?.();
    // A worker finishes the jobs in hand, then stops fetching. While Redis is away no job can be finished (nor
    // even fetched), and a graceful close would wait for the reconnection forever.
    const redisAway = [...lanes.values()].some((c) => c.status !== 'ready');
    const results = await Promise.allSettled([
      ...workers.map((w) => w.close(redisAway)),
      ...queues.map((q) => q.close()),
    ]);
    await Promise.allSettled([...[probe, producer, ...lanes.values()].map(closeConnection), pool.end()]);
    for (const r of results) if (r.status === 'rejected') log.warn({ err: r.reason }, 'error while stopping');
  }
  return {
    registry,
    ready,
    stop() {
      stopping ??= closeAll().then(() => log.info('workers stopped'));
      return stopping;
    },
  };
}
