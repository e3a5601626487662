import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  storeFaults,
  storeTelemetry,
  sweepOfflineDevices,
  type FaultWrite,
  type TelemetryWrite,
} from '@kb/devices';
import { faultBatchSchema, telemetryBatchSchema, WORKER_RETENTION, type Pool } from '@kb/platform';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { BatchWriter } from './batch-writer.js';

/** BullMQ queue names of the device jobs (see @kb/platform QUEUES). */
export const TELEMETRY_QUEUE = 'telemetry';
export const FAULT_QUEUE = 'fault-reports';

export interface DeviceWorkers {
  close(force: boolean): Promise<void>;
}

function parse<S extends z.ZodType>(schema: S, job: Job): z.output<S> {
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid ${job.name} payload: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * The telemetry and fault workers and the offline sweeper. A job is one posted batch; the worker hands its
 * messages to a BatchWriter and completes when they are committed. With many jobs held at once
 * (`concurrency`), one multi-row insert carries the messages of many posts.
 */
export function startDeviceWorkers(deps: {
  connection: Redis;
  prefix: string;
  pool: Pool;
  log: Logger;
  concurrency: number;
  lockDurationMs: number;
  sweepMs: number;
  maxClockSkewMs: number;
  onError: (err: Error, source: string) => void;
}): DeviceWorkers {
  const { log } = deps;
  const store = { maxClockSkewMs: deps.maxClockSkewMs };
  const telemetry = new BatchWriter<TelemetryWrite>((rows) => storeTelemetry(deps.pool, rows, store), {
    maxItems: 2000,
    lingerMs: 5,
    maxConcurrent: 3,
  });
  const faults = new BatchWriter<FaultWrite>((rows) => storeFaults(deps.pool, rows, store), {
    maxItems: 200,
    lingerMs: 5,
    maxConcurrent: 2,
  });

  const options = {
    connection: deps.connection,
    prefix: deps.prefix,
    concurrency: deps.concurrency,
    lockDuration: deps.lockDurationMs,
    // A job whose worker died is moved back to wait once its lock expired; check for them this often.
    stalledInterval: Math.max(1000, Math.floor(deps.lockDurationMs / 2)),
    maxStalledCount: 5,
    ...WORKER_RETENTION,
  };
  const workers = [
    new Worker(
      TELEMETRY_QUEUE,
      async (job: Job) => {
        if (job.name !== 'telemetry-batch') throw new UnrecoverableError(`unknown job "${job.name}"`);
        const b = parse(telemetryBatchSchema, job);
        await telemetry.add(
          b.messages.map((message) => ({
            deviceId: b.deviceId,
            brandOwnerCode: b.brandOwnerCode,
            receivedAt: b.receivedAt,
            message,
          })),
        );
        return { messages: b.messages.length };
      },
      options,
    ),
    new Worker(
      FAULT_QUEUE,
      async (job: Job) => {
        if (job.name !== 'fault-batch') throw new UnrecoverableError(`unknown job "${job.name}"`);
        const b = parse(faultBatchSchema, job);
        await faults.add(
          b.messages.map((message) => ({
            deviceId: b.deviceId,
            brandOwnerCode: b.brandOwnerCode,
            receivedAt: b.receivedAt,
            message,
          })),
        );
        return { messages: b.messages.length };
      },
      { ...options, concurrency: Math.min(deps.concurrency, 64) },
    ),
  ];
  for (const worker of workers) {
    worker.on('error', (err) => deps.onError(err, `worker ${worker.name}`));
    worker.on('failed', (job, err) =>
      log.warn(
        { queue: worker.name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
        'device job failed',
      ),
    );
  }

  // The sweeper: one pass at a time; several processes may sweep, each row changes once.
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepOfflineDevices(deps.pool)
      .then((n) => n && log.debug({ devices: n }, 'devices went offline'))
      .catch((err: unknown) => log.warn({ err }, 'offline sweep failed'))
      .finally(() => (sweeping = false));
  }, deps.sweepMs);
  sweeper.unref();

  return {
    async close(force) {
      clearInterval(sweeper);
      await Promise.all(workers.map((w) => w.close(force)));
    },
  };
}
