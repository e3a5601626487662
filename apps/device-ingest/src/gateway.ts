import type { Logger } from 'pino';
import { bullmqPrefix, createPool, readiness, type Readiness } from '@kb/platform';
import type { IngestConfig } from './config.js';
import { serviceLogger } from './process.js';
import { checkHealth } from './health.js';
import { createGateway } from './http.js';
import { closeConnection, createProducerConnection, openQueues, redisErrorReporter } from './redis.js';
import { createDeviceApi, CredentialCache } from './devices/device-api.js';
import { FAULT_QUEUE, TELEMETRY_QUEUE } from './devices/device-workers.js';
import { createAppApi } from './app-api/app-api.js';
import { createAppAuth, listenForRevocations } from './app-api/app-auth.js';
import { APP_ACTIVITY_QUEUE, COOKING_QUEUE } from './app-api/app-workers.js';
import { createIngestMetrics, type IngestMetrics } from './metrics.js';

/** How many connections the kernel may hold for the gateway before it takes them up. */
const LISTEN_BACKLOG = 4096;

export interface RunningGateway {
  /** The port the HTTP server listens on (the real one when INGEST_PORT is 0). */
  port: number;
  /** Prometheus families of this process (main.ts serves them on the metrics port). */
  metrics: IngestMetrics;
  /** Readiness: Redis and Postgres answer. */
  ready(): Promise<Readiness>;
  /** Stops taking requests and closes every connection. */
  stop(): Promise<void>;
}

/**
 * Starts the gateway: the device API (`/device/v1`) and the companion app's API (`/app/v1`) on one HTTP server,
 * which validate and enqueue; the workers process stores. It does not wait for Redis or Postgres: while either is
 * away it runs, reconnects in the background and answers 503 on /health.
 */
export async function startGateway(
  config: IngestConfig,
  options: { logger?: Logger } = {},
): Promise<RunningGateway> {
  const log = options.logger ?? serviceLogger(config, 'device-ingest');
  const prefix = bullmqPrefix(config.REDIS_PREFIX);
  // The device tables (@kb/devices) are migrated by the API at its start, with the reference tables they read.
  const pool = createPool(config.DATABASE_URL, { max: 10, applicationName: 'kitchen-device-ingest' });
  // Producers and probes fail fast, so an HTTP caller gets an answer instead of waiting for a reconnection.
  // Named after their role and the key prefix, so CLIENT LIST shows which deployment holds them.
  const probe = createProducerConnection(config.REDIS_URL, `device-ingest:probe:${prefix}`);
  const reporter = redisErrorReporter(log, probe);
  reporter.watch(probe);
  const producer = reporter.watch(
    createProducerConnection(config.REDIS_URL, `device-ingest:producer:${prefix}`),
  );
  const queues = openQueues(producer, prefix, reporter);
  const queueNamed = (name: string) => queues.find((q) => q.name === name)!;

  const metrics = createIngestMetrics(queues);
  const onAccepted = (queue: string, messages: number) => metrics.messages.inc({ queue }, messages);
  for (const name of [TELEMETRY_QUEUE, FAULT_QUEUE, COOKING_QUEUE, APP_ACTIVITY_QUEUE])
    metrics.messages.inc({ queue: name }, 0);

  const backpressure = {
    redis: producer,
    maxQueueWaitMs: config.INGEST_MAX_QUEUE_WAIT_MS,
    maxLoopLagMs: config.INGEST_MAX_LOOP_LAG_MS,
    jobLockMs: config.INGEST_JOB_LOCK_MS,
    gatherMs: config.INGEST_POST_GATHER_MS,
  };
  const credentials = new CredentialCache(pool, config.INGEST_AUTH_CACHE_MS);
  const device = createDeviceApi({
    pool,
    credentials,
    telemetryQueue: queueNamed(TELEMETRY_QUEUE),
    faultQueue: queueNamed(FAULT_QUEUE),
    cookingQueue: queueNamed(COOKING_QUEUE),
    authCacheMs: config.INGEST_AUTH_CACHE_MS,
    maxClockSkewMs: config.INGEST_MAX_CLOCK_SKEW_MS,
    ...backpressure,
    onAccepted,
  });
  const appAuth = createAppAuth(pool, config.INGEST_AUTH_CACHE_MS);
  const appSignOuts = listenForRevocations(
    config.DATABASE_URL,
    { app: appAuth, devices: credentials },
    (err) => log.warn({ err: err.message }, 'sign-out and revocation listener'),
  );
  const app = createAppApi({
    pool,
    auth: appAuth,
    activityQueue: queueNamed(APP_ACTIVITY_QUEUE),
    authCacheMs: config.INGEST_AUTH_CACHE_MS,
    ...backpressure,
    onAccepted,
  });
  const ready = () =>
    readiness({
      redis: () => probe.ping(),
      postgres: () => pool.query('SELECT 1'),
    });

  const server = createGateway({
    health: () => checkHealth({ redis: probe, pool, queues }),
    log,
    apis: [device, app],
    ready,
    metrics,
  });
  let port: number;
  try {
    // Connections not yet taken up may queue up to LISTEN_BACKLOG (the kernel caps it at net.core.somaxconn):
    // past Node's default of 511, a burst of new connections while the event loop is busy lost its SYNs, and
    // each such client connected one or three seconds late (its SYN retransmitted), before the service could
    // even answer it 503.
    await server.listen({ port: config.INGEST_PORT, host: config.INGEST_HOST, backlog: LISTEN_BACKLOG });
    const address = server.server.address();
    port = typeof address === 'object' && address ? address.port : config.INGEST_PORT;
  } catch (error) {
    await closeAll();
    const where = `${config.INGEST_HOST}:${config.INGEST_PORT}`;
    throw new Error(`device-ingest cannot listen on ${where}: ${(error as Error).message}`, { cause: error });
  }
  log.info(
    { host: config.INGEST_HOST, port, prefix },
    `device-ingest listening on http://${config.INGEST_HOST}:${port}`,
  );

  async function closeAll(): Promise<void> {
    const serverClosed = server.close();
    const results = await Promise.allSettled([
      appSignOuts.close(),
      ...queues.map((q) => q.close()),
      serverClosed,
    ]);
    await Promise.allSettled([closeConnection(producer), closeConnection(probe), pool.end()]);
    for (const r of results) if (r.status === 'rejected') log.warn({ err: r.reason }, 'error while stopping');
  }

  let stopping: Promise<void> | undefined;
  return {
    port,
    metrics,
    ready,
    stop() {
      stopping ??= closeAll().then(() => log.info('device-ingest gateway stopped'));
      return stopping;
    },
  };
}
