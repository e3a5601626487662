import type { Logger } from 'pino';
import type { IngestConfig } from './config.js';
import { serviceLogger } from './process.js';
import { startGateway, type RunningGateway } from './gateway.js';
import { startWorkers, WORKERS, type RunningWorkers } from './workers.js';
import type { IngestMetrics } from './metrics.js';

/** The gateway's, with its port 0 in the `workers` role (which has none) and only its metrics' registry. */
export interface RunningIngest extends Omit<RunningGateway, 'metrics'> {
  metrics: Pick<IngestMetrics, 'registry'>;
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
  const logger = options.logger ?? serviceLogger(config, 'device-ingest');
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
