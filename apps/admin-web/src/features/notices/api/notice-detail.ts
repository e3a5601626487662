import type { Notice, NoticeDelivery, NoticeState, Page } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { LIVE_FALLBACK_POLL_MS } from '../../../lib/live-events.js';
import { NOTICES_KEY } from './notices-key.js';

/** A notice whose counts or state are about to change. */
export const noticeIsLive = (state: NoticeState | undefined) => state === 'pushing' || state === 'scheduled';
/**
 * A pushing notice's progress and state and a pushed one's received/read counts come from the event stream as
 * they change (`useLiveRefresh` on the screens); this slow poll only catches what the stream missed.
 */
const refetchMs = (state: NoticeState | undefined) =>
  noticeIsLive(state) || state === 'pushed' ? LIVE_FALLBACK_POLL_MS : false;

export const noticeDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...NOTICES_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/inform/detail', { id }, { signal }),
    refetchInterval: (query) => refetchMs(query.state.data?.state),
  });

/** One list row's state and counts, asked again when the stream says the notice changed (the list is not re-read). */
export const noticeRowQuery = (id: string, initial: Pick<Notice, 'state'> & Partial<Notice>) =>
  queryOptions({
    queryKey: [...NOTICES_KEY, 'row', id, initial.state],
    queryFn: ({ signal }) => call.get('/inform/detail', { id }, { signal, quiet: true }),
    initialData: initial as Notice,
    staleTime: 1000,
    refetchInterval: (query) => refetchMs(query.state.data?.state),
  });

export const noticeChartQuery = (id: string, state: NoticeState) =>
  queryOptions({
    queryKey: [...NOTICES_KEY, 'chart', id],
    queryFn: ({ signal }) => call.get('/inform/ackChart', { id }, { signal }),
    refetchInterval: refetchMs(state),
  });

export function fetchDeliveries(
  query: { id: string; state?: string | null; pageNum: number; pageSize: number },
  signal: AbortSignal,
): Promise<Page<NoticeDelivery>> {
  return call.get(
    '/inform/deliveries',
    { id: query.id, state: query.state, pageNum: query.pageNum, pageSize: query.pageSize },
    { signal },
  );
}

/** The brand's push health for the home card (`/api/inform/health`): a failed load is only logged. */
export const pushHealthQuery = queryOptions({
  queryKey: [...NOTICES_KEY, 'health'],
  queryFn: ({ signal }) => call.get('/inform/health', {}, { signal, quiet: true }),
});
