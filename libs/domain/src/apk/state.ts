import type { ApkContent, ApkReleaseStatus, ApkReviewStatus, ApkRollout, ApkTestStatus } from '@kb/contracts';
import type { ApkEvent } from './events.js';
import { evolveRelease } from '../release.js';
import { evolveApkRollout } from './rollout.js';

/** The review state, plus `deleted`: a deleted package is on no screen, but its stream stays for auditors. */
export type ApkStatus = ApkReviewStatus | 'deleted';

/** No event in the stream yet: only create is possible. */
export interface AbsentApk {
  status: 'absent';
}

export interface ExistingApk {
  status: ApkStatus;
  apkId: string;
  content: ApkContent;
  testStatus: ApkTestStatus;
  releaseStatus: ApkReleaseStatus;
  /** Who submitted the pending (or last) submission: nobody audits their own. */
  submittedBy: string | null;
  appliedAt: string | null;
  auditedBy: string | null;
  auditedAt: string | null;
  /** The last return's reason and date; kept after a resubmission so the history and the list can show it. */
  returnReason: string | null;
  returnedAt: string | null;
  releasedAt: string | null;
  /** When the package first went to the test devices: a release of one never tested needs an override. */
  testedAt: string | null;
  /** The staged release, once one started (the last one, after a rollback and a new start). */
  rollout: ApkRollout | null;
}

export type ApkState = AbsentApk | ExistingApk;

export const initialApkState: ApkState = { status: 'absent' };

/** Folds one event into the state. History is trusted: an event is applied as the fact it records. */
export function evolveApk(state: ApkState, event: ApkEvent): ApkState {
  if (event.type === 'ApkPackageCreated')
    return {
      status: 'uncommitted',
      apkId: event.data.apkId,
      content: event.data.content,
      testStatus: 'not_tested',
      releaseStatus: 'not_released',
      submittedBy: null,
      appliedAt: null,
      auditedBy: null,
      auditedAt: null,
      returnReason: null,
      returnedAt: null,
      releasedAt: null,
      testedAt: null,
      rollout: null,
    };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'ApkPackageRevised':
      return { ...state, content: { ...state.content, ...event.data.changes } };
    case 'ApkSubmittedForReview':
      return { ...state, status: 'pending_review', submittedBy: event.data.by, appliedAt: event.data.at };
    case 'ApkSubmissionRecalled':
      return { ...state, status: 'uncommitted' };
    case 'ApkAuditPassed':
      return { ...state, status: 'created', auditedBy: event.data.by, auditedAt: event.data.at };
    case 'ApkReturned':
      return {
        ...state,
        status: 'returned',
        auditedBy: event.data.by,
        auditedAt: event.data.at,
        returnReason: event.data.reason,
        returnedAt: event.data.at,
      };
    case 'ApkTestPublished':
    case 'ApkTestCancelled':
    case 'ApkUntestedReleaseApproved':
    case 'ApkPublishedOnline':
    case 'ApkOnlineCancelled':
      return evolveRelease('Apk', state, event);
    case 'ApkPackageDeleted':
      return { ...state, status: 'deleted' };
    case 'ApkRolloutCompleted':
      return {
        ...state,
        releaseStatus: 'online',
        releasedAt: event.data.at,
        rollout: evolveApkRollout(state.rollout ?? null, event),
      };
    default:
      return { ...state, rollout: evolveApkRollout(state.rollout ?? null, event) };
  }
}
