import type pg from 'pg';

/** Where a run is: waiting for a worker, being worked, finished with its output, or failed with an error code. */
export const JOB_RUN_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobRunState = (typeof JOB_RUN_STATES)[number];

/** What happened to one item of a run (a recipe imported, skipped, refused, translated...). */
export interface JobItemResult {
  /** What the item is to a person: a recipe number, a file name. */
  key: string;
  outcome: string;
  /** A message code the API translates (with params), when the outcome needs a reason. */
  code?: string;
  params?: Record<string, string | number>;
  /** Anything the job's screen shows of the item (e.g. a translation to confirm). */
  data?: unknown;
}

/** A `job_runs` row, as the API answers it (timestamps ISO text). */
export interface JobRunRow {
  id: string;
  kind: string;
  brand_owner_code: string;
  started_by: string;
  state: JobRunState;
  progress_done: number;
  progress_total: number;
  params: Record<string, unknown>;
  results: JobItemResult[];
  summary: Record<string, unknown> | null;
  error_code: string | null;
  error_params: Record<string, string | number> | null;
  output_path: string | null;
  output_name: string | null;
  output_size: string | number | null;
  attempts: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

type Queryable = Pick<pg.Pool, 'query'>;

export interface NewJobRun {
  id: string;
  kind: string;
  brandOwnerCode: string;
  startedBy: string;
  /** What the run was asked to do, shown on its screen (never secrets). */
  params?: Record<string, unknown>;
  total?: number;
}

/** Records a run as queued; call it before enqueueing the job whose `runId` is `id`. */
export async function insertJobRun(db: Queryable, run: NewJobRun): Promise<void> {
  await db.query(
    `INSERT INTO job_runs (id, kind, brand_owner_code, started_by, state, params, progress_total)
     VALUES ($1, $2, $3, $4, 'queued', $5, $6)`,
    [run.id, run.kind, run.brandOwnerCode, run.startedBy, JSON.stringify(run.params ?? {}), run.total ?? 0],
  );
}

/** Marks a run failed before it reached a worker (e.g. the queue was down). */
export async function failJobRun(
  db: Queryable,
  id: string,
  code: string,
  params: Record<string, string | number> = {},
): Promise<void> {
  await db.query(
    `UPDATE job_runs SET state = 'failed', error_code = $2, error_params = $3, finished_at = now()
      WHERE id = $1 AND state <> 'succeeded'`,
    [id, code, JSON.stringify(params)],
  );
}

const COLUMNS = `id::text, kind, brand_owner_code, started_by, state, progress_done, progress_total, params, results,
  summary, error_code, error_params, output_path, output_name, output_size, attempts,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at,
  to_char(finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at`;

/**
 * One run of the brand, or null (another brand's run is not found). `results: 'whenFinished'` leaves the
 * per-item results out while the run is queued or running: a screen polls a running import every second, and
 * 10,000 report lines each time would be read, sent and drawn for nothing.
 */
export async function findJobRun(
  db: Queryable,
  brand: string,
  id: string,
  options: { results?: 'always' | 'whenFinished' } = {},
): Promise<JobRunRow | null> {
  const columns =
    options.results === 'whenFinished'
      ? COLUMNS.replace(
          'results,',
          "CASE WHEN state IN ('succeeded', 'failed') THEN results ELSE '[]'::jsonb END AS results,",
        )
      : COLUMNS;
  const { rows } = await db.query<JobRunRow>(
    `SELECT ${columns} FROM job_runs WHERE brand_owner_code = $1 AND id = $2`,
    [brand, id],
  );
  return rows[0] ?? null;
}

export interface JobRunPage {
  kind?: string;
  /** Keyset cursor: the `created_at|id` of the last row of the previous page. */
  after?: { createdAt: string; id: string };
  size: number;
}

/** The brand's runs, newest first, without their per-item results (those are in the detail). */
export async function listJobRuns(db: Queryable, brand: string, page: JobRunPage): Promise<JobRunRow[]> {
  const args: unknown[] = [brand, page.size];
  let where = 'brand_owner_code = $1';
  if (page.kind) {
    args.push(page.kind);
    where += ` AND kind = $${args.length}`;
  }
  if (page.after) {
    args.push(page.after.createdAt, page.after.id);
    where += ` AND (created_at, id) < ($${args.length - 1}::timestamptz, $${args.length}::uuid)`;
  }
  const { rows } = await db.query<JobRunRow>(
    `SELECT ${COLUMNS.replace('results,', "'[]'::jsonb AS results,")} FROM job_runs WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT $2`,
    args,
  );
  return rows;
}
