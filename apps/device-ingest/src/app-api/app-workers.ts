import type { Queue } from 'bullmq';
import { z } from 'zod';
import {
  storeAppActivity,
  storeCookingSessions,
  type AppActivityWrite,
  type CookingWrite,
} from '@kb/devices';
import {
  appActivityMessageSchema,
  cookingPostSchema,
  cookingSessionMessageSchema,
  text,
} from '@kb/contracts';
import { appActivityBatchSchema, cookingBatchSchema } from '@kb/platform';
import { postLane, postWorker, type PostLaneDeps } from '../devices/device-workers.js';
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
export function startAppWorkers(
  deps: PostLaneDeps & { activityQueue: Queue; cookingQueue: Queue },
): StartedWorkers {
  const workers = [
    postWorker(deps, {
      kind: 'activity',
      queue: deps.activityQueue,
      envelope: appActivityBatchSchema,
      message: activityMessageSchema,
      store: (rows: AppActivityWrite[]) => storeAppActivity(deps.pool, rows),
      maxItems: 2000,
      maxConcurrent: 3,
      failed: 'app job failed',
    }),
    postWorker(deps, {
      kind: 'cooking',
      queue: deps.cookingQueue,
      envelope: cookingEnvelope,
      message: cookingSessionMessageSchema,
      checkedBy: cookingPostSchema,
      store: (rows: CookingWrite[]) => storeCookingSessions(deps.pool, rows),
      maxItems: 2000,
      maxConcurrent: 2,
      failed: 'app job failed',
    }),
  ];
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
