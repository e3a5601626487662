import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { pingSchema, SYSTEM_QUEUE, WORKER_RETENTION, type PingResult } from '@kb/platform';
import type { WorkerEntry } from './worker-entry.js';

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
  start(ctx) {
    const worker = new Worker(SYSTEM_QUEUE, processSystemJob, {
      connection: ctx.connection('system'),
      prefix: ctx.prefix,
      concurrency: 4,
      ...WORKER_RETENTION,
    });
    worker.on('error', (err) => ctx.onError(err, `worker ${SYSTEM_QUEUE}`));
    worker.on('failed', (job, err) =>
      ctx.log.warn(
        {
          queue: SYSTEM_QUEUE,
          job: job?.name,
          jobId: job?.id,
          attemptsMade: job?.attemptsMade,
          err: err.message,
        },
        'job failed',
      ),
    );
    return { workers: [worker] };
  },
};
