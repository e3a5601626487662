import { entryPoint, runProcess } from './process.js';
import { startIngest } from './ingest.js';

/**
 * device-ingest: by INGEST_ROLE the gateway (`http`: the device and app APIs), the workers, or both in one process
 * (`all`, the default). `workers-main.ts` is the workers process on its own metrics port.
 */
entryPoint(() =>
  runProcess(
    'device-ingest',
    async (config, logger) => {
      const ingest = await startIngest(config, { logger });
      return { ...ingest, registry: ingest.metrics.registry };
    },
    (config) => config.INGEST_METRICS_PORT,
  ),
);
