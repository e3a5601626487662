import {
  isOwnApkSubmission,
  type ApkContent,
  type ApkFaultFinding,
  type ApkFaultWatch,
  type ApkRolloutPauseKind,
  type ApkRolloutStage,
} from '@kb/contracts';
import { changedFields, DomainError, decideByTable, type Decider } from '../decider.js';
import type { ApkEvent } from './events.js';
import { decideRelease, untestedApproval } from '../release.js';
import {
  APK_DRAFT_PARTS,
  APK_REQUIRED_PARTS,
  type ApkAction,
  type ApkHint,
  type ApkRequiredPart,
  type ApkRolloutStanding,
  type ApkUse,
} from './refusals.js';
import { checkRolloutStages, rolloutActive } from './rollout.js';
import { evolveApk, initialApkState, type ApkState, type ApkStatus, type ExistingApk } from './state.js';

/**
 * What staff ask of an APK package. `by` is the caller's account (the API takes it from the session, and checks
 * the caller's role against the permission matrix before a command is made); `at` is the handler's clock,
 * ISO-8601 (the decider has none).
 */
export type ApkCommand =
  /** `submitting`: created to be submitted at once, so it must be complete for submission already. */
  | { type: 'CreateApkPackage'; apkId: string; content: ApkContent; submitting?: boolean }
  /** The whole content as the form saves it; only the fields that differ become the event. */
  | { type: 'ReviseApkPackage'; content: ApkContent }
  | { type: 'SubmitApkForReview'; by: string; at: string }
  | { type: 'RecallApkSubmission'; by: string }
  | { type: 'PassApkAudit'; by: string; at: string }
  | { type: 'ReturnApk'; by: string; reason: string; at: string }
  | { type: 'PublishApkTest'; at: string }
  | { type: 'CancelApkTest'; at: string }
  /** `overrideReason`: required when the package never went through a test round. */
  | { type: 'PublishApkOnline'; at: string; by?: string; overrideReason?: string }
  | { type: 'CancelApkOnline'; at: string }
  | { type: 'DeleteApkPackage'; at: string }
  /** `fromVersion`: the APK version the target devices run now (the API reads it from the fleet). */
  | {
      type: 'StartApkRollout';
      by: string;
      at: string;
      stages: ApkRolloutStage[];
      fromVersion: string | null;
      watch: ApkFaultWatch;
      minFirmware: string | null;
      languages: string[];
      overrideReason: string;
    }
  /** By hand, or `scheduled` by the watch's job (then only once the next stage's start time has come). */
  | { type: 'StartNextApkRolloutStage'; by: string; at: string; scheduled: boolean }
  | {
      type: 'PauseApkRollout';
      by: string;
      at: string;
      kind: ApkRolloutPauseKind;
      note: string;
      finding: ApkFaultFinding | null;
    }
  | { type: 'ResumeApkRollout'; by: string; at: string }
  | { type: 'RollBackApkRollout'; by: string; at: string; reason: string }
  | { type: 'CompleteApkRollout'; by: string; at: string };

export type ApkCommandType = ApkCommand['type'];

export const APK_COMMAND_ACTIONS: Record<ApkCommandType, ApkAction> = {
  CreateApkPackage: 'create',
  ReviseApkPackage: 'revise',
  SubmitApkForReview: 'submit',
  RecallApkSubmission: 'recall',
  PassApkAudit: 'audit_pass',
  ReturnApk: 'audit_return',
  PublishApkTest: 'publish_test',
  CancelApkTest: 'cancel_test',
  PublishApkOnline: 'publish_online',
  CancelApkOnline: 'cancel_online',
  DeleteApkPackage: 'delete',
  StartApkRollout: 'start_rollout',
  StartNextApkRolloutStage: 'next_stage',
  PauseApkRollout: 'pause_rollout',
  ResumeApkRollout: 'resume_rollout',
  RollBackApkRollout: 'rollback_rollout',
  CompleteApkRollout: 'complete_rollout',
};

/**
 * The transition table of README.md: the states each action on an existing package is allowed in. Create is
 * allowed only before the stream exists. Where the action leads is in the events below.
 */
export const APK_ACTION_ALLOWED_IN: Record<Exclude<ApkAction, 'create'>, readonly ApkStatus[]> = {
  revise: ['uncommitted', 'returned'],
  submit: ['uncommitted', 'returned'],
  recall: ['pending_review'],
  audit_pass: ['pending_review'],
  audit_return: ['pending_review'],
  publish_test: ['created'],
  cancel_test: ['created'],
  publish_online: ['created'],
  cancel_online: ['created'],
  delete: ['uncommitted', 'created', 'returned'],
  start_rollout: ['created'],
  next_stage: ['created'],
  pause_rollout: ['created'],
  resume_rollout: ['created'],
  rollback_rollout: ['created'],
  complete_rollout: ['created'],
};

/** How the package is named in messages: its version number, or the start of its id while it has none. */
export function apkName(state: ExistingApk): string {
  return state.content.versionNumber || state.apkId.slice(0, 8);
}

function hint(status: ApkStatus, action: ApkAction): ApkHint {
  if (status === 'pending_review' && (action === 'revise' || action === 'delete' || action === 'submit'))
    return 'recall_first';
  if ((status === 'uncommitted' || status === 'returned') && action.startsWith('audit_'))
    return 'submit_first';
  if (
    (status === 'uncommitted' || status === 'returned' || status === 'pending_review') &&
    (/^(publish|cancel)_/.test(action) || action.endsWith('_rollout') || action === 'next_stage')
  )
    return 'audit_first';
  if (status === 'created' && (action === 'revise' || action === 'submit')) return 'new_package';
  return 'none';
}

/** 409 naming the package, its state, the refused action and what to do first (the API words them). */
export function illegalApkTransition(state: ExistingApk, action: ApkAction): DomainError {
  return new DomainError(409, 'apk_illegal_transition', {
    name: apkName(state),
    state: state.status,
    action,
    hint: hint(state.status, action),
  });
}

/** The §5 fields submission still needs; empty when the package is complete. */
export function missingForApkSubmission(content: ApkContent): ApkRequiredPart[] {
  return APK_REQUIRED_PARTS.filter((part) => !content[part]);
}

/** The §5 fields even a draft needs that `content` lacks. */
export function missingForApkDraft(content: ApkContent): ApkRequiredPart[] {
  return APK_DRAFT_PARTS.filter((part) => !content[part]);
}

/** 400 naming every field still missing: for a draft (`apk_draft_incomplete`) or for submission. */
function checkComplete(content: ApkContent, name: string, submitting: boolean): void {
  const missing = submitting ? missingForApkSubmission(content) : missingForApkDraft(content);
  if (missing.length > 0)
    throw new DomainError(400, submitting ? 'apk_incomplete' : 'apk_draft_incomplete', {
      name,
      missing: missing.join(','),
    });
}

function checkFourEyes(state: ExistingApk, by: string): void {
  if (isOwnApkSubmission(state.submittedBy, by))
    throw new DomainError(403, 'apk_self_audit', { name: apkName(state) });
}

function decideOnExisting(command: ApkCommand, state: ExistingApk): ApkEvent[] {
  switch (command.type) {
    case 'CreateApkPackage':
      throw new DomainError(409, 'apk_already_exists', { name: apkName(state) });
    case 'ReviseApkPackage': {
      checkComplete(command.content, apkName(state), false);
      const changes = changedFields(state.content, command.content);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'ApkPackageRevised', data: { changes } }];
    }
    case 'SubmitApkForReview': {
      const missing = missingForApkSubmission(state.content);
      if (missing.length > 0)
        throw new DomainError(400, 'apk_incomplete', {
          name: apkName(state),
          missing: missing.join(','),
        });
      return [{ type: 'ApkSubmittedForReview', data: { by: command.by, at: command.at } }];
    }
    case 'RecallApkSubmission':
      return [{ type: 'ApkSubmissionRecalled', data: { by: command.by } }];
    case 'PassApkAudit':
      checkFourEyes(state, command.by);
      return [{ type: 'ApkAuditPassed', data: { by: command.by, at: command.at } }];
    case 'ReturnApk': {
      checkFourEyes(state, command.by);
      const reason = command.reason.trim();
      if (reason === '') throw new DomainError(400, 'apk_return_reason_required', { name: apkName(state) });
      return [{ type: 'ApkReturned', data: { by: command.by, reason, at: command.at } }];
    }
    case 'PublishApkOnline':
      if (rolloutActive(state.rollout)) throw illegalRollout(state, 'publish_online');
      return decideRelease('Apk', state, 'publish_online', command, () => untestedRefusal(state));
    case 'PublishApkTest':
    case 'CancelApkTest':
    case 'CancelApkOnline':
      return decideRelease('Apk', state, RELEASE_ACTIONS[command.type], command, () =>
        untestedRefusal(state),
      );
    case 'DeleteApkPackage': {
      // A package on devices (test or online) is taken off them first, so nothing live disappears by accident.
      const use: ApkUse | null =
        state.releaseStatus === 'online'
          ? 'online'
          : rolloutActive(state.rollout)
            ? 'rollout'
            : state.testStatus === 'testing'
              ? 'testing'
              : null;
      if (use) throw new DomainError(409, 'apk_in_use', { name: apkName(state), use });
      return [{ type: 'ApkPackageDeleted', data: { at: command.at } }];
    }
    default:
      return decideRollout(command, state);
  }
}

/** Where the package's release stands, for a refused rollout action. */
function rolloutStanding(state: ExistingApk): ApkRolloutStanding {
  if (rolloutActive(state.rollout)) return state.rollout.status;
  if (state.releaseStatus === 'online') return 'online';
  return state.rollout?.status ?? 'none';
}

/** 409: the rollout is not where the action needs it (none, paused, ended, or the package online already). */
function illegalRollout(state: ExistingApk, action: ApkAction): DomainError {
  return new DomainError(409, 'apk_rollout_illegal', {
    name: apkName(state),
    rollout: rolloutStanding(state),
    action,
  });
}

/**
 * A release of a package that never went to the test devices needs a reason, recorded as its own event;
 * without one it is refused (409 `apk_untested_release`).
 */
const untestedRefusal = (state: ExistingApk) =>
  new DomainError(409, 'apk_untested_release', { name: apkName(state) });

const RELEASE_ACTIONS = {
  PublishApkTest: 'publish_test',
  CancelApkTest: 'cancel_test',
  CancelApkOnline: 'cancel_online',
} as const;

type RolloutCommand = Extract<
  ApkCommand,
  {
    type:
      | 'StartApkRollout'
      | 'StartNextApkRolloutStage'
      | 'PauseApkRollout'
      | 'ResumeApkRollout'
      | 'RollBackApkRollout'
      | 'CompleteApkRollout';
  }
>;

/** The rollout's own table (README "Rollout"): start when none runs, stages while running, then pause/resume/end. */
function decideRollout(command: RolloutCommand, state: ExistingApk): ApkEvent[] {
  const rollout = state.rollout ?? null;
  const { by, at } = command;
  const action = APK_COMMAND_ACTIONS[command.type];
  switch (command.type) {
    case 'StartApkRollout': {
      if (rolloutActive(rollout) || state.releaseStatus === 'online') throw illegalRollout(state, action);
      if (!state.content.apkVersion)
        throw new DomainError(400, 'apk_rollout_no_version', { name: apkName(state) });
      const stages = checkRolloutStages(command.stages, at);
      const approval = untestedApproval('Apk', state, { by, reason: command.overrideReason, at }, () =>
        untestedRefusal(state),
      );
      return [
        ...approval,
        {
          type: 'ApkRolloutStarted',
          data: {
            by,
            at,
            stages,
            fromVersion: command.fromVersion,
            toVersion: state.content.apkVersion,
            watch: command.watch,
            minFirmware: command.minFirmware,
            languages: command.languages,
          },
        },
        {
          type: 'ApkRolloutStageStarted',
          data: { stage: 0, percent: stages[0]!.percent, by, at, scheduled: false },
        },
      ];
    }
    case 'StartNextApkRolloutStage': {
      if (rollout?.status !== 'running') throw illegalRollout(state, action);
      const stage = rollout.stage + 1;
      const next = rollout.stages[stage];
      if (!next) throw new DomainError(409, 'apk_rollout_last_stage', { name: apkName(state) });
      if (command.scheduled && (next.startAt === null || next.startAt > at)) return [];
      return [
        {
          type: 'ApkRolloutStageStarted',
          data: { stage, percent: next.percent, by, at, scheduled: command.scheduled },
        },
      ];
    }
    case 'PauseApkRollout':
      if (rollout?.status === 'paused') return [];
      if (rollout?.status !== 'running') throw illegalRollout(state, action);
      return [
        {
          type: 'ApkRolloutPaused',
          data: { kind: command.kind, by, at, note: command.note.trim(), finding: command.finding },
        },
      ];
    case 'ResumeApkRollout':
      if (rollout?.status === 'running') return [];
      if (rollout?.status !== 'paused') throw illegalRollout(state, action);
      return [{ type: 'ApkRolloutResumed', data: { by, at } }];
    case 'RollBackApkRollout':
      if (!rolloutActive(rollout)) throw illegalRollout(state, action);
      return [
        {
          type: 'ApkRolloutRolledBack',
          data: { by, at, reason: command.reason.trim(), toVersion: rollout.fromVersion },
        },
      ];
    case 'CompleteApkRollout':
      if (!rolloutActive(rollout)) throw illegalRollout(state, action);
      return [{ type: 'ApkRolloutCompleted', data: { by, at } }];
  }
}

/**
 * Command → events, or a DomainError: 404 no such package, 403 auditing one's own submission,
 * 409 not in this state (or on devices, for delete), 400 incomplete or no return reason.
 */
export const decideApk = decideByTable<ApkCommand, ApkEvent, ApkState, ApkAction, ApkStatus>({
  actionOf: APK_COMMAND_ACTIONS,
  allowedIn: APK_ACTION_ALLOWED_IN,
  placeOf: (state) => state.status,
  create(command) {
    if (command.type !== 'CreateApkPackage') throw new DomainError(404, 'apk_not_found');
    checkComplete(command.content, command.content.versionNumber, command.submitting ?? false);
    return [{ type: 'ApkPackageCreated', data: { apkId: command.apkId, content: command.content } }];
  },
  illegal: illegalApkTransition,
  onExisting: decideOnExisting,
});

export const apkDecider: Decider<ApkCommand, ApkEvent, ApkState> = {
  initialState: initialApkState,
  evolve: evolveApk,
  decide: decideApk,
};
