import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createRedisConnection, isConnectionError, QUEUE_NAMES, QUEUES, type RedisRole } from '@kb/platform';

export { closeConnection, isConnectionError, reconnectDelayMs } from '@kb/platform';

/**
 * This app's connections, made by the platform's one factory: to REDIS_URL, or to the Redis Cluster that
 * REDIS_CLUSTER_NODES names (the URL then brings credentials and TLS only). A Cluster answers the same
 * commands and BullMQ takes it as it takes a Redis, so the rest of the app holds either under one type.
 */
function connection(url: string, role: RedisRole, name: string): Redis {
  return createRedisConnection({ url, clusterNodes: process.env.REDIS_CLUSTER_NODES }, role, name) as Redis;
}

/**
 * Connection for queue producers and probes: commands fail at once while Redis is away (no offline
 * queue, one retry) so an HTTP caller gets an answer instead of waiting for the reconnection.
 */
export function createProducerConnection(url: string, name: string): Redis {
  return connection(url, 'producer', name);
}

/** Connection for workers: commands wait for the reconnection instead of failing (BullMQ requires `null`). */
export function createWorkerConnection(url: string, name: string): Redis {
  return connection(url, 'worker', name);
}

/**
 * Reports lost Redis connections once, as a state change, not once per client and retry: every queue and worker
 * re-emits its connection's errors, and each reconnection attempt fails anew. `probe` (a fail-fast connection)
 * tells when Redis is reachable again.
 */
export function redisErrorReporter(log: Logger, probe: Redis) {
  let down = false;
  const onError = (err: Error, source: string) => {
    if (!isConnectionError(err)) return log.error({ err, source }, 'redis error');
    if (!down) log.warn({ err: err.message }, 'redis unreachable; reconnecting in the background');
    down = true;
  };
  probe.on('ready', () => {
    if (down) log.info('redis reachable again');
    down = false;
  });
  return {
    onError,
    /** Hears a connection's errors (without a listener, ioredis prints every failed reconnection). */
    watch(connection: Redis): Redis {
      connection.on('error', (err: Error) => onError(err, 'connection'));
      return connection;
    },
  };
}

export type RedisErrorReporter = ReturnType<typeof redisErrorReporter>;

/** Every queue of QUEUES on the producer connection, with its default job options. */
export function openQueues(producer: Redis, prefix: string, reporter: RedisErrorReporter): Queue[] {
  return QUEUE_NAMES.map((name) => {
    const queue = new Queue(name, {
      connection: producer,
      prefix,
      defaultJobOptions: QUEUES[name].defaultJobOptions,
    });
    queue.on('error', (err) => reporter.onError(err, `queue ${name}`));
    return queue;
  });
}
