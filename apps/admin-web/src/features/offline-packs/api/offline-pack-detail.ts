import type { OfflinePackBuild } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { OFFLINE_PACKS_KEY } from './offline-pack-read-position.js';

export const offlinePackDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...OFFLINE_PACKS_KEY, 'detail', id],
    queryFn: ({ signal }) => call.get('/offlineRecipes/detail', { id }, { signal }),
  });

const ACTIVE: ReadonlySet<string> = new Set(['queued', 'running']);
export const buildIsActive = (build: OfflinePackBuild | null | undefined) =>
  !!build && ACTIVE.has(build.status);

/** The pack's newest build, asked again every second while it waits or runs (the progress bar). */
export const offlinePackBuildQuery = (id: string, initial: OfflinePackBuild | null) =>
  queryOptions({
    queryKey: [...OFFLINE_PACKS_KEY, 'build', id, initial?.id ?? null, initial?.status ?? null],
    queryFn: ({ signal }) => call.get('/offlineRecipes/buildStatus', { id }, { signal, quiet: true }),
    initialData: initial,
    // The list row brought the build: no second request per row until it is worth asking again.
    staleTime: 5_000,
    refetchInterval: (query) => (buildIsActive(query.state.data) ? 1000 : false),
  });

/** Where the browser downloads the pack's newest finished file (same origin: the session cookie goes along). */
export const offlinePackDownloadUrl = (id: string) =>
  `/api/offlineRecipes/download?id=${encodeURIComponent(id)}`;
