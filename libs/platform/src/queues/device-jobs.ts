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
