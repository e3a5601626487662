import { entryPoint, runProcess } from './process.js';
import { startWorkers, WORKERS } from './workers.js';

/** The workers process: every queue consumer of WORKERS, metrics on WORKERS_METRICS_PORT (9467). */
entryPoint(() =>
  runProcess(
    'workers',
    (config, logger) => startWorkers(config, WORKERS, { logger }),
    (config) => config.WORKERS_METRICS_PORT,
  ),
);
