import type { Migration } from '../db/migrate.js';

/**
 * The table of the long-job kit: one row per run of a long job (a pack build, a recipe import, export or
 * translation). The API inserts it `queued` when it enqueues the job; the worker (defineJobWorker) moves it to
 * `running`, writes progress and per-item results, and ends it `succeeded` (with its output file) or `failed` (with
 * an error code and params the API translates). The API composes these migrations with its own.
 */
export const jobRunsMigrations: Migration[] = [
  {
    id: 'platform/jobs-001-job-runs',
    sql: `
      CREATE TABLE job_runs (
        id uuid PRIMARY KEY,
        kind text NOT NULL,
        brand_owner_code text NOT NULL,
        started_by text NOT NULL,
        state text NOT NULL CHECK (state IN ('queued', 'running', 'succeeded', 'failed')),
        progress_done integer NOT NULL DEFAULT 0,
        progress_total integer NOT NULL DEFAULT 0,
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        results jsonb NOT NULL DEFAULT '[]'::jsonb,
        summary jsonb,
        error_code text,
        error_params jsonb,
        output_path text,
        output_name text,
        output_size bigint,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      );
      -- The brand's job list, newest first (keyset on created_at, id), optionally of one kind.
      CREATE INDEX job_runs_brand ON job_runs (brand_owner_code, created_at DESC, id DESC);
      CREATE INDEX job_runs_brand_kind ON job_runs (brand_owner_code, kind, created_at DESC, id DESC);
    `,
  },
];
