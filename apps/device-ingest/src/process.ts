import { pino, type Logger } from 'pino';
import type { Registry } from 'prom-client';
import { requestIdMixin, startOpsServer, startTracing, type Readiness } from '@kb/platform';
import { ConfigError, loadConfig, type IngestConfig } from './config.js';

const SHUTDOWN_GRACE_MS = 30_000;

/** The JSON log of a service of this app: its name on every line, and the request's id while one is served. */
export const serviceLogger = (config: IngestConfig, service: string): Logger =>
  pino({ level: config.LOG_LEVEL, base: { service }, mixin: requestIdMixin });

/**
 * Runs one process of device-ingest (the gateway or the workers): loads the configuration, starts tracing, the
 * service and its metrics port (/metrics, /livez, /readyz), and stops gracefully on SIGTERM or SIGINT.
 */
export async function runProcess(
  service: string,
  start: (
    config: IngestConfig,
    log: Logger,
  ) => Promise<{ registry: Registry; ready(): Promise<Readiness>; stop(): Promise<void> }>,
  metricsPort: (config: IngestConfig) => number,
): Promise<void> {
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
  const tracing = startTracing(`kitchen-${service}`);
  const log = serviceLogger(config, service);
  const running = await start(config, log);
  const ops = await startOpsServer({
    host: config.METRICS_HOST,
    port: metricsPort(config),
    token: config.METRICS_TOKEN,
    registry: running.registry,
    ready: () => running.ready(),
  });
  log.info(`${service} metrics, /livez and /readyz on ${ops.url}`);

  let exitCode = 0;
  const shutdown = (reason: string) => {
    log.info({ reason }, 'shutting down');
    // A job that will not finish must not keep the process forever; the signal's default action
    // (a second Ctrl+C) also still works, since each handler is registered once.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    Promise.all([running.stop(), ops.close()])
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

/** Runs `main` as the process's entry point: a failure to start prints its reason and exits non-zero. */
export function entryPoint(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
