import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import { Queue, Worker } from 'bullmq';
import { createPool } from '@kb/platform';
import { pino, type Logger } from 'pino';
import { translationSettings, type IngestConfig } from './config.js';
import { checkHealth } from './health.js';
import { createRequestHandler } from './http.js';
import { bullmqPrefix, QUEUE_NAMES, QUEUES, SYSTEM_QUEUE, WORKER_RETENTION } from '@kb/platform';
import {
  closeConnection,
  createProducerConnection,
  createWorkerConnection,
  isConnectionError,
} from './redis.js';
import { processSystemJob } from './system-worker.js';
import { createDeviceApi } from './devices/device-api.js';
import { FAULT_QUEUE, startDeviceWorkers, TELEMETRY_QUEUE } from './devices/device-workers.js';
import { createAppApi } from './app-api/app-api.js';
import { createAppAuth, listenForAppUserSignOuts } from './app-api/app-auth.js';
import { APP_ACTIVITY_QUEUE, COOKING_QUEUE, startAppWorkers } from './app-api/app-workers.js';
import { searchRecordExportWorker } from './app-api/search-record-export-worker.js';
import { payingUserImportWorker } from './app-api/paying-user-import-worker.js';
import { startOfflinePackBuildWorker } from './offline-packs/offline-pack-build-worker.js';
import { startRecipeExportWorker } from './recipe-jobs/recipe-export-worker.js';
import { startRecipeTranslateWorker } from './recipe-jobs/recipe-translate-worker.js';
import { armScheduledNotices, startNoticePushWorker } from './notices/notice-push-worker.js';
import {
  createTranslationProvider,
  NOTICE_PUSH_QUEUE,
  readiness,
  requestIdMixin,
  type Readiness,
} from '@kb/platform';
import { createIngestMetrics, type IngestMetrics } from './metrics.js';

export interface RunningIngest {
  /** The port the HTTP server listens on (the real one when INGEST_PORT is 0). */
  port: number;
  /** Prometheus families of this process (main.ts serves them on the metrics port). */
  metrics: IngestMetrics;
  /** Readiness: Redis and Postgres answer. */
  ready(): Promise<Readiness>;
  /** Stops taking requests and jobs, lets the running job finish, and closes every connection. */
  stop(): Promise<void>;
}

/**
 * Starts device-ingest: the queues, the system worker and the HTTP server. It does not wait for Redis
 * or Postgres: while either is away it runs, reconnects in the background and answers 503 on /health.
 */
export async function startIngest(
  config: IngestConfig,
  options: { logger?: Logger } = {},
): Promise<RunningIngest> {
  const log =
    options.logger ??
    pino({ level: config.LOG_LEVEL, base: { service: 'device-ingest' }, mixin: requestIdMixin });
  const prefix = bullmqPrefix(config.REDIS_PREFIX);

  const pool = createPool(config.DATABASE_URL, { max: 10, applicationName: 'kitchen-device-ingest' });
  // The device tables (@kb/devices) are migrated by the API at its start, with the reference tables they
  // read; until then device writes fail and are retried with backoff.
  // Three connections with different needs: producers and probes fail fast, the worker waits.
  // Named after their role and the key prefix, so CLIENT LIST shows which deployment holds them.
  const producer = createProducerConnection(config.REDIS_URL, `device-ingest:producer:${prefix}`);
  const probe = createProducerConnection(config.REDIS_URL, `device-ingest:probe:${prefix}`);
  const workerConnection = createWorkerConnection(config.REDIS_URL, `device-ingest:worker:${prefix}`);
  // Lost connections are reported once, as a state change, not once per client and retry: every
  // queue re-emits its connection's errors, and each reconnection attempt fails anew.
  let redisDown = false;
  const onRedisError = (err: Error, source: string) => {
    if (!isConnectionError(err)) return log.error({ err, source }, 'redis error');
    if (!redisDown) log.warn({ err: err.message }, 'redis unreachable; reconnecting in the background');
    redisDown = true;
  };
  for (const connection of [producer, probe, workerConnection]) {
    // Without a listener, ioredis prints every failed reconnection as an unhandled error event.
    connection.on('error', (err: Error) => onRedisError(err, 'connection'));
  }
  probe.on('ready', () => {
    if (redisDown) log.info('redis reachable again');
    redisDown = false;
  });

  const queues = QUEUE_NAMES.map((name) => {
    const queue = new Queue(name, {
      connection: producer,
      prefix,
      defaultJobOptions: QUEUES[name].defaultJobOptions,
    });
    queue.on('error', (err) => onRedisError(err, `queue ${name}`));
    return queue;
  });

  const metrics = createIngestMetrics(queues);
  const onAccepted = (queue: string, messages: number) => metrics.messages.inc({ queue }, messages);
  for (const name of [TELEMETRY_QUEUE, FAULT_QUEUE, COOKING_QUEUE, APP_ACTIVITY_QUEUE])
    metrics.messages.inc({ queue: name }, 0);

  const worker = new Worker(SYSTEM_QUEUE, processSystemJob, {
    connection: workerConnection,
    prefix,
    concurrency: 4,
    ...WORKER_RETENTION,
  });
  worker.on('error', (err) => onRedisError(err, `worker ${SYSTEM_QUEUE}`));
  worker.on('failed', (job, err) =>
    log.warn(
      {
        queue: SYSTEM_QUEUE,
        job: job?.name,
        jobId: job?.id,
        attemptsMade: job?.attemptsMade,
        err: err.message,
      },
      'job failed',
    ),
  );
  worker.on('completed', (job) =>
    log.debug({ queue: SYSTEM_QUEUE, job: job.name, jobId: job.id }, 'job completed'),
  );

  const packBuildConnection = createWorkerConnection(config.REDIS_URL, `device-ingest:pack-builds:${prefix}`);
  packBuildConnection.on('error', (err: Error) => onRedisError(err, 'connection'));
  const exportConnection = createWorkerConnection(config.REDIS_URL, `device-ingest:exports:${prefix}`);
  exportConnection.on('error', (err: Error) => onRedisError(err, 'connection'));
  const searchRecordExporter = searchRecordExportWorker.start(
    exportConnection,
    prefix,
    { pool, filesDir: config.FILES_DIR, databaseUrl: config.DATABASE_URL, log },
    (err) => onRedisError(err, 'worker search-record-export'),
  );
  // The paying-user import shares the export's connection (both are staff file jobs, one at a time).
  const payingUserImporter = payingUserImportWorker.start(
    exportConnection,
    prefix,
    { pool, filesDir: config.FILES_DIR, log },
    (err) => onRedisError(err, 'worker paying-user-import'),
  );
  const packBuilder = startOfflinePackBuildWorker(
    packBuildConnection,
    prefix,
    { pool, filesDir: config.FILES_DIR, log },
    (err) => onRedisError(err, 'worker offline-pack-build'),
  );

  // The recipe export shares the pack build's connection (both are long, one job at a time).
  const recipeExporter = startRecipeExportWorker(
    packBuildConnection,
    prefix,
    { pool, filesDir: config.FILES_DIR, log },
    (err) => onRedisError(err, 'worker recipe-export'),
  );
  // Translation waits on a remote service, not the machine: its own connection, so a slow service holds no export.
  const translateConnection = createWorkerConnection(config.REDIS_URL, `device-ingest:translate:${prefix}`);
  translateConnection.on('error', (err: Error) => onRedisError(err, 'connection'));
  const recipeTranslator = startRecipeTranslateWorker(
    translateConnection,
    prefix,
    { pool, log, provider: createTranslationProvider(translationSettings(config)) },
    (err) => onRedisError(err, 'worker translation'),
  );
  const noticeConnection = createWorkerConnection(config.REDIS_URL, `device-ingest:notices:${prefix}`);
  noticeConnection.on('error', (err: Error) => onRedisError(err, 'connection'));
  const noticePusher = startNoticePushWorker(noticeConnection, prefix, { pool, log }, (err) =>
    onRedisError(err, `worker ${NOTICE_PUSH_QUEUE}`),
  );
  // The timer's schedule lives in Postgres: armed at start and every minute (a job lost with Redis comes back).
  const armNotices = () =>
    armScheduledNotices(
      pool,
      queues.find((q) => q.name === NOTICE_PUSH_QUEUE)!,
    ).catch((err: Error) =>
      log.warn({ err: err.message }, 'could not arm scheduled notices; trying again shortly'),
    );
  void armNotices();
  const noticeTimer = setInterval(() => void armNotices(), 60_000);
  noticeTimer.unref();

  // Devices: the API (validate and enqueue) and the workers (store, sweep), in one process or apart (INGEST_ROLE).
  const queueNamed = (name: string) => queues.find((q) => q.name === name)!;
  const device =
    config.INGEST_ROLE === 'workers'
      ? undefined
      : createDeviceApi({
          pool,
          telemetryQueue: queueNamed(TELEMETRY_QUEUE),
          faultQueue: queueNamed(FAULT_QUEUE),
          cookingQueue: queueNamed(COOKING_QUEUE),
          authCacheMs: config.INGEST_AUTH_CACHE_MS,
          maxClockSkewMs: config.INGEST_MAX_CLOCK_SKEW_MS,
          redis: producer,
          maxQueueWaitMs: config.INGEST_MAX_QUEUE_WAIT_MS,
          jobLockMs: config.INGEST_JOB_LOCK_MS,
          onAccepted,
        });
  const deviceConnection =
    config.INGEST_ROLE === 'http'
      ? undefined
      : createWorkerConnection(config.REDIS_URL, `device-ingest:devices:${prefix}`);
  deviceConnection?.on('error', (err: Error) => onRedisError(err, 'connection'));
  const deviceWorkers =
    deviceConnection &&
    startDeviceWorkers({
      connection: deviceConnection,
      prefix,
      pool,
      log,
      concurrency: config.INGEST_WORKER_CONCURRENCY,
      lockDurationMs: config.INGEST_JOB_LOCK_MS,
      sweepMs: config.INGEST_SWEEP_MS,
      maxClockSkewMs: config.INGEST_MAX_CLOCK_SKEW_MS,
      telemetryQueue: queueNamed(TELEMETRY_QUEUE),
      faultQueue: queueNamed(FAULT_QUEUE),
      onError: onRedisError,
    });

  const appAuth =
    config.INGEST_ROLE === 'workers' ? undefined : createAppAuth(pool, config.INGEST_AUTH_CACHE_MS);
  const appSignOuts =
    appAuth &&
    listenForAppUserSignOuts(config.DATABASE_URL, appAuth, (err) =>
      log.warn({ err: err.message }, 'app user sign-out listener'),
    );
  const app =
    appAuth &&
    createAppApi({
      pool,
      auth: appAuth,
      activityQueue: queueNamed(APP_ACTIVITY_QUEUE),
      authCacheMs: config.INGEST_AUTH_CACHE_MS,
      redis: producer,
      maxQueueWaitMs: config.INGEST_MAX_QUEUE_WAIT_MS,
      jobLockMs: config.INGEST_JOB_LOCK_MS,
      onAccepted,
    });
  const appWorkers =
    deviceConnection &&
    startAppWorkers({
      connection: deviceConnection,
      prefix,
      pool,
      log,
      concurrency: config.INGEST_WORKER_CONCURRENCY,
      lockDurationMs: config.INGEST_JOB_LOCK_MS,
      activityQueue: queueNamed(APP_ACTIVITY_QUEUE),
      cookingQueue: queueNamed(COOKING_QUEUE),
      onError: onRedisError,
    });

  for (const w of [
    worker,
    noticePusher,
    packBuilder,
    recipeExporter,
    recipeTranslator,
    searchRecordExporter,
    payingUserImporter,
    ...(deviceWorkers?.workers ?? []),
    ...(appWorkers?.workers ?? []),
  ])
    metrics.queues.watch(w);
  const ready = () =>
    readiness({
      redis: () => probe.ping(),
      postgres: () => pool.query('SELECT 1'),
    });

  const server: Server = createServer(
    createRequestHandler({
      health: () => checkHealth({ redis: probe, pool, queues }),
      log,
      device,
      app,
      ready,
      metrics,
    }),
  );
  server.keepAliveTimeout = 5000;
  server.listen(config.INGEST_PORT, config.INGEST_HOST);
  try {
    await Promise.race([
      once(server, 'listening'),
      once(server, 'error').then(([err]) => Promise.reject(err as Error)),
    ]);
  } catch (error) {
    await closeAll();
    const where = `${config.INGEST_HOST}:${config.INGEST_PORT}`;
    throw new Error(`device-ingest cannot listen on ${where}: ${(error as Error).message}`, { cause: error });
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.INGEST_PORT;
  log.info(
    { host: config.INGEST_HOST, port, prefix, queues: QUEUE_NAMES, role: config.INGEST_ROLE },
    `device-ingest listening on http://${config.INGEST_HOST}:${port}`,
  );

  async function closeAll(): Promise<void> {
    const serverClosed = server.listening
      ? new Promise<void>((resolve) => server.close(() => resolve()))
      : Promise.resolve();
    server.closeIdleConnections();
    // The worker finishes the jobs in hand, then stops fetching. While Redis is away no job can be
    // finished (nor even fetched), and a graceful close would wait for the reconnection forever.
    const redisAway = workerConnection.status !== 'ready';
    clearInterval(noticeTimer);
    const results = await Promise.allSettled([
      worker.close(redisAway),
      noticePusher.close(redisAway),
      packBuilder.close(redisAway),
      recipeExporter.close(redisAway),
      recipeTranslator.close(redisAway),
      searchRecordExporter.close(redisAway),
      payingUserImporter.close(redisAway),
      deviceWorkers?.close(redisAway),
      appWorkers?.close(redisAway),
      appSignOuts?.close(),
      ...queues.map((q) => q.close()),
      serverClosed,
    ]);
    await Promise.allSettled([
      closeConnection(producer),
      closeConnection(probe),
      closeConnection(workerConnection),
      closeConnection(packBuildConnection),
      closeConnection(exportConnection),
      closeConnection(translateConnection),
      closeConnection(noticeConnection),
      ...(deviceConnection ? [closeConnection(deviceConnection)] : []),
      pool.end(),
    ]);
    for (const r of results) if (r.status === 'rejected') log.warn({ err: r.reason }, 'error while stopping');
  }

  let stopping: Promise<void> | undefined;
  return {
    port,
    metrics,
    ready,
    stop() {
      stopping ??= closeAll().then(() => log.info('device-ingest stopped'));
      return stopping;
    },
  };
}
