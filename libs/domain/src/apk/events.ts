import type {
  ApkContent,
  ApkFaultFinding,
  ApkFaultWatch,
  ApkRolloutPauseKind,
  ApkRolloutStage,
} from '@kb/contracts';

/**
 * What happened to a sub-brand APK package (stream `apk-<id>`). Each event is a fact carrying only the data that
 * changed; the package is the fold of its stream. Who acted is also in the event's metadata; the reviewers are
 * in the data too because the four-eyes rule is the decider's and the decider sees only events.
 */

export interface ApkPackageCreated {
  type: 'ApkPackageCreated';
  data: { apkId: string; content: ApkContent };
}
/** Only the content fields whose value changed, with their new values. */
export interface ApkPackageRevised {
  type: 'ApkPackageRevised';
  data: { changes: Partial<ApkContent> };
}
/** `at`: the apply date. */
export interface ApkSubmittedForReview {
  type: 'ApkSubmittedForReview';
  data: { by: string; at: string };
}
export interface ApkSubmissionRecalled {
  type: 'ApkSubmissionRecalled';
  data: { by: string };
}
export interface ApkAuditPassed {
  type: 'ApkAuditPassed';
  data: { by: string; at: string };
}
export interface ApkReturned {
  type: 'ApkReturned';
  data: { by: string; reason: string; at: string };
}
export interface ApkTestPublished {
  type: 'ApkTestPublished';
  data: { at: string };
}
export interface ApkTestCancelled {
  type: 'ApkTestCancelled';
  data: { at: string };
}
/** `at`: the release date. */
export interface ApkPublishedOnline {
  type: 'ApkPublishedOnline';
  data: { at: string };
}
export interface ApkOnlineCancelled {
  type: 'ApkOnlineCancelled';
  data: { at: string };
}
export interface ApkPackageDeleted {
  type: 'ApkPackageDeleted';
  data: { at: string };
}

/** A release (online or a rollout) of a package that never went through a test round, with the reason given. */
export interface ApkUntestedReleaseApproved {
  type: 'ApkUntestedReleaseApproved';
  data: { by: string; reason: string; at: string };
}
/**
 * A staged release began (its first stage starts with it, `ApkRolloutStageStarted`). `fromVersion`: the APK version
 * the target devices ran (the API reads it from the fleet), where a rollback returns them.
 */
export interface ApkRolloutStarted {
  type: 'ApkRolloutStarted';
  data: {
    by: string;
    at: string;
    stages: ApkRolloutStage[];
    fromVersion: string | null;
    toVersion: string;
    watch: ApkFaultWatch;
    minFirmware: string | null;
    languages: string[];
  };
}
/** `scheduled`: started by its start time (the fault watch's job), not by hand. */
export interface ApkRolloutStageStarted {
  type: 'ApkRolloutStageStarted';
  data: { stage: number; percent: number; by: string; at: string; scheduled: boolean };
}
/** Paused by hand (`note`) or by the fault watch (`finding`: the fault type and rates past the threshold). */
export interface ApkRolloutPaused {
  type: 'ApkRolloutPaused';
  data: { kind: ApkRolloutPauseKind; by: string; at: string; note: string; finding: ApkFaultFinding | null };
}
export interface ApkRolloutResumed {
  type: 'ApkRolloutResumed';
  data: { by: string; at: string };
}
/** Devices on the package return to `toVersion` (the rollout's `fromVersion`). */
export interface ApkRolloutRolledBack {
  type: 'ApkRolloutRolledBack';
  data: { by: string; at: string; reason: string; toVersion: string | null };
}
/** Every target device gets the package: it is online (the release date is `at`). */
export interface ApkRolloutCompleted {
  type: 'ApkRolloutCompleted';
  data: { by: string; at: string };
}

/** The staged release's events (folded by `evolveApkRollout`). */
export type ApkRolloutEvent =
  | ApkRolloutStarted
  | ApkRolloutStageStarted
  | ApkRolloutPaused
  | ApkRolloutResumed
  | ApkRolloutRolledBack
  | ApkRolloutCompleted;

export type ApkEvent =
  | ApkPackageCreated
  | ApkPackageRevised
  | ApkSubmittedForReview
  | ApkSubmissionRecalled
  | ApkAuditPassed
  | ApkReturned
  | ApkTestPublished
  | ApkTestCancelled
  | ApkPublishedOnline
  | ApkOnlineCancelled
  | ApkPackageDeleted
  | ApkUntestedReleaseApproved
  | ApkRolloutEvent;

export type ApkEventType = ApkEvent['type'];

/** The schema version each event type is written at; older payloads are read through `upcastApkEvent`. */
export const APK_EVENT_SCHEMA_VERSIONS: Readonly<Record<ApkEventType, number>> = {
  ApkPackageCreated: 1,
  ApkPackageRevised: 1,
  ApkSubmittedForReview: 1,
  ApkSubmissionRecalled: 1,
  ApkAuditPassed: 1,
  ApkReturned: 1,
  ApkTestPublished: 1,
  ApkTestCancelled: 1,
  ApkPublishedOnline: 1,
  ApkOnlineCancelled: 1,
  ApkPackageDeleted: 1,
  ApkUntestedReleaseApproved: 1,
  ApkRolloutStarted: 1,
  ApkRolloutStageStarted: 1,
  ApkRolloutPaused: 1,
  ApkRolloutResumed: 1,
  ApkRolloutRolledBack: 1,
  ApkRolloutCompleted: 1,
};

export const APK_EVENT_TYPES = Object.keys(APK_EVENT_SCHEMA_VERSIONS) as ApkEventType[];

/** The event-store stream of one APK package. */
export const apkStreamId = (apkId: string): string => `apk-${apkId}`;
