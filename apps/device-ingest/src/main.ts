import { pino } from 'pino';
import { requestIdMixin, startOpsServer, startTracing } from '@kb/platform';
import { ConfigError, loadConfig } from './config.js';
import { startIngest } from './ingest.js';

const SHUTDOWN_GRACE_MS = 30_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Before the pool is made, so its queries are traced too (nothing starts without an OTLP endpoint).
  const tracing = startTracing('kitchen-device-ingest');
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'device-ingest' }, mixin: requestIdMixin });
  const ingest = await startIngest(config, { logger: log });
  const ops = await startOpsServer({
    host: config.METRICS_HOST,
    port: config.INGEST_METRICS_PORT,
    token: config.METRICS_TOKEN,
    registry: ingest.metrics.registry,
    ready: () => ingest.ready(),
  });
  log.info(`device-ingest metrics, /livez and /readyz on ${ops.url}`);

  let exitCode = 0;
  const shutdown = (reason: string) => {
    log.info({ reason }, 'shutting down');
    // A job that will not finish must not keep the process forever; the signal's default action
    // (a second Ctrl+C) also still works, since each handler is registered once.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    Promise.all([ingest.stop(), ops.close()])
      .then(() => tracing?.shutdown())
      .then(
        () => process.exit(exitCode),
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  // BullMQ's production guide: never die silently. A rejected promise nobody awaited is logged; after
  // an uncaught exception the process state is unknown, so it closes gracefully and exits non-zero.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));
  process.once('uncaughtException', (err) => {
    log.fatal({ err }, 'uncaught exception');
    exitCode = 1;
    shutdown('uncaughtException');
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
