import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Queue } from 'bullmq';
import type pg from 'pg';
import type { JobRun } from '@kb/contracts';
import {
  createRedisConnection,
  type RedisConnection,
  bullmqPrefix,
  closeQueueClient,
  closeRedis,
  failJobRun,
  findJobRun,
  insertJobRun,
  QUEUES,
  type JobPayload,
  type QueueName,
  withJobTrace,
} from '@kb/platform';
import { AppError } from '../../common/app-error.js';
import type { Actor } from '@kb/aggregates';
import { APP_CONFIG, redisTargetOf, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';
import { toJobRun } from './job-runs.dto.js';

/** A job to start: its queue and job name, the run's kind, and the payload without the fields the launcher adds. */
export interface JobLaunch<Q extends QueueName, J extends keyof (typeof QUEUES)[Q]['jobs'] & string> {
  queue: Q;
  job: J;
  kind: string;
  payload: Omit<JobPayload<Q, J>, 'runId' | 'brandOwnerCode' | 'actor' | 'correlationId'>;
  /** Shown on the run's screen (what was asked, never secrets). */
  params?: Record<string, unknown>;
  total?: number;
}

/**
 * Starts long jobs for the API: records the run (`job_runs`, queued), validates the payload against the queue's
 * schema and enqueues it with the run's id as job id. The worker (defineJobWorker in device-ingest) does the rest;
 * the screens follow the run through /api/recipe/asyncTask/detail. A queue that is down fails the run and answers 503.
 */
@Injectable()
export class JobLauncher implements OnApplicationShutdown {
  private readonly connection: RedisConnection;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly prefix: string;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.connection = createRedisConnection(redisTargetOf(config), 'client', 'api:jobs', {
      lazyConnect: true,
    });
    this.connection.on('error', () => undefined);
    this.prefix = bullmqPrefix(config.REDIS_PREFIX);
  }

  /** The queue of `name` on the launcher's connection (made at first use), for a job recorded elsewhere than job_runs. */
  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: this.prefix,
        defaultJobOptions: QUEUES[name].defaultJobOptions,
      });
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => closeQueueClient(queue)));
    await closeRedis(this.connection);
  }

  async start<Q extends QueueName, J extends keyof (typeof QUEUES)[Q]['jobs'] & string>(
    actor: Actor,
    launch: JobLaunch<Q, J>,
  ): Promise<JobRun> {
    const runId = randomUUID();
    const schema = (QUEUES[launch.queue].jobs as Record<string, { parse(v: unknown): unknown }>)[launch.job]!;
    const payload = schema.parse({
      ...launch.payload,
      runId,
      brandOwnerCode: actor.brand,
      actor: actor.account,
      correlationId: actor.correlationId,
    });
    await insertJobRun(this.pool, {
      id: runId,
      kind: launch.kind,
      brandOwnerCode: actor.brand,
      startedBy: actor.account,
      params: launch.params,
      total: launch.total,
    });
    try {
      await this.queue(launch.queue).add(launch.job, withJobTrace(payload as object), { jobId: runId });
    } catch (error) {
      await failJobRun(this.pool, runId, 'job_queue_down');
      throw new AppError(503, 'job_queue_down', {}, { cause: (error as Error).message });
    }
    return toJobRun((await findJobRun(this.pool, actor.brand, runId))!, actor.lang);
  }
}
