import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { probe, withinMs, type Probe } from '@kb/platform';

export type { Probe };

export interface QueueCounts {
  waiting: number;
  active: number;
  failed: number;
}

export interface Health {
  redis: Probe;
  postgres: Probe;
  /** Job counts per queue; null when Redis does not answer. */
  queues: Record<string, QueueCounts> | null;
}

/**
 * PING on a fail-fast connection. While its connection attempt is in flight (just after start, or a
 * reconnection under way) the answer waits for that attempt; while it waits for the next attempt,
 * Redis is known to be away and the probe fails at once.
 */
async function pingRedis(redis: Redis): Promise<void> {
  if (redis.status === 'connecting' || redis.status === 'connect') {
    await new Promise<void>((resolve, reject) => {
      const onReady = () => settle(resolve);
      const onError = (err: Error) => settle(() => reject(err));
      const onClose = () => settle(() => reject(new Error('connection closed')));
      const settle = (done: () => void) => {
        redis.off('ready', onReady).off('error', onError).off('close', onClose);
        done();
      };
      redis.once('ready', onReady).once('error', onError).once('close', onClose);
    });
  }
  await redis.ping();
}

/** Reachability of Redis and Postgres, and (when Redis answers) the job counts of every queue. */
export async function checkHealth(deps: {
  redis: Redis;
  pool: pg.Pool;
  queues: readonly Queue[];
}): Promise<Health> {
  const [redis, postgres] = await Promise.all([
    probe(() => pingRedis(deps.redis)),
    probe(() => deps.pool.query('SELECT 1')),
  ]);
  let queues: Health['queues'] = null;
  if (redis.ok) {
    try {
      const counts = await withinMs(
        Promise.all(deps.queues.map((q) => q.getJobCounts('waiting', 'active', 'failed'))),
      );
      queues = Object.fromEntries(
        deps.queues.map((q, i) => {
          const c = counts[i] ?? {};
          return [q.name, { waiting: c.waiting ?? 0, active: c.active ?? 0, failed: c.failed ?? 0 }];
        }),
      );
    } catch (error) {
      redis.ok = false;
      redis.error = `queue counts: ${(error as Error).message}`;
    }
  }
  return { redis, postgres, queues };
}
