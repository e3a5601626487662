import { UnrecoverableError, Worker, type Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import {
  storeAppActivity,
  storeCookingSessions,
  type AppActivityWrite,
  type CookingWrite,
} from '@kb/devices';
import { appActivityMessageSchema, cookingSessionMessageSchema, text } from '@kb/contracts';
import { appActivityBatchSchema, cookingBatchSchema, type Pool } from '@kb/platform';
import type { Logger } from 'pino';
import { BatchWriter } from '../devices/batch-writer.js';
import { isRefusalOfData, postLane, postWorkerOptions, workDeviceJob } from '../devices/device-workers.js';
import type { StartedWorkers, WorkerEntry } from '../worker-entry.js';

/** BullMQ queue names of the app activity jobs (see @kb/platform QUEUES). */
export const APP_ACTIVITY_QUEUE = 'app-activity';
export const COOKING_QUEUE = 'cooking-sessions';

/** A search the app API recorded: only the API itself queues these. */
const searchMessageSchema = z.object({
  type: z.literal('search'),
  messageId: text().min(1).max(64),
  at: z.iso.datetime({ offset: true }),
  terms: text().min(1).max(100),
  lang: text().min(1).max(16),
  resultCount: z.number().int().min(0),
});
const activityMessageSchema = z.union([appActivityMessageSchema, searchMessageSchema]);
const cookingEnvelope = cookingBatchSchema.extend({ messages: z.array(z.unknown()).min(1).max(100) });

/**
 * The app activity and cooking-session workers: a job is one post; its messages go through a BatchWriter, so
 * one transaction stores the messages of many posts. Like the device workers, a message the database refuses is
 * moved into a job of its own, which fails for good (a dead letter), and never costs its batch-mates.
 */
export function startAppWorkers(deps: {
  connection: Redis;
  prefix: string;
  pool: Pool;
  log: Logger;
  concurrency: number;
  lockDurationMs: number;
  activityQueue: Queue;
  cookingQueue: Queue;
  onError: (err: Error, source: string) => void;
}): StartedWorkers {
  const activity = new BatchWriter<AppActivityWrite>((rows) => storeAppActivity(deps.pool, rows), {
    maxItems: 2000,
    lingerMs: 5,
    maxConcurrent: 3,
    isRefusal: isRefusalOfData,
  });
  const cooking = new BatchWriter<CookingWrite>((rows) => storeCookingSessions(deps.pool, rows), {
    maxItems: 2000,
    lingerMs: 5,
    maxConcurrent: 2,
    isRefusal: isRefusalOfData,
  });
  const options = postWorkerOptions(deps);

  const workers = [
    new Worker(
      APP_ACTIVITY_QUEUE,
      async (job: Job) => {
        if (job.name !== 'activity-batch' && job.name !== 'activity-posts')
          throw new UnrecoverableError(`unknown job "${job.name}"`);
        return workDeviceJob(
          job,
          deps.activityQueue,
          appActivityBatchSchema,
          activityMessageSchema,
          activity,
          deps.log,
        );
      },
      options,
    ),
    new Worker(
      COOKING_QUEUE,
      async (job: Job) => {
        if (job.name !== 'cooking-batch' && job.name !== 'cooking-posts')
          throw new UnrecoverableError(`unknown job "${job.name}"`);
        return workDeviceJob(
          job,
          deps.cookingQueue,
          cookingEnvelope,
          cookingSessionMessageSchema,
          cooking,
          deps.log,
        );
      },
      options,
    ),
  ];
  for (const worker of workers) {
    worker.on('error', (err) => deps.onError(err, `worker ${worker.name}`));
    worker.on('failed', (job, err) =>
      deps.log.warn(
        { queue: worker.name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
        'app job failed',
      ),
    );
  }
  return { workers };
}

/** The app activity and cooking-session consumers, on the `devices` lane with the device posts. */
export const appWorkers: WorkerEntry = {
  name: 'app',
  start: (ctx) =>
    startAppWorkers({
      ...postLane(ctx),
      activityQueue: ctx.queue(APP_ACTIVITY_QUEUE),
      cookingQueue: ctx.queue(COOKING_QUEUE),
    }),
};
