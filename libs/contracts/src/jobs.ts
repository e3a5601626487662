import { z } from 'zod';
import { text } from './text.js';

/** Long jobs: a run of a pack build, a recipe import, export or translation, as the screens see it. */
export const JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** One item of a run's report: a recipe created, skipped, refused (with why), translated... */
export interface JobItem {
  key: string;
  outcome: string;
  /** The reason or note, in the caller's language. */
  message: string | null;
  code: string | null;
  data: unknown;
}

export interface JobRun {
  id: string;
  kind: string;
  state: JobState;
  progress: { done: number; total: number; percent: number };
  startedBy: string;
  params: Record<string, unknown>;
  summary: Record<string, unknown> | null;
  /** Why it failed, in the caller's language. */
  error: string | null;
  errorCode: string | null;
  /** The per-item report (empty in the list). */
  items: JobItem[];
  /** The output file to download, once succeeded. */
  output: { name: string; size: number } | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export interface JobRunPage {
  list: JobRun[];
  /** Pass as `after` for the next (older) page; null at the end. */
  next: string | null;
}

const jobId = z.string().uuid({ message: 'job_not_found' });
export const jobIdQuerySchema = z.object({ id: jobId });
export const jobListQuerySchema = z.object({
  kind: text().max(64).optional(),
  /** The `next` of the previous page. */
  after: text()
    .max(80)
    .regex(/^[0-9T:.\-Z]+\|[0-9a-f-]{36}$/, { message: 'job_cursor_invalid' })
    .optional(),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
