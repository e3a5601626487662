import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import {
  bullmqPrefix,
  closeQueueClient,
  closeRedis,
  createRedisConnection,
  NOTICE_PUSH_JOB,
  NOTICE_PUSH_QUEUE,
  noticePushJobId,
  QUEUES,
  type RedisConnection,
} from '@kb/platform';
import { APP_CONFIG, redisTargetOf, type AppConfig } from '../../config.js';

/**
 * The producer side of the `notification-push` queue: a push job per notice and time, delayed until then. The
 * schedule itself lives in Postgres (device-ingest arms it again at its start), so a job that cannot be removed
 * now only finds a notice that is no longer due and does nothing.
 */
@Injectable()
export class NoticePushQueue implements OnApplicationShutdown {
  private readonly connection: RedisConnection;
  private readonly queue: Queue;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.connection = createRedisConnection(redisTargetOf(config), 'client', 'api:notice-push');
    this.connection.on('error', () => undefined);
    this.queue = new Queue(NOTICE_PUSH_QUEUE, {
      connection: this.connection,
      prefix: bullmqPrefix(config.REDIS_PREFIX),
      defaultJobOptions: QUEUES[NOTICE_PUSH_QUEUE].defaultJobOptions,
    });
    this.queue.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await closeQueueClient(this.queue);
    await closeRedis(this.connection);
  }

  /**
   * Adds the notice's push job. False when Redis cannot take it now: the notice is scheduled in Postgres all the
   * same, and device-ingest's timer arms it within a minute.
   */
  async schedule(notice: { id: string; brand: string; actor: string; pushAt: Date }): Promise<boolean> {
    try {
      await this.queue.add(
        NOTICE_PUSH_JOB,
        {
          brandOwnerCode: notice.brand,
          actor: notice.actor,
          correlationId: randomUUID(),
          noticeId: notice.id,
        },
        {
          jobId: noticePushJobId(notice.id, notice.pushAt),
          delay: Math.max(0, notice.pushAt.getTime() - Date.now()),
        },
      );
      return true;
    } catch {
      return false;
    }
  }

  /** Removes the waiting job of a moved or cancelled time (an already running one checks the notice itself). */
  async unschedule(noticeId: string, pushAt: Date): Promise<void> {
    await this.queue.remove(noticePushJobId(noticeId, pushAt)).catch(() => 0);
  }
}
