import { z } from 'zod';
import { text } from './text.js';
import { timeInput } from './dates.js';

/**
 * Staged release of an APK package (`/api/subApk/rollout/*`): a growing percentage of the brand's devices of the
 * package's sub-brand and model gets it, stage after stage, under a fault watch that pauses the rollout when the
 * devices on the new version report faults at a higher rate than those still on the old one.
 */

/** running: the current stage's devices get it; paused: no device newly gets it; rolled_back: devices on it return
 * to the version they had; completed: every device gets it (the package is online). */
export const APK_ROLLOUT_STATUSES = ['running', 'paused', 'rolled_back', 'completed'] as const;
export type ApkRolloutStatus = (typeof APK_ROLLOUT_STATUSES)[number];

/** Why a rollout paused: by hand, or the fault watch. */
export const APK_ROLLOUT_PAUSE_KINDS = ['manual', 'faults'] as const;
export type ApkRolloutPauseKind = (typeof APK_ROLLOUT_PAUSE_KINDS)[number];

/** Why a device of the sub-brand is left out of a release. */
export const APK_INCOMPATIBILITIES = ['model', 'firmware', 'language'] as const;
export type ApkIncompatibility = (typeof APK_INCOMPATIBILITIES)[number];

export interface ApkRolloutStage {
  /** Share of the target devices that get the package in this stage, 1–100. */
  percent: number;
  /** When the fault watch starts the stage by itself (ISO); null: staff start it by hand. */
  startAt: string | null;
}

/** The fault watch's threshold: pause when, for some fault type, the new version's rate reaches `faultRatio` times the
 * old version's (any rate, when the old one has none) and at least `minFaults` faults of that type were reported. */
export interface ApkFaultWatch {
  faultRatio: number;
  minFaults: number;
}

/** The fault type and rates (faults per active device per day) that made the watch pause a rollout. */
export interface ApkFaultFinding {
  faultType: string;
  newFaults: number;
  newRate: number;
  oldRate: number | null;
}

export interface ApkRolloutPause {
  kind: ApkRolloutPauseKind;
  by: string;
  at: string;
  /** The staff's note (manual), empty for the watch. */
  note: string;
  finding: ApkFaultFinding | null;
}

/** A package's rollout as its events leave it (part of the package's state, shown on its detail). */
export interface ApkRollout {
  status: ApkRolloutStatus;
  stages: ApkRolloutStage[];
  /** Index of the stage started last. */
  stage: number;
  stageStartedAt: string;
  /** Faults count from here: the current stage's start, or the last resume (faults seen before were judged). */
  watchSince: string;
  /** The APK version the devices ran before (where a rollback returns them); null when none ran one. */
  fromVersion: string | null;
  toVersion: string;
  watch: ApkFaultWatch;
  /** The lowest MCU firmware the package runs on (null: any). */
  minFirmware: string | null;
  /** The UI languages the package has (empty: any); a device reporting another one is left out. */
  languages: string[];
  startedAt: string;
  startedBy: string;
  pause: ApkRolloutPause | null;
  endedAt: string | null;
}

/** The share of target devices in a stage of `percent`: a device's bucket (0–9999) below this. */
export const rolloutBucketLimit = (percent: number) => Math.round(percent * 100);

// ---- requests

const apkId = z.string().uuid({ message: 'apk_not_found' });
const firmware = text()
  .max(64, { message: 'apk_text_too_long' })
  .regex(/^[A-Za-z0-9._+-]+$/, { message: 'apk_version_format' });
const langCode = text().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, { message: 'lang_invalid' });
const reason = text({ multiline: true }).max(500, { message: 'apk_text_too_long' });

export const apkRolloutStageSchema = z.object({
  percent: z.coerce
    .number({ message: 'apk_rollout_percent' })
    .int({ message: 'apk_rollout_percent' })
    .min(1, { message: 'apk_rollout_percent' })
    .max(100, { message: 'apk_rollout_percent' }),
  startAt: timeInput('apk_rollout_time')
    .transform((d) => d.toISOString())
    .nullable()
    .default(null),
});

/** What a rollout's compatibility check and start name: the firmware and languages the package needs. */
export const apkReleaseNeedsSchema = z.object({
  minFirmware: firmware.nullable().default(null),
  languages: z.array(langCode).max(20).default([]),
});

/** `rollout/start`: the stages (percent rising, the first starts at once), the watch's threshold, what the package
 * needs of a device, and the reason to release a package that was never tested (else refused). */
export const apkRolloutStartSchema = apkReleaseNeedsSchema.extend({
  id: apkId,
  stages: z
    .array(apkRolloutStageSchema)
    .min(1, { message: 'apk_rollout_stages' })
    .max(10, { message: 'apk_rollout_stages' }),
  faultRatio: z.coerce.number({ message: 'apk_rollout_threshold' }).min(1).max(1000).default(2),
  minFaults: z.coerce.number({ message: 'apk_rollout_threshold' }).int().min(1).max(100_000).default(3),
  overrideReason: reason.default(''),
});
export type ApkRolloutStartInput = z.input<typeof apkRolloutStartSchema>;

export const apkRolloutPauseSchema = z.object({ id: apkId, note: reason.default('') });
export const apkRolloutRollbackSchema = z.object({ id: apkId, reason: reason.default('') });

/** `rollout/compatibility`: which devices of the package's sub-brand a release would leave out, and why. */
export const apkCompatibilityQuerySchema = z.object({
  id: apkId,
  minFirmware: firmware.optional(),
  /** Comma-separated. */
  languages: text()
    .max(200)
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(langCode).max(20)),
});

// ---- answers

export interface ApkCompatibility {
  /** The brand's devices of the package's sub-brand. */
  devices: number;
  /** Those the release reaches: the package's model, firmware and language fit. */
  eligible: number;
  /** Devices left out, per reason (a device is counted under its first failing reason: model, firmware, language). */
  incompatible: { reason: ApkIncompatibility; devices: number }[];
}

/** The fault rates of one fault type: faults per active device per day, since the watch's start. */
export interface ApkFaultRate {
  faultType: string;
  /** The brand's name of the type (fault type names), else the code. */
  faultTypeName: string;
  newFaults: number;
  oldFaults: number;
  newRate: number | null;
  oldRate: number | null;
}

/** `rollout/detail`: the rollout (null before one started), its devices and fault rates, and compatibility. */
export interface ApkRolloutDetail {
  id: string;
  versionNumber: string;
  apkVersion: string;
  /** Whether the package went through a test round (else a release needs an override reason). */
  tested: boolean;
  rollout: ApkRollout | null;
  devices: {
    /** Eligible devices (the release's target). */
    targeted: number;
    /** Target devices in the current stage's share. */
    inStage: number;
    /** Target devices reporting the new version, and the others. */
    onNew: number;
    onOld: number;
    /** Of each, those heard from since the watch's start. */
    activeNew: number;
    activeOld: number;
  };
  faults: ApkFaultRate[];
  compatibility: ApkCompatibility;
}

/** `rollout/paused`: the brand's paused rollouts, for the home screen's notice. */
export interface ApkPausedRollout {
  id: string;
  versionNumber: string;
  /** The package's model and sub-brand: two packages of one version are told apart by them. */
  productCode: string;
  subBrandCode: string;
  pause: ApkRolloutPause;
}

/** `GET /device/v1/apk/update`: the APK version the device should run, and where to get it. */
export interface DeviceApkUpdate {
  /** True when the device should install `apkVersion` (it runs another one). */
  update: boolean;
  apkVersion: string | null;
  packageId: string | null;
  versionNumber: string | null;
  apkFileCode: string | null;
  fileSize: number | null;
  /** Why: a staged rollout, the package online, a rollback to the previous version, or nothing for it. */
  reason: 'rollout' | 'online' | 'rollback' | 'none';
}
