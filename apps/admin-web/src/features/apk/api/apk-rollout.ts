import type {
  ApkCompatibility,
  ApkPausedRollout,
  ApkRolloutDetail,
  ApkRolloutStartInput,
} from '@kb/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { runApkCommand } from './apk-commands.js';
import { APK_KEY } from './apk-read-position.js';

/** How often a running rollout's figures are read again while its panel is open. */
const RUNNING_REFRESH_MS = 10_000;

/** `/subApk/rollout/detail`: the rollout, its devices and fault rates, compatibility. */
export const rolloutDetailQuery = (id: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'rollout', id],
    queryFn: ({ signal }) => api<ApkRolloutDetail>('/subApk/rollout/detail', { query: { id }, signal }),
    refetchInterval: (query) =>
      query.state.data?.rollout?.status === 'running' ? RUNNING_REFRESH_MS : false,
  });

/** `/subApk/rollout/compatibility`: the devices a release with these needs leaves out, before it starts. */
export const compatibilityQuery = (id: string, minFirmware: string, languages: string) =>
  queryOptions({
    queryKey: [...APK_KEY, 'compatibility', id, minFirmware, languages],
    queryFn: ({ signal }) =>
      api<ApkCompatibility>('/subApk/rollout/compatibility', {
        query: { id, ...(minFirmware ? { minFirmware } : {}), languages },
        signal,
      }),
  });

/** `/subApk/rollout/paused`: the brand's paused rollouts (the home screen's notice). */
export const pausedRolloutsQuery = () =>
  queryOptions({
    queryKey: [...APK_KEY, 'rollout', 'paused'],
    queryFn: ({ signal }) => api<ApkPausedRollout[]>('/subApk/rollout/paused', { signal }),
  });

export type RolloutStep = 'advance' | 'pause' | 'resume' | 'rollback' | 'complete';

export const startRollout = (body: ApkRolloutStartInput) => runApkCommand('rollout/start', body);
export const runRolloutStep = (step: RolloutStep, id: string) => runApkCommand(`rollout/${step}`, { id });
