import { isOwnApkSubmission, type ApkContent } from '@kb/contracts';
import { DomainError, type Decider } from '../decider.js';
import type { ApkEvent } from './events.js';
import {
  APK_DRAFT_PARTS,
  APK_REQUIRED_PARTS,
  type ApkAction,
  type ApkHint,
  type ApkRequiredPart,
  type ApkUse,
} from './refusals.js';
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
  | { type: 'PublishApkOnline'; at: string }
  | { type: 'CancelApkOnline'; at: string }
  | { type: 'DeleteApkPackage'; at: string };

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
    /^(publish|cancel)_/.test(action)
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

/** The content fields of `next` whose value differs from `current`. */
function changedFields(current: ApkContent, next: ApkContent): Partial<ApkContent> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof ApkContent)[])
    if (current[key] !== next[key]) changes[key] = next[key];
  return changes as Partial<ApkContent>;
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
    case 'PublishApkTest':
      return state.testStatus === 'testing' ? [] : [{ type: 'ApkTestPublished', data: { at: command.at } }];
    case 'CancelApkTest':
      return state.testStatus === 'not_tested'
        ? []
        : [{ type: 'ApkTestCancelled', data: { at: command.at } }];
    case 'PublishApkOnline':
      return state.releaseStatus === 'online'
        ? []
        : [{ type: 'ApkPublishedOnline', data: { at: command.at } }];
    case 'CancelApkOnline':
      return state.releaseStatus === 'not_released'
        ? []
        : [{ type: 'ApkOnlineCancelled', data: { at: command.at } }];
    case 'DeleteApkPackage': {
      // A package on devices (test or online) is taken off them first, so nothing live disappears by accident.
      const use: ApkUse | null =
        state.releaseStatus === 'online' ? 'online' : state.testStatus === 'testing' ? 'testing' : null;
      if (use) throw new DomainError(409, 'apk_in_use', { name: apkName(state), use });
      return [{ type: 'ApkPackageDeleted', data: { at: command.at } }];
    }
  }
}

/**
 * Command → events, or a DomainError: 404 no such package, 403 auditing one's own submission,
 * 409 not in this state (or on devices, for delete), 400 incomplete or no return reason.
 */
export function decideApk(command: ApkCommand, state: ApkState): ApkEvent[] {
  if (state.status === 'absent') {
    if (command.type === 'CreateApkPackage') {
      checkComplete(command.content, command.content.versionNumber, command.submitting ?? false);
      return [{ type: 'ApkPackageCreated', data: { apkId: command.apkId, content: command.content } }];
    }
    throw new DomainError(404, 'apk_not_found');
  }
  const action = APK_COMMAND_ACTIONS[command.type];
  if (action !== 'create' && !APK_ACTION_ALLOWED_IN[action].includes(state.status))
    throw illegalApkTransition(state, action);
  return decideOnExisting(command, state);
}

export const apkDecider: Decider<ApkCommand, ApkEvent, ApkState> = {
  initialState: initialApkState,
  evolve: evolveApk,
  decide: decideApk,
};
