import type { DefaultJobOptions } from 'bullmq';
import { z } from 'zod';
import {
  faultBatchSchema,
  faultPostsSchema,
  telemetryBatchSchema,
  telemetryPostsSchema,
} from './device-jobs.js';
import {
  appActivityBatchSchema,
  appActivityPostsSchema,
  cookingBatchSchema,
  cookingPostsSchema,
  payingUserImportSchema,
  searchRecordExportSchema,
} from './app-jobs.js';
import { offlinePackBuildSchema } from './offline-pack-jobs.js';
import {
  listExportSchema,
  notificationPushSchema,
  recipeExportSchema,
  recipeImportSchema,
  translationSchema,
} from './staff-jobs.js';

/*
 * The BullMQ queues worked by device-ingest: their names, the jobs each one carries (name and zod payload
 * schema) and their retention and retry settings. A producer (this app's device endpoints, or the
 * API for imports, exports, translation and pushes) validates a payload with these schemas before
 * adding it; the worker validates it again before acting on it.
 */

/**
 * BullMQ's `prefix` for every queue: the deployment's REDIS_PREFIX (`kb:` by default) followed by `{bull}`.
 * BullMQ joins prefix and queue name with ':', so `kb:` gives keys like `kb:{bull}:telemetry:…`, apart from
 * the API's own `kb:…` keys (captchas, counters). The braces are a Redis Cluster hash tag: every key of
 * every queue hashes to one slot, as BullMQ's multi-key scripts require on a cluster; on a single Redis they
 * change nothing.
 */
export function bullmqPrefix(redisPrefix: string): string {
  return `${redisPrefix}{bull}`;
}

export const pingSchema = z.object({
  /** Echoed back in the result, so a caller can tell its own ping from another. */
  nonce: z.string().min(1).max(128),
});

/** What the `ping` job returns. */
export interface PingResult {
  pong: string;
  handledAt: string;
}

/** Kept finished jobs: a few recent successes for visibility, many more failures for inspection. */
const KEEP_COMPLETED = { age: 24 * 3600, count: 1000 };
const KEEP_FAILED = { age: 7 * 24 * 3600, count: 5000 };

function jobOptions(attempts: number, firstRetryMs: number): DefaultJobOptions {
  return {
    attempts,
    backoff: { type: 'exponential', delay: firstRetryMs },
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  };
}

/** A queue carrying `jobs`, retried `attempts` times from `firstRetryMs` on. */
function queue<J extends Record<string, z.ZodType>>(jobs: J, attempts: number, firstRetryMs: number) {
  return { jobs, defaultJobOptions: jobOptions(attempts, firstRetryMs) };
}

/**
 * Each queue, the jobs it carries and its default job options. Telemetry and faults arrive often and
 * are cheap to retry; imports, exports and pack builds are long and retried fewer times.
 */
export const QUEUES = {
  telemetry: queue(
    { 'telemetry-batch': telemetryBatchSchema, 'telemetry-posts': telemetryPostsSchema },
    5,
    1000,
  ),
  'fault-reports': queue({ 'fault-batch': faultBatchSchema, 'fault-posts': faultPostsSchema }, 5, 1000),
  'app-activity': queue(
    { 'activity-batch': appActivityBatchSchema, 'activity-posts': appActivityPostsSchema },
    5,
    1000,
  ),
  'cooking-sessions': queue(
    { 'cooking-batch': cookingBatchSchema, 'cooking-posts': cookingPostsSchema },
    5,
    1000,
  ),
  'search-record-export': queue({ 'export-records': searchRecordExportSchema }, 3, 5000),
  'paying-user-import': queue({ 'import-paying-users': payingUserImportSchema }, 3, 5000),
  'recipe-import': queue({ 'import-zip': recipeImportSchema }, 3, 5000),
  'recipe-export': queue({ 'export-zip': recipeExportSchema }, 3, 5000),
  'list-export': queue({ 'export-list': listExportSchema }, 3, 5000),
  translation: queue({ 'translate-recipes': translationSchema }, 5, 2000),
  'notification-push': queue({ 'push-notice': notificationPushSchema }, 5, 2000),
  'offline-pack-build': queue({ 'build-pack': offlinePackBuildSchema }, 3, 5000),
  /** Housekeeping of device-ingest itself; `ping` proves the worker loop end to end. */
  system: queue({ ping: pingSchema }, 3, 1000),
} as const satisfies Record<
  string,
  { jobs: Record<string, z.ZodType>; defaultJobOptions: DefaultJobOptions }
>;

export type QueueName = keyof typeof QUEUES;
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
export const SYSTEM_QUEUE = 'system' satisfies QueueName;

/** The payload type of job `J` on queue `Q`. */
export type JobPayload<Q extends QueueName, J extends keyof (typeof QUEUES)[Q]['jobs']> = z.infer<
  (typeof QUEUES)[Q]['jobs'][J] & z.ZodType
>;

/** Retention the workers apply (Worker options take KeepJobs objects only). */
export const WORKER_RETENTION = { removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED };

export * from './job-fields.js';
export * from './device-jobs.js';
export * from './app-jobs.js';
export * from './staff-jobs.js';
export * from './offline-pack-jobs.js';
export * from './notice-jobs.js';
export * from './closing.js';
