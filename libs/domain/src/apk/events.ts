import type { ApkContent } from '@kb/contracts';

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
  | ApkPackageDeleted;

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
};

export const APK_EVENT_TYPES = Object.keys(APK_EVENT_SCHEMA_VERSIONS) as ApkEventType[];

/** The event-store stream of one APK package. */
export const apkStreamId = (apkId: string): string => `apk-${apkId}`;
