import { z } from 'zod';

/** Field schemas shared by the job payloads of several queues. */
export const brandOwnerCode = z.string().min(1).max(64);
export const sn = z.string().min(1).max(64);
export const account = z.string().min(1).max(64);
export const lang = z
  .string()
  .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/, { message: 'language_code_invalid' });
export const isoTime = z.iso.datetime({ offset: true });

/** Fields every job started by a staff action carries, so its effects can be traced back to it. */
export const staffJob = {
  brandOwnerCode,
  /** Account of the staff member who asked for the work. */
  actor: account,
  /** Correlation id of the request that enqueued the job (ARCHITECTURE.md, event metadata). */
  correlationId: z.uuid(),
};
