import type { Worker } from 'bullmq';
import { pino, type Logger } from 'pino';
import {
  bullmqPrefix,
  closeQueueClient,
  closeRedis,
  createRedisConnection,
  reconnectUntilStopped,
  type RedisConnection,
} from '@kb/platform';
import { redisTargetOf, type AppConfig } from '../config.js';

/** A long job's worker run inside the API process (a `defineJobWorker` declaration and what it needs). */
interface JobWorker<D> {
  start(connection: RedisConnection, prefix: string, deps: D, onError: (err: Error) => void): Worker;
}

/**
 * Starts `jobWorker` on a connection of its own and answers how to stop it: at shutdown the connection stops
 * reconnecting and the worker closes within a bound, so a Redis that is gone cannot hold the process.
 */
export function hostJobWorker<D>(
  config: AppConfig,
  queue: string,
  jobWorker: JobWorker<D>,
  deps: (log: Logger) => D,
): { close(): Promise<void> } {
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'api', worker: queue } });
  const reconnect = reconnectUntilStopped();
  const connection = createRedisConnection(redisTargetOf(config), 'worker', `api:${queue}`, {
    retryStrategy: reconnect.retryStrategy,
  });
  connection.on('error', () => undefined);
  const worker = jobWorker.start(connection, bullmqPrefix(config.REDIS_PREFIX), deps(log), (err) =>
    log.warn({ err: err.message }, `${queue} worker`),
  );
  return {
    async close() {
      reconnect.stop();
      await closeQueueClient(worker);
      await closeRedis(connection);
    },
  };
}
