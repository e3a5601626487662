import { createRedisConnection, type RedisRole } from '@kb/platform';
import type { Redis } from 'ioredis';

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
