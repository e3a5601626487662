import { pino, type Logger } from 'pino';
import { requestIdMixin, type Readiness } from '@kb/platform';
import type { IngestConfig } from './config.js';
import { startGateway, type RunningGateway } from './gateway.js';
import { startWorkers, WORKERS, type RunningWorkers } from './workers.js';
import type { IngestMetrics } from './metrics.js';

export interface RunningIngest {
  /** The gateway's HTTP port (the real one when INGEST_PORT is 0); 0 in the `workers` role, which has none. */
  port: number;
  /** The Prometheus registry of this process (main.ts serves it on the metrics port). */
  metrics: Pick<IngestMetrics, 'registry'>;
  /** Readiness: Redis and Postgres answer. */
  ready(): Promise<Readiness>;
  /** Stops taking requests and jobs, lets the running jobs finish, and closes every connection. */
  stop(): Promise<void>;
}

/**
 * Starts what INGEST_ROLE names in this process: the gateway (`http`: the device and app APIs), the workers
 * (`workers`: every queue consumer of WORKERS), or both (`all`: a small install, the tests and the benches). In
 * `all` the workers report on the gateway's metrics registry, so one scrape sees both.
 */
export async function startIngest(
  config: IngestConfig,
  options: { logger?: Logger } = {},
): Promise<RunningIngest> {
  const logger =
    options.logger ??
    pino({ level: config.LOG_LEVEL, base: { service: 'device-ingest' }, mixin: requestIdMixin });
  const gateway: RunningGateway | undefined =
    config.INGEST_ROLE === 'workers' ? undefined : await startGateway(config, { logger });
  let workers: RunningWorkers | undefined;
  try {
    workers =
      config.INGEST_ROLE === 'http'
        ? undefined
        : await startWorkers(config, WORKERS, { logger, metrics: gateway?.metrics });
  } catch (error) {
    await gateway?.stop();
    throw error;
  }
  const parts = [gateway, workers].filter((p) => p !== undefined);
  return {
    port: gateway?.port ?? 0,
    metrics: { registry: gateway?.metrics.registry ?? workers!.registry },
    ready: () => (gateway ?? workers!).ready(),
    async stop() {
      await Promise.all(parts.map((p) => p.stop()));
    },
  };
}
