import { UnrecoverableError, type Job } from 'bullmq';
import { pingSchema, SYSTEM_QUEUE, type PingResult } from '@kb/platform';
import { queueWorker, type WorkerEntry } from './worker-entry.js';

/**
 * Processor of the `system` queue. A payload that does not match its schema, or an unknown job name,
 * fails at once without retries: trying again cannot make it valid.
 */
export async function processSystemJob(job: Job): Promise<PingResult> {
  switch (job.name) {
    case 'ping': {
      const parsed = pingSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError(`invalid ping payload: ${parsed.error.message}`);
      return { pong: parsed.data.nonce, handledAt: new Date().toISOString() };
    }
    default:
      throw new UnrecoverableError(`unknown job "${job.name}" on the system queue`);
  }
}

/** The `system` queue's consumer (housekeeping; `ping` proves the worker loop). */
export const systemWorker: WorkerEntry = {
  name: SYSTEM_QUEUE,
  start: (ctx) => ({
    workers: [
      queueWorker(ctx, SYSTEM_QUEUE, processSystemJob, {
        lane: 'system',
        concurrency: 4,
        failed: 'job failed',
      }),
    ],
  }),
};
