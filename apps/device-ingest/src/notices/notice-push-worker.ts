import { randomUUID } from 'node:crypto';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import {
  NOTICE_PUSH_JOB,
  NOTICE_PUSH_QUEUE,
  noticePushJobId,
  notificationPushSchema,
  withTransaction,
  type Pool,
} from '@kb/platform';
import type { Logger } from 'pino';
import { queueWorker, type WorkerEntry } from '../worker-entry.js';

/** Devices covered by one insert (about): a bounded transaction, and a progress step. */
const DEVICES_PER_CHUNK = 200_000;
/** One chunk's ids are sorted in memory (about 16 MB for 200,000), not in temporary files. */
const CHUNK_WORK_MEM = '64MB';

const uuidOf = (v: bigint) => {
  const h = v.toString(16).padStart(32, '0');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
};

/** `n` consecutive ranges of the uuid space, each as its first and last uuid (inclusive). */
export function uuidRanges(n: number): [string, string][] {
  const span = 1n << 128n;
  const start = (i: number) => (span * BigInt(i)) / BigInt(n);
  return Array.from({ length: n }, (_, i) => [uuidOf(start(i)), uuidOf(start(i + 1) - 1n)]);
}

interface PushingNotice {
  id: string;
  brand_owner_code: string;
  target_kind: 'all' | 'regions' | 'models' | 'users';
  region_codes: string[];
  product_codes: string[];
}

/** The devices of a target kind, as a condition on `devices d` with its parameters from `$5`. */
function deviceCondition(n: PushingNotice): { sql: string; params: unknown[] } {
  if (n.target_kind === 'models')
    return { sql: 'd.product_code = ANY($5::text[])', params: [n.product_codes] };
  if (n.target_kind === 'regions')
    // A region is a country or an area code; an area covers its sub-areas (CN-GD covers CN-GD-SZ). The owner's
    // region says where a device is.
    return {
      sql: `EXISTS (SELECT 1 FROM app_users u WHERE u.id = d.app_user_id
                      AND (u.region = ANY($5::text[]) OR u.region LIKE ANY($6::text[])))`,
      params: [n.region_codes, n.region_codes.map((code) => `${code}-%`)],
    };
  return { sql: 'true', params: [] };
}

/**
 * Pushes one notice: marks it pushing (a cancelled, moved or already pushed notice is left alone), writes one
 * delivery per target with INSERT … SELECT in consecutive ranges of device ids, each in id order (progress after
 * each), then marks it pushed with the number of deliveries. The id order is what makes it fast: the deliveries'
 * key (notice, target) then grows at its right edge instead of splitting pages all over a million-row b-tree
 * (about half the time of random order). A retry after a crash starts over; the deliveries' key (notice, target)
 * makes every row already written a no-op.
 */
export async function pushNotice(job: Job, pool: Pool, log: Logger) {
  try {
    return await writeDeliveries(job, pool, log);
  } catch (error) {
    await failOnLastAttempt(job, pool, error);
    throw error;
  }
}

/** A Postgres error (it carries a SQLSTATE) is the database's refusal; anything else is the worker's own. */
function failureCode(error: unknown): 'database' | 'internal' {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? 'database' : 'internal';
}

/**
 * When the job's last attempt fails, the notice shows it: state failed with the reason, so staff see the push did
 * not finish (instead of a push that looks running forever) and can push it again. Earlier attempts leave it
 * pushing: BullMQ retries them.
 */
async function failOnLastAttempt(job: Job, pool: Pool, error: unknown): Promise<void> {
  const last = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  const parsed = notificationPushSchema.safeParse(job.data);
  if (!last || !parsed.success) return;
  const message = error instanceof Error ? error.message : String(error);
  await pool
    .query(
      `UPDATE notices SET state = 'failed', failure_code = $3, failure_detail = $4, failed_at = now(),
         version = version + 1, updated_at = now()
        WHERE id = $1::uuid AND brand_owner_code = $2 AND state = 'pushing'`,
      [parsed.data.noticeId, parsed.data.brandOwnerCode, failureCode(error), message.slice(0, 500)],
    )
    .catch(() => undefined);
}

async function writeDeliveries(job: Job, pool: Pool, log: Logger) {
  const parsed = notificationPushSchema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`invalid push-notice payload: ${parsed.error.message}`);
  const started = await pool.query<PushingNotice>(
    `UPDATE notices SET state = 'pushing', push_started_at = coalesce(push_started_at, now()), progress = 0
      WHERE id = $1::uuid AND brand_owner_code = $2
        AND (state = 'pushing' OR (state = 'scheduled' AND push_at <= now() + interval '1 second'))
      RETURNING id, brand_owner_code, target_kind, region_codes, product_codes`,
    [parsed.data.noticeId, parsed.data.brandOwnerCode],
  );
  const notice = started.rows[0];
  if (!notice) return { skipped: true };
  const begun = performance.now();
  let written = 0;
  const progress = async (percent: number) => {
    const value = Math.min(99, Math.max(0, Math.round(percent)));
    await pool.query(
      'UPDATE notices SET progress = $2, target_count = target_count + $3 WHERE id = $1 AND state = $4',
      [notice.id, value, written, 'pushing'],
    );
    written = 0;
    await job.updateProgress(value);
  };
  const { rows: already } = await pool.query<{ n: number }>(
    `UPDATE notices SET target_count = (SELECT count(*) FROM notice_deliveries WHERE notice_id = $1)
      WHERE id = $1 RETURNING target_count AS n`,
    [notice.id],
  );
  // A first attempt inserts plainly (the key still refuses a double: a second runner of the same job fails and is
  // retried); a retry skips what an earlier attempt wrote.
  const onConflict = (already[0]?.n ?? 0) > 0 ? 'ON CONFLICT DO NOTHING' : '';

  if (notice.target_kind === 'users') {
    const { rowCount } = await pool.query(
      `INSERT INTO notice_deliveries (notice_id, target_id, target_type)
       SELECT notice_id, app_user_id, 'u' FROM notice_users WHERE notice_id = $1 ${onConflict}`,
      [notice.id],
    );
    written += rowCount ?? 0;
  } else {
    const { rows: counted } = await pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM devices WHERE brand_owner_code = $1',
      [notice.brand_owner_code],
    );
    const ranges = uuidRanges(Math.max(1, Math.ceil((counted[0]?.n ?? 0) / DEVICES_PER_CHUNK)));
    const condition = deviceCondition(notice);
    for (const [i, [from, to]] of ranges.entries()) {
      const rowCount = await withTransaction(pool, async (c) => {
        await c.query(`SET LOCAL work_mem = '${CHUNK_WORK_MEM}'`);
        const inserted = await c.query(
          `INSERT INTO notice_deliveries (notice_id, target_id, target_type)
           SELECT $1, d.id, 'd' FROM devices d
            WHERE d.brand_owner_code = $2 AND d.id BETWEEN $3::uuid AND $4::uuid AND ${condition.sql}
            ORDER BY d.id ${onConflict}`,
          [notice.id, notice.brand_owner_code, from, to, ...condition.params],
        );
        return inserted.rowCount ?? 0;
      });
      written += rowCount;
      await progress(((i + 1) / ranges.length) * 100);
    }
  }
  const done = await pool.query<{ target_count: number }>(
    `UPDATE notices SET state = 'pushed', progress = 100, pushed_at = now(),
       target_count = (SELECT count(*) FROM notice_deliveries WHERE notice_id = $1)
      WHERE id = $1 AND state = 'pushing' RETURNING target_count`,
    [notice.id],
  );
  await job.updateProgress(100);
  const deliveries = done.rows[0]?.target_count ?? 0;
  const seconds = (performance.now() - begun) / 1000;
  log.info({ noticeId: notice.id, deliveries, seconds }, 'notice pushed');
  return { deliveries, seconds };
}

/**
 * The timer: every notice Postgres holds as scheduled (or pushing, when a push was interrupted) gets its push job,
 * delayed until its time. The job id is the one the API gives it (notice and time), so a job still in Redis is not
 * added twice; after a restart, or when Redis lost its jobs, the schedule in Postgres arms them again.
 */
export async function armScheduledNotices(pool: Pool, queue: Queue): Promise<number> {
  const { rows } = await pool.query<{
    id: string;
    brand_owner_code: string;
    created_by: string;
    push_at: Date;
  }>(
    `SELECT id, brand_owner_code, created_by, push_at FROM notices
      WHERE state IN ('scheduled', 'pushing') AND push_at IS NOT NULL ORDER BY push_at LIMIT 10000`,
  );
  for (const n of rows)
    await queue.add(
      NOTICE_PUSH_JOB,
      {
        brandOwnerCode: n.brand_owner_code,
        actor: n.created_by,
        correlationId: randomUUID(),
        noticeId: n.id,
      },
      { jobId: noticePushJobId(n.id, n.push_at), delay: Math.max(0, n.push_at.getTime() - Date.now()) },
    );
  return rows.length;
}

/**
 * The worker of queue `notification-push` (two pushes at a time, each one a few large inserts) and the timer. The
 * timer's schedule lives in Postgres: armed at start and every minute (a job lost with Redis comes back).
 */
export const noticePushWorker: WorkerEntry = {
  name: NOTICE_PUSH_QUEUE,
  start(ctx) {
    const worker = queueWorker(ctx, NOTICE_PUSH_QUEUE, (job) => pushNotice(job, ctx.pool, ctx.log), {
      lane: 'notices',
      concurrency: 2,
      failed: 'notice push failed',
    });
    const arm = () =>
      armScheduledNotices(ctx.pool, ctx.queue(NOTICE_PUSH_QUEUE)).catch((err: Error) =>
        ctx.log.warn({ err: err.message }, 'could not arm scheduled notices; trying again shortly'),
      );
    void arm();
    const timer = setInterval(() => void arm(), 60_000);
    timer.unref();
    return { workers: [worker], stop: () => clearInterval(timer) };
  },
};
