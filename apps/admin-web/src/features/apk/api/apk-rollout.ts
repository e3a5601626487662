import type { ApkRolloutStartInput } from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/call.js';
import { LIVE_FALLBACK_POLL_MS } from '../../../lib/live-events.js';
import { runApkCommand } from './apk-commands.js';
import { APK_KEY } from './apk-read-position.js';

/**
 * A running rollout's steps come from the event stream (`useLiveRefresh` on its panel); its figures (devices on the
 * new version, fault rates) change with every device report, so they are read again slowly while its panel is open.
 */
const RUNNING_REFRESH_MS = LIVE_FALLBACK_POLL_MS;

/** `/subApk/rollout/detail`: the rollout, its devices and fault rates, compatibility. */
export const rolloutDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'rollout', id],
    queryFn: ({ signal }) => call.get('/subApk/rollout/detail', { id }, { signal }),
    refetchInterval: (query) =>
      query.state.data?.rollout?.status === 'running' ? RUNNING_REFRESH_MS : false,
  });

/** `/subApk/rollout/compatibility`: the devices a release with these needs leaves out, before it starts. */
export const compatibilityQuery = (id: string, minFirmware: string, languages: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'compatibility', id, minFirmware, languages],
    queryFn: ({ signal }) =>
      call.get(
        '/subApk/rollout/compatibility',
        { id, ...(minFirmware ? { minFirmware } : {}), languages },
        { signal },
      ),
  });

/** `/subApk/rollout/paused`: the brand's paused rollouts (the home screen's notice). */
export const pausedRolloutsQuery = () =>
  queryOptions({
    queryKey: [...APK_KEY, 'rollout', 'paused'],
    queryFn: ({ signal }) => call.get('/subApk/rollout/paused', {}, { signal }),
  });

export type RolloutStep = 'advance' | 'pause' | 'resume' | 'rollback' | 'complete';

export const startRollout = (body: ApkRolloutStartInput) => runApkCommand('rollout/start', body);
export const runRolloutStep = (step: RolloutStep, id: string) => runApkCommand(`rollout/${step}`, { id });
