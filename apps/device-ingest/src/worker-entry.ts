import { Worker, type Processor, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { WORKER_RETENTION, type JobWorkerDeps, type Pool, type QueueName } from '@kb/platform';
import type { IngestConfig } from './config.js';

/** What every worker entry gets from the workers process. */
export interface WorkerContext {
  config: IngestConfig;
  pool: Pool;
  /** BullMQ's prefix of every queue. */
  prefix: string;
  log: Logger;
  /** A queue on the producer connection, to queue follow-up jobs (a refused message's own job, a timer's push). */
  queue(name: QueueName): Queue;
  /**
   * A worker connection (commands wait for Redis instead of failing), shared by the entries that name the same
   * `lane`: jobs of one lane wait on each other's Redis round trips, jobs of two lanes never do.
   */
  connection(lane: string): Redis;
  onError(err: Error, source: string): void;
}

/** What an entry started: its BullMQ workers (watched by the metrics) and how to stop anything else it runs. */
export interface StartedWorkers {
  workers: Worker[];
  /** Stops the entry's own timers and writers (its workers are closed by the process). */
  stop?(): void;
}

/** One line of the workers process: a queue consumer, or a few that share a writer or a timer. */
export interface WorkerEntry {
  name: string;
  start(ctx: WorkerContext): StartedWorkers;
}

/** A long job defined with `defineJobWorker` as an entry: its lane and the deps its run needs beyond pool and log. */
export function jobWorker<D extends JobWorkerDeps>(
  definition: {
    queue: QueueName;
    start(connection: Redis, prefix: string, deps: D, onError: (err: Error) => void): Worker;
  },
  lane: string,
  deps: (ctx: WorkerContext) => Omit<D, keyof JobWorkerDeps>,
): WorkerEntry {
  return {
    name: definition.queue,
    start: (ctx) => ({
      workers: [
        definition.start(
          ctx.connection(lane),
          ctx.prefix,
          { pool: ctx.pool, log: ctx.log, ...deps(ctx) } as D,
          (err) => ctx.onError(err, `worker ${definition.queue}`),
        ),
      ],
    }),
  };
}

/** A BullMQ worker of `queue` on the lane's connection, its errors heard and each failure logged as `failed`. */
export function queueWorker(
  ctx: WorkerContext,
  queue: QueueName,
  processor: Processor,
  options: { lane: string; concurrency: number; failed: string },
): Worker {
  const worker = new Worker(queue, processor, {
    connection: ctx.connection(options.lane),
    prefix: ctx.prefix,
    concurrency: options.concurrency,
    ...WORKER_RETENTION,
  });
  worker.on('error', (err) => ctx.onError(err, `worker ${queue}`));
  worker.on('failed', (job, err) =>
    ctx.log.warn(
      { queue, job: job?.name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
      options.failed,
    ),
  );
  return worker;
}
