import type { JobRun } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.js';

export const jobIsActive = (run: JobRun | null | undefined) =>
  !!run && (run.state === 'queued' || run.state === 'running');

/** A long job's run, asked again every second while it waits or runs (the live progress). */
export const jobRunQuery = (id: string, initial?: JobRun) =>
  queryOptions({
    queryKey: ['jobs', 'run', id],
    queryFn: ({ signal }) => api<JobRun>('/recipe/asyncTask/detail', { query: { id }, signal, quiet: true }),
    initialData: initial,
    refetchInterval: (query) => (!query.state.data || jobIsActive(query.state.data) ? 1000 : false),
  });

/** Where the browser downloads a finished run's output (same origin: the session cookie goes along). */
export const jobDownloadUrl = (id: string) => `/api/jobs/download?id=${encodeURIComponent(id)}`;
