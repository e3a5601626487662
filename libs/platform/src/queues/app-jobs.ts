import { cookingSessionMessageSchema } from '@kb/contracts';
import { z } from 'zod';
import { brandOwnerCode, isoTime } from './job-fields.js';

/**
 * Payloads of the app-activity queues: one job per post. App activity carries who the app user is (as their
 * token proved) so the workers never look it up; messages keep their ids and are stored once each. The
 * messages themselves are checked one by one by the worker.
 */
export const appActivityBatchSchema = z.object({
  appUserId: z.uuid(),
  brandOwnerCode,
  account: z.string().min(1).max(64),
  nickname: z.string().max(64).nullable(),
  region: z.string().max(8).nullable(),
  receivedAt: isoTime,
  messages: z.array(z.unknown()).min(1).max(100),
});

export const cookingBatchSchema = z.object({
  deviceId: z.uuid(),
  brandOwnerCode,
  receivedAt: isoTime,
  messages: z.array(cookingSessionMessageSchema).min(1).max(100),
});
