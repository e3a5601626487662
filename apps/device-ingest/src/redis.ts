import { Redis } from 'ioredis';

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
