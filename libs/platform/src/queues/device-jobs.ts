import { createHash } from 'node:crypto';
import { faultMessageSchema, telemetryMessageSchema } from '@kb/contracts';
import { z } from 'zod';
import { brandOwnerCode, isoTime } from './job-fields.js';

/**
 * Payloads of the device queues: one job per batch a device posted to device-ingest (never one per reading).
 * The device is the one its credential proved; `receivedAt` is when the post arrived (server time), which is
 * the device's last activity. Messages keep their own ids: the workers store each (device, message id) once.
 */
const postedBy = {
  deviceId: z.uuid(),
  brandOwnerCode,
  receivedAt: isoTime,
};

export const telemetryBatchSchema = z.object({
  ...postedBy,
  messages: z.array(telemetryMessageSchema).min(1).max(500),
});

export const faultBatchSchema = z.object({
  ...postedBy,
  messages: z.array(faultMessageSchema).min(1).max(100),
});

/**
 * Many posts in one job: the device API gathers the posts that arrive together (one event-loop turn) into one
 * job, so a queue write and a worker's job overhead are paid once for all of them. Each post keeps who posted
 * it and when; its messages are checked one by one by the worker, as in a one-post job.
 */
export const postsOf = <P extends z.ZodType>(post: P) =>
  z.object({ posts: z.array(post).min(1).max(MAX_POSTS_PER_JOB) });

/** Most posts one gathered job carries. */
export const MAX_POSTS_PER_JOB = 1000;

/**
 * The mark of a gathered job that the device API wrote after checking each of its posts against `schema` (the
 * body schema of the route they came in on): a digest of that schema, carried as the job's `checked`. A worker
 * whose posts come from the same schema takes the messages of a job with its own mark as they are, instead of
 * checking them a second time; a job without it, or with another (written by a gateway of another version, or by
 * anything else), is checked message by message. Refinements leave no trace in the digest: one changed without
 * the schema's shape may let a worker trust a post an older gateway checked by the older rule.
 */
export function checkedMark(schema: z.ZodType): string {
  const shape = JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any' }));
  return createHash('sha256').update(shape).digest('base64url').slice(0, 16);
}

export const telemetryPostsSchema = postsOf(telemetryBatchSchema);
export const faultPostsSchema = postsOf(faultBatchSchema);
