import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type { RedisConnection } from '../redis/connection.js';
import type { Logger } from 'pino';
import type { Pool } from '../db/pool.js';
import { jobSpan } from '../observability/tracing.js';
import { QUEUES, WORKER_RETENTION, type QueueName } from '../queues/index.js';
import type { JobItemResult, JobRunState } from './job-runs.js';

/**
 * A refusal a run cannot get past by trying again: the run fails at once with `code` (a message code the API
 * translates with `params`), and the per-item results gathered so far stay on the row.
 */
export class JobFailure extends UnrecoverableError {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(code);
  }
}

/** The output file a run leaves behind (relative to the file store), offered for download. */
export interface JobOutput {
  path: string;
  name: string;
  size: number;
}

/** What a run's work returns: its output file and a summary (counts...), both optional. */
export interface JobOutcome<R = unknown> {
  output?: JobOutput;
  summary?: Record<string, unknown>;
  /** What the BullMQ job returns (default: the summary). */
  value?: R;
}

/** A change of a run's state, for a job that keeps its own table beside `job_runs` (the pack builds). */
export interface JobRunChange {
  runId: string;
  state: JobRunState;
  /** 0–100. */
  percent: number;
  errorCode?: string | null;
  errorParams?: Record<string, string | number> | null;
}

export interface JobContext<T> {
  job: Job;
  /** The payload, validated against the queue's schema. */
  data: T;
  runId: string;
  /** Records progress (`done` of `total` items); written at most every 5 % (and always at the end). */
  progress(done: number, total: number): Promise<void>;
  /** Records what happened to one item; saved with the next progress write and at the end. */
  item(result: JobItemResult): void;
}

export interface JobWorkerDeps {
  pool: Pool;
  log: Logger;
}

type PayloadOf<Q extends QueueName> = {
  [J in keyof (typeof QUEUES)[Q]['jobs']]: (typeof QUEUES)[Q]['jobs'][J] extends { _zod: { output: infer O } }
    ? O
    : never;
}[keyof (typeof QUEUES)[Q]['jobs']];

export interface JobWorkerDefinition<Q extends QueueName, D extends JobWorkerDeps> {
  queue: Q;
  /** The `job_runs.kind` of its runs. */
  kind: string;
  /** Runs at once per process (long jobs: 1, the machine's cores are better left to the API). */
  concurrency?: number;
  /** The run's id in the payload (default `runId`). */
  runIdOf?: (data: PayloadOf<Q>) => string;
  run(ctx: JobContext<PayloadOf<Q>>, deps: D): Promise<JobOutcome>;
  /** Told every state and progress change, for a job with its own table (written in the same order). */
  onChange?: (change: JobRunChange, deps: D) => Promise<void>;
}

const STEP = 5;

/**
 * The one way to define the worker of a long job on a typed queue: it validates the payload, moves the run's
 * `job_runs` row to running (a duplicate delivery of a finished run does nothing), records progress and per-item
 * results, and ends the row succeeded with its output, or failed with an error code: at once for a `JobFailure` or a
 * bad payload, on the last attempt otherwise (queued again with the reason before that).
 */
export function defineJobWorker<Q extends QueueName, D extends JobWorkerDeps>(
  def: JobWorkerDefinition<Q, D>,
) {
  const runIdOf = def.runIdOf ?? ((data: PayloadOf<Q>) => (data as { runId: string }).runId);
  const schemas = QUEUES[def.queue].jobs as Record<
    string,
    { safeParse(v: unknown): { success: boolean; data?: unknown; error?: { message: string } } }
  >;

  async function process(job: Job, deps: D): Promise<unknown> {
    const schema = schemas[job.name];
    const parsed = schema?.safeParse(job.data);
    if (!parsed?.success)
      throw new UnrecoverableError(`invalid ${def.queue} payload: ${parsed?.error?.message ?? job.name}`);
    const data = parsed.data as PayloadOf<Q>;
    const runId = runIdOf(data);
    const { pool } = deps;
    const started = await pool.query(
      `UPDATE job_runs SET state = 'running', progress_done = 0, results = '[]'::jsonb, started_at = now(),
         attempts = attempts + 1, error_code = NULL, error_params = NULL
        WHERE id = $1 AND state IN ('queued', 'running')`,
      [runId],
    );
    // The row is gone or already finished (a duplicate delivery): nothing to do.
    if (started.rowCount === 0) return { skipped: true };
    await def.onChange?.({ runId, state: 'running', percent: 0 }, deps);

    let items: JobItemResult[] = [];
    let lastPercent = -1;
    const flush = async (done: number, total: number) => {
      const pending = items;
      items = [];
      await pool.query(
        `UPDATE job_runs SET progress_done = $2, progress_total = $3, results = results || $4::jsonb WHERE id = $1`,
        [runId, done, total, JSON.stringify(pending)],
      );
    };
    const ctx: JobContext<PayloadOf<Q>> = {
      job,
      data,
      runId,
      item: (result) => void items.push(result),
      progress: async (done, total) => {
        const percent = total > 0 ? Math.floor((100 * done) / total) : 100;
        if (percent < 100 && percent - lastPercent < STEP) return;
        lastPercent = percent;
        await flush(done, total);
        await job.updateProgress(percent);
        await def.onChange?.({ runId, state: 'running', percent }, deps);
      },
    };
    try {
      const outcome = await def.run(ctx, deps);
      await pool.query(
        `UPDATE job_runs SET state = 'succeeded', progress_done = GREATEST(progress_done, progress_total),
           results = results || $2::jsonb, summary = $3, output_path = $4, output_name = $5, output_size = $6,
           finished_at = now() WHERE id = $1`,
        [
          runId,
          JSON.stringify(items),
          outcome.summary ? JSON.stringify(outcome.summary) : null,
          outcome.output?.path ?? null,
          outcome.output?.name ?? null,
          outcome.output?.size ?? null,
        ],
      );
      await job.updateProgress(100);
      return outcome.value ?? outcome.summary ?? {};
    } catch (error) {
      await recordFailure(job, runId, error as Error, items, deps).catch((e: Error) =>
        deps.log.error({ err: e, jobId: job.id }, `could not record the failed ${def.kind} run`),
      );
      throw error;
    }
  }

  async function recordFailure(job: Job, runId: string, error: Error, items: JobItemResult[], deps: D) {
    const final = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
    const code = error instanceof JobFailure ? error.code : `${def.kind.replace(/-/g, '_')}_failed`;
    const params = error instanceof JobFailure ? error.params : { reason: error.message.slice(0, 300) };
    const state: JobRunState = final ? 'failed' : 'queued';
    await deps.pool.query(
      `UPDATE job_runs SET state = $2, error_code = $3, error_params = $4, results = results || $5::jsonb,
         finished_at = CASE WHEN $2 = 'failed' THEN now() END WHERE id = $1 AND state <> 'succeeded'`,
      [runId, state, code, JSON.stringify(params), JSON.stringify(items)],
    );
    await def.onChange?.({ runId, state, percent: 0, errorCode: code, errorParams: params }, deps);
  }

  return {
    queue: def.queue,
    kind: def.kind,
    /** Processes one job without a Worker (tests and benches). */
    process,
    /** Starts the worker; `onError` hears its connection errors. */
    start(connection: RedisConnection, prefix: string, deps: D, onError: (err: Error) => void): Worker {
      const worker = new Worker(def.queue, (job) => jobSpan(def.queue, job, () => process(job, deps)), {
        connection,
        prefix,
        concurrency: def.concurrency ?? 1,
        ...WORKER_RETENTION,
      });
      worker.on('error', onError);
      worker.on('failed', (job, err) =>
        deps.log.warn({ queue: def.queue, jobId: job?.id, err: err.message }, `${def.kind} failed`),
      );
      worker.on('completed', (job) => deps.log.info({ queue: def.queue, jobId: job.id }, `${def.kind} done`));
      return worker;
    },
  };
}
