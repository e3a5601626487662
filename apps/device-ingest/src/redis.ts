import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { QUEUE_NAMES, QUEUES } from '@kb/platform';

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

/**
 * Connection for queue producers and probes: commands fail at once while Redis is away (no offline
 * queue, one retry) so an HTTP caller gets an answer instead of waiting for the reconnection.
 */
export function createProducerConnection(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
  });
}

/** Connection for workers: commands wait for the reconnection instead of failing (BullMQ requires `null`). */
export function createWorkerConnection(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    connectTimeout: 2000,
    disconnectTimeout: DISCONNECT_TIMEOUT_MS,
    retryStrategy: reconnectDelayMs,
  });
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
  return /connection is closed|stream isn't writeable|connect etimedout/i.test(err.message);
}

/** Closes a connection whatever its state: QUIT when connected, else drop the socket and stop reconnecting. */
export async function closeConnection(redis: Redis): Promise<void> {
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
