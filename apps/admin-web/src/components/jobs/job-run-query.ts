import type { JobRun } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/call.js';

/** While a run is under way the event stream reports its progress; this poll only stands in when it is away. */
const ACTIVE_FALLBACK_POLL_MS = 5000;

export const jobIsActive = (run: JobRun | null | undefined) =>
  !!run && (run.state === 'queued' || run.state === 'running');

/** A long job's run, asked again whenever the event stream reports its progress (see `JobProgress`). */
export const jobRunQuery = (id: string, initial?: JobRun) =>
  queryOptions({
    queryKey: ['jobs', 'run', id],
    queryFn: ({ signal }) => call.get('/recipe/asyncTask/detail', { id }, { signal, quiet: true }),
    initialData: initial,
    refetchInterval: (query) =>
      !query.state.data || jobIsActive(query.state.data) ? ACTIVE_FALLBACK_POLL_MS : false,
  });

/** Where the browser downloads a finished run's output (same origin: the session cookie goes along). */
export const jobDownloadUrl = (id: string) => `/api/jobs/download?id=${encodeURIComponent(id)}`;
