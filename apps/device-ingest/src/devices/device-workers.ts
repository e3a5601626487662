import { hostname } from 'node:os';
import { UnrecoverableError, Worker, type Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  storeFaults,
  storeTelemetry,
  sweepOfflineDevices,
  type FaultWrite,
  type TelemetryWrite,
} from '@kb/devices';
import {
  faultMessageSchema,
  faultPostSchema,
  telemetryMessageSchema,
  telemetryPostSchema,
} from '@kb/contracts';
import {
  checkedMark,
  faultBatchSchema,
  postsOf,
  telemetryBatchSchema,
  WORKER_RETENTION,
  type Pool,
} from '@kb/platform';
import type { Logger } from 'pino';
import { z } from 'zod';
import { BatchWriter } from './batch-writer.js';
import type { StartedWorkers, WorkerContext, WorkerEntry } from '../worker-entry.js';

/** BullMQ queue names of the device jobs (see @kb/platform QUEUES). */
export const TELEMETRY_QUEUE = 'telemetry';
export const FAULT_QUEUE = 'fault-reports';

// The job envelopes, with each message checked on its own (below) so one bad message does not fail the job.
const telemetryEnvelope = telemetryBatchSchema.extend({ messages: z.array(z.unknown()).min(1).max(500) });
const faultEnvelope = faultBatchSchema.extend({ messages: z.array(z.unknown()).min(1).max(100) });

function parse<S extends z.ZodType>(schema: S, job: Job): z.output<S> {
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid ${job.name} payload: ${parsed.error.message}`);
  return parsed.data;
}

/**
 * True when the database refused the data itself (a value out of range, a character it cannot store, a
 * constraint), or the value could not even be turned into a row: writing the same message again cannot help.
 * Anything else (Postgres away, a timeout, a deadlock) is worth a retry.
 */
export function isRefusalOfData(error: unknown): boolean {
  if (error instanceof TypeError || error instanceof RangeError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^(22|23|54|P0)/.test(code);
}

export interface Posted {
  brandOwnerCode: string;
  receivedAt: string;
}

const gatheredSchemas = new WeakMap<z.ZodType, z.ZodType<{ posts: (Posted & { messages: unknown[] })[] }>>();
/**
 * The schema of a gathered job of `envelope` posts, built once: a zod object compiles its checks at its first
 * parse, so a schema made per job paid that compilation for every job.
 */
function gatheredSchema(envelope: z.ZodType<Posted & { messages: unknown[] }>) {
  let schema = gatheredSchemas.get(envelope);
  if (!schema) gatheredSchemas.set(envelope, (schema = postsOf(envelope)));
  return schema;
}

/**
 * True when a gathered job carries the mark `checked` (the device API checked each of its posts against the
 * schema the worker would check them with) and the shape the worker walks: a list of posts, each with a list of
 * messages. Its messages are then stored as they are. A job written by anything else with a copied mark is
 * trusted as the device API's; a message of it the database refuses moves into a one-post job, which is checked
 * as every one-post job is (a malformed message never fails its batch-mates, nor the worker).
 */
function checkedPosts(data: unknown, checked: string): boolean {
  const job = data as { posts?: unknown; checked?: unknown } | null;
  return (
    job?.checked === checked &&
    Array.isArray(job.posts) &&
    job.posts.length > 0 &&
    job.posts.every((post: { messages?: unknown } | null) => Array.isArray(post?.messages))
  );
}

/**
 * Works one device job: checks its envelope (who posted, when) and then each message on its own, writes the
 * valid ones through the batch writer, and takes out every message that is invalid or that the database
 * refuses. A job of one message that cannot be stored fails for good with the reason: it is the dead letter
 * (`npm run dead-letters`). A job of several moves each such message into a job of its own (which then fails
 * so) and completes for the others, so one message never costs its batch-mates.
 */
export async function workDeviceJob<M, W extends Posted & { message: M }>(
  job: Job,
  queue: Queue,
  envelopeSchema: z.ZodType<Posted & { messages: unknown[] }>,
  messageSchema: z.ZodType<M>,
  writer: BatchWriter<W>,
  log: Logger,
  checked?: string,
): Promise<{ messages: number; refused?: number }> {
  // A gathered job (`<kind>-posts`, see PostCoalescer) carries many posts; each is worked as a one-post job is,
  // all at once so their messages share the batch writer's inserts.
  const gathered = job.name.endsWith('-posts');
  const trusted = gathered && checked !== undefined && checkedPosts(job.data, checked);
  const posts = trusted
    ? (job.data as { posts: (Posted & { messages: unknown[] })[] }).posts
    : gathered
      ? parse(gatheredSchema(envelopeSchema), job).posts
      : [parse(envelopeSchema, job)];
  const single = gathered ? job.name.replace(/-posts$/, '-batch') : job.name;
  // A one-message job that cannot be stored is itself the dead letter; a gathered job always moves such
  // messages into one-message jobs, so every dead letter has the one-post shape.
  const lone = !gathered && posts[0]!.messages.length === 1;
  const outcomes = await Promise.all(
    posts.map(async ({ messages, ...posted }, p) => {
      const refused = new Map<number, string>();
      const writes = new Map<W, number>();
      messages.forEach((raw, index) => {
        if (trusted) return void writes.set({ ...posted, message: raw } as W, index);
        const parsed = messageSchema.safeParse(raw);
        if (parsed.success) writes.set({ ...posted, message: parsed.data } as W, index);
        else {
          const issue = parsed.error.issues[0]!;
          refused.set(index, `invalid message: ${issue.path.join('.') || '_'}: ${issue.message}`);
        }
      });
      if (writes.size)
        for (const { item, reason } of await writer.add([...writes.keys()]))
          refused.set(writes.get(item)!, reason);
      return { posted, messages, refused, p };
    }),
  );
  const refusedCount = outcomes.reduce((n, o) => n + o.refused.size, 0);
  const total = outcomes.reduce((n, o) => n + o.messages.length, 0);
  if (!refusedCount) return { messages: total };
  if (lone) throw new UnrecoverableError(outcomes[0]!.refused.get(0)!);
  // A fixed id per refused message: if this job runs again, its refused messages are not queued twice.
  await Promise.all(
    outcomes.flatMap(({ posted, messages, refused, p }) =>
      [...refused.keys()].map((index) =>
        queue.add(
          single,
          { ...posted, messages: [messages[index]] },
          { jobId: gathered ? `${job.id}-refused-${p}-${index}` : `${job.id}-refused-${index}` },
        ),
      ),
    ),
  );
  log.warn(
    {
      queue: queue.name,
      jobId: job.id,
      refused: Object.fromEntries(
        outcomes.flatMap(({ refused, p }) =>
          [...refused].map(([index, reason]) => [gathered ? `${p}.${index}` : String(index), reason]),
        ),
      ),
    },
    'device messages that cannot be stored moved to jobs of their own',
  );
  return { messages: total - refusedCount, refused: refusedCount };
}

/** What every consumer of device and app posts works with (see `postLane`). */
export interface PostLaneDeps {
  connection: Redis;
  prefix: string;
  pool: Pool;
  log: Logger;
  concurrency: number;
  lockDurationMs: number;
  /** How long a writer's first message waits for others before their transaction starts. */
  writeLingerMs: number;
  onError: (err: Error, source: string) => void;
}

/**
 * The consumer of one kind of post on `queue`: `<kind>-batch` jobs (one post) and `<kind>-posts` jobs (posts the
 * PostCoalescer gathered). A job's messages go through a BatchWriter of `store` (up to `maxItems` rows an insert,
 * `maxConcurrent` inserts at once), so one transaction stores the messages of many posts; a message the database
 * refuses moves into a job of its own on `queue` (workDeviceJob).
 */
export function postWorker<M, W extends Posted & { message: M }>(
  deps: PostLaneDeps,
  post: {
    kind: string;
    queue: Queue;
    envelope: z.ZodType<Posted & { messages: unknown[] }>;
    message: z.ZodType<M>;
    store(rows: W[]): Promise<unknown>;
    maxItems: number;
    maxConcurrent: number;
    /** The body schema the device API checks these posts against: a gathered job it marked so is not checked again. */
    checkedBy?: z.ZodType;
    /** The log line of a failed job. */
    failed: string;
    concurrency?: number;
  },
): Worker {
  const writer = new BatchWriter<W>(post.store, {
    maxItems: post.maxItems,
    lingerMs: deps.writeLingerMs,
    maxConcurrent: post.maxConcurrent,
    isRefusal: isRefusalOfData,
  });
  const options = postWorkerOptions(deps);
  const checked = post.checkedBy && checkedMark(post.checkedBy);
  const worker = new Worker(
    post.queue.name,
    async (job: Job) => {
      if (job.name !== `${post.kind}-batch` && job.name !== `${post.kind}-posts`)
        throw new UnrecoverableError(`unknown job "${job.name}"`);
      return workDeviceJob(job, post.queue, post.envelope, post.message, writer, deps.log, checked);
    },
    { ...options, concurrency: post.concurrency ?? options.concurrency },
  );
  worker.on('error', (err) => deps.onError(err, `worker ${worker.name}`));
  worker.on('failed', (job, err) =>
    deps.log.warn(
      { queue: worker.name, jobId: job?.id, attemptsMade: job?.attemptsMade, err: err.message },
      post.failed,
    ),
  );
  return worker;
}

/**
 * The telemetry and fault workers and the offline sweeper. A job is one posted batch; the worker hands its
 * messages to a BatchWriter and completes when they are committed. With many jobs held at once
 * (`concurrency`), one multi-row insert carries the messages of many posts.
 */
export function startDeviceWorkers(
  deps: PostLaneDeps & {
    sweepMs: number;
    maxClockSkewMs: number;
    /** Where messages taken out of a batch are queued on their own. */
    telemetryQueue: Queue;
    faultQueue: Queue;
  },
): StartedWorkers {
  const { log } = deps;
  const store = { maxClockSkewMs: deps.maxClockSkewMs };
  const workers = [
    postWorker(deps, {
      kind: 'telemetry',
      queue: deps.telemetryQueue,
      envelope: telemetryEnvelope,
      message: telemetryMessageSchema,
      checkedBy: telemetryPostSchema,
      store: (rows: TelemetryWrite[]) => storeTelemetry(deps.pool, rows, store),
      maxItems: 2000,
      maxConcurrent: 3,
      failed: 'device job failed',
    }),
    postWorker(deps, {
      kind: 'fault',
      queue: deps.faultQueue,
      envelope: faultEnvelope,
      message: faultMessageSchema,
      checkedBy: faultPostSchema,
      store: (rows: FaultWrite[]) => storeFaults(deps.pool, rows, store),
      maxItems: 200,
      maxConcurrent: 2,
      failed: 'device job failed',
      concurrency: Math.min(deps.concurrency, 64),
    }),
  ];

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

  return { workers, stop: () => clearInterval(sweeper) };
}

/**
 * The BullMQ options of every consumer of posts. A live worker renews its jobs' lock every quarter lock; a killed
 * worker's lock runs out after `lockDurationMs`, and the next stalled-job check of any live worker (every third of
 * the lock) moves its jobs back to wait, so they are taken up again within about 1.3 locks (4 s by default). A
 * worker whose event loop stalls longer than a lock may lose a job it still works: the job then runs twice, which
 * the idempotent inserts make harmless.
 */
export function postWorkerOptions(deps: {
  connection: Redis;
  prefix: string;
  concurrency: number;
  lockDurationMs: number;
}) {
  return {
    connection: deps.connection,
    prefix: deps.prefix,
    // Stamped on each job it takes (`processedBy`): the queue board and the logs say which process holds a job.
    name: `${hostname()}:${process.pid}`,
    concurrency: deps.concurrency,
    lockDuration: deps.lockDurationMs,
    // Renewed every quarter lock, so an event loop held up to three quarters of a lock keeps its jobs.
    lockRenewTime: Math.floor(deps.lockDurationMs / 4),
    stalledInterval: Math.max(500, Math.floor(deps.lockDurationMs / 3)),
    maxStalledCount: 5,
    ...WORKER_RETENTION,
  };
}

/** What every consumer of device and app posts shares: the `devices` lane, the pool, how many jobs, the job lock. */
export const postLane = (ctx: WorkerContext) => ({
  connection: ctx.connection('devices'),
  prefix: ctx.prefix,
  pool: ctx.pool,
  log: ctx.log,
  concurrency: ctx.config.INGEST_WORKER_CONCURRENCY,
  lockDurationMs: ctx.config.INGEST_JOB_LOCK_MS,
  writeLingerMs: ctx.config.INGEST_WRITE_LINGER_MS,
  onError: ctx.onError,
});

/** The device posts' consumers and the offline sweeper, on the `devices` lane. */
export const deviceWorkers: WorkerEntry = {
  name: 'devices',
  start: (ctx) =>
    startDeviceWorkers({
      ...postLane(ctx),
      sweepMs: ctx.config.INGEST_SWEEP_MS,
      maxClockSkewMs: ctx.config.INGEST_MAX_CLOCK_SKEW_MS,
      telemetryQueue: ctx.queue(TELEMETRY_QUEUE),
      faultQueue: ctx.queue(FAULT_QUEUE),
    }),
};
