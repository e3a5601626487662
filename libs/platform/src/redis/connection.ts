import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';

/**
 * Where Redis is: one server (`url`), or a Redis Cluster when `clusterNodes` lists some of its nodes
 * (`host:port,host:port`, from REDIS_CLUSTER_NODES). With a cluster the URL still brings the credentials and
 * TLS (`rediss://user:password@…`); the client learns the other nodes and the slot map from those given.
 */
export interface RedisTarget {
  url: string;
  clusterNodes?: string;
}

/**
 * What the connection is for:
 * - `producer`: queue producers and probes; a command fails at once while Redis is away (no offline queue, one
 *   retry), so an HTTP caller gets an answer instead of waiting for the reconnection;
 * - `worker`: BullMQ workers (and their blocking reads); commands wait for the reconnection (BullMQ requires
 *   `maxRetriesPerRequest: null`);
 * - `client`: the API's caches, throttles and queue producers; a command is retried twice, then fails.
 */
export type RedisRole = 'producer' | 'worker' | 'client';

/** Either kind of connection: both answer the same commands; BullMQ takes both. */
export type RedisConnection = Redis | Cluster;

/**
 * Reconnect delay after the n-th failed attempt: grows, but never beyond 5 s, and never gives up, so
 * the service heals by itself when Redis comes back (BullMQ guide, "Automatic reconnections").
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** Math.max(0, attempt - 1), 5000);
}

// How long a closing socket may linger after its end before it is destroyed (ioredis default: 2 s).
// A dead socket whose connection failed never reports its close, so this is how long it lingers.
const DISCONNECT_TIMEOUT_MS = 500;

function roleOptions(role: RedisRole): RedisOptions {
  switch (role) {
    case 'producer':
      return { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 };
    case 'worker':
      return { maxRetriesPerRequest: null, connectTimeout: 2000 };
    case 'client':
      return { maxRetriesPerRequest: 2, connectTimeout: 5000 };
  }
}

/** The cluster's seed nodes of `host:port,host:port` (IPv6 as `[::1]:7000`); empty when none are given. */
export function parseClusterNodes(list: string | undefined): { host: string; port: number }[] {
  return (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((node) => {
      const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(node);
      if (!m) throw new Error(`REDIS_CLUSTER_NODES: "${node}" is not host:port`);
      return { host: m[1]!, port: Number(m[2]) };
    });
}

/**
 * The one place a Redis connection is made (the API, device-ingest and the workers all come here): a plain
 * connection to REDIS_URL, or an ioredis Cluster over REDIS_CLUSTER_NODES with the same role settings.
 * Queue keys stay in one hash slot through the BullMQ prefix (see `bullmqPrefix`); other keys (caches,
 * throttles) are single-key commands and may live on any node.
 */
export function createRedisConnection(
  target: RedisTarget,
  role: RedisRole,
  name: string,
  extra: RedisOptions = {},
): RedisConnection {
  const options: RedisOptions = {
    connectionName: name,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
    ...roleOptions(role),
    ...extra,
  };
  const nodes = parseClusterNodes(target.clusterNodes);
  if (!nodes.length) return new Redis(target.url, options);
  const url = new URL(target.url);
  const { enableOfflineQueue, retryStrategy, ...perNode } = options;
  const clusterOptions: ClusterOptions = {
    enableOfflineQueue,
    clusterRetryStrategy: (times) => retryStrategy?.(times) ?? reconnectDelayMs(times),
    // Writes and reads go to the masters: a queue must read what it just wrote.
    scaleReads: 'master',
    slotsRefreshTimeout: 2000,
    lazyConnect: extra.lazyConnect,
    redisOptions: {
      ...perNode,
      username: url.username ? decodeURIComponent(url.username) : undefined,
      password: url.password ? decodeURIComponent(url.password) : undefined,
      // Managed clusters behind TLS announce node addresses whose certificates are checked by name.
      ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    },
    // A managed cluster's nodes announce names that must be used as given, not resolved again (TLS).
    ...(url.protocol === 'rediss:' ? { dnsLookup: (address, done) => done(null, address) } : {}),
  };
  return new Cluster(nodes, clusterOptions);
}

const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** True for errors that only say Redis cannot be reached (as opposed to a failing command or script). */
export function isConnectionError(err: Error): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  if (code && NETWORK_ERROR_CODES.has(code)) return true;
  return /connection is closed|stream isn't writeable|connect etimedout|failed to refresh slots cache|cluster.*(down|not connected)|none of startup nodes/i.test(
    err.message,
  );
}

/** Closes a connection whatever its state: QUIT when connected, else drop the socket and stop reconnecting. */
export async function closeConnection(redis: RedisConnection): Promise<void> {
  if (redis.status === 'ready') {
    try {
      await redis.quit();
      return;
    } catch {
      // Lost between the check and QUIT: fall through to disconnect.
    }
  }
  redis.disconnect();
}

/** Deletes every key starting with `prefix`, on every master of a cluster (SCAN, not KEYS). */
export async function deleteKeysWithPrefix(redis: RedisConnection, prefix: string): Promise<number> {
  const servers = redis instanceof Cluster ? redis.nodes('master') : [redis];
  let deleted = 0;
  for (const server of servers) {
    let cursor = '0';
    do {
      const [next, keys] = await server.scan(cursor, 'MATCH', `${escapeGlob(prefix)}*`, 'COUNT', 1000);
      cursor = next;
      // One key per command: keys of one batch may live in different slots.
      for (const key of keys) deleted += await server.unlink(key);
    } while (cursor !== '0');
  }
  return deleted;
}

const escapeGlob = (s: string) => s.replace(/[*?[\]\\]/g, '\\$&');
