import type { ApkFaultFinding, ApkFaultWatch, ApkRollout, ApkRolloutStage } from '@kb/contracts';
import { DomainError } from '../decider.js';
import type { ApkRolloutEvent } from './events.js';

/**
 * The staged release of a package (README: "Rollout"): its events fold into `ApkRollout`, and the fault watch's
 * verdict on a stage's fault rates is a pure function here so the API's job and the tests judge alike.
 */

export function evolveApkRollout(rollout: ApkRollout | null, event: ApkRolloutEvent): ApkRollout | null {
  if (event.type === 'ApkRolloutStarted') {
    const d = event.data;
    return {
      status: 'running',
      stages: d.stages,
      stage: -1,
      stageStartedAt: d.at,
      watchSince: d.at,
      fromVersion: d.fromVersion,
      toVersion: d.toVersion,
      watch: d.watch,
      minFirmware: d.minFirmware,
      languages: d.languages,
      startedAt: d.at,
      startedBy: d.by,
      pause: null,
      endedAt: null,
    };
  }
  if (!rollout) return rollout;
  switch (event.type) {
    case 'ApkRolloutStageStarted':
      return {
        ...rollout,
        stage: event.data.stage,
        stageStartedAt: event.data.at,
        watchSince: event.data.at,
      };
    case 'ApkRolloutPaused': {
      const { kind, by, at, note, finding } = event.data;
      return { ...rollout, status: 'paused', pause: { kind, by, at, note, finding } };
    }
    case 'ApkRolloutResumed':
      // Faults reported before the resume were judged already: the watch counts afresh.
      return { ...rollout, status: 'running', pause: null, watchSince: event.data.at };
    case 'ApkRolloutRolledBack':
      return { ...rollout, status: 'rolled_back', endedAt: event.data.at };
    case 'ApkRolloutCompleted':
      return { ...rollout, status: 'completed', pause: null, endedAt: event.data.at };
  }
}

/** True while devices are being moved to the package by its rollout (running or paused). */
export const rolloutActive = (
  rollout: ApkRollout | null | undefined,
): rollout is ApkRollout & { status: 'running' | 'paused' } =>
  rollout?.status === 'running' || rollout?.status === 'paused';

/**
 * Checks the stages staff asked for: percents rising; a start time, where one is set, after `at` and after the
 * previous stage's. The first stage starts at once (its time is ignored). 400 `apk_rollout_stages` otherwise.
 */
export function checkRolloutStages(stages: ApkRolloutStage[], at: string): ApkRolloutStage[] {
  const checked = stages.map((stage, i) => (i === 0 ? { ...stage, startAt: null } : stage));
  let lastTime = at;
  checked.forEach((stage, i) => {
    const previous = checked[i - 1];
    if (previous && stage.percent <= previous.percent)
      throw new DomainError(400, 'apk_rollout_stages_rising', { stage: i + 1 });
    if (stage.startAt !== null) {
      if (stage.startAt <= lastTime) throw new DomainError(400, 'apk_rollout_stage_time', { stage: i + 1 });
      lastTime = stage.startAt;
    }
  });
  return checked;
}

/** One fault type's counts and rates (faults per active device per day) on the new and the old version. */
export interface FaultRateSample {
  faultType: string;
  newFaults: number;
  newRate: number | null;
  oldRate: number | null;
}

/**
 * The fault watch's verdict: the first fault type (most faults first) whose rate on the new version reaches
 * `faultRatio` times the old version's — any rate when the old version has none — with at least `minFaults`
 * faults of it; null when every type stays within the threshold.
 */
export function faultWatchFinding(rates: FaultRateSample[], watch: ApkFaultWatch): ApkFaultFinding | null {
  const worst = [...rates].sort((a, b) => b.newFaults - a.newFaults);
  for (const r of worst) {
    if (r.newRate === null || r.newFaults < watch.minFaults) continue;
    if (r.oldRate === null || r.oldRate === 0 || r.newRate >= r.oldRate * watch.faultRatio)
      return { faultType: r.faultType, newFaults: r.newFaults, newRate: r.newRate, oldRate: r.oldRate };
  }
  return null;
}
