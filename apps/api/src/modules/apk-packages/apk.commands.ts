import { randomUUID } from 'node:crypto';
import {
  apkAuditReturnSchema,
  apkBatchAuditSchema,
  apkCommandAnswerSchema,
  apkCommitSchema,
  apkContentSchema,
  apkIdBodySchema,
  apkIdsSchema,
  apkReleaseStatusSchema,
  apkRolloutPauseSchema,
  apkRolloutRollbackSchema,
  apkRolloutStartSchema,
  apkTestStatusSchema,
  apkUpdateRefSchema,
  type ApkContentDraft,
} from '@kb/contracts';
import { apkAggregate, type Actor, type AggregatePath, type ApkAnswer } from '@kb/aggregates';
import type { ApkCommand, ApkEvent, ApkState } from '@kb/domain';
import { commandsOf, type AggregateCommands } from '../../common/aggregate-kit/aggregate-commands.js';
import { ApkReferences } from './apk-references.js';
import { ApkFleet } from './apk-fleet.js';

export type ApkPath = AggregatePath<ApkCommand, ApkEvent, ApkState, ApkAnswer>;

/**
 * Creates a package (not submitted) from the form's content, its references resolved in the caller's brand;
 * with `submit` (`addAndApproval`) created and submitted in one append.
 */
export async function createApk(
  path: ApkPath,
  references: ApkReferences,
  actor: Actor,
  draft: ApkContentDraft,
  submit: boolean,
  apkId: string = randomUUID(),
) {
  const { content, check } = await references.resolve(actor.brand, draft, actor.lang);
  const at = new Date().toISOString();
  const commands: ApkCommand[] = [{ type: 'CreateApkPackage', apkId, content, submitting: submit }];
  if (submit) commands.push({ type: 'SubmitApkForReview', by: actor.account, at });
  return path.run(actor, apkId, () => commands, { validate: check });
}

/** Pass each package, or return each with `reason` (nobody audits their own submission: the decider's rule). */
function audit(pass: boolean, reason: string, by: string): ApkCommand[] {
  const at = new Date().toISOString();
  return [pass ? { type: 'PassApkAudit', by, at } : { type: 'ReturnApk', by, reason, at }];
}

const apk = commandsOf(apkAggregate);

type RolloutStep = Extract<
  ApkCommand,
  {
    type:
      | 'StartNextApkRolloutStage'
      | 'PauseApkRollout'
      | 'ResumeApkRollout'
      | 'RollBackApkRollout'
      | 'CompleteApkRollout';
  }
>;

/** A rollout step by `by`, now. */
export function rolloutStep(by: string, step: DistributiveOmit<RolloutStep, 'by' | 'at'>): ApkCommand {
  return { ...step, by, at: new Date().toISOString() } as ApkCommand;
}
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * The APK package commands of §7 (`/api/subApk/*`) and the audit actions. Single-package refusals are 4xx (409 names
 * the package and its state; 403 for a self-audit); batches answer each package's outcome.
 */
export const apkCommands: AggregateCommands<ApkCommand, ApkEvent, ApkState, ApkAnswer> = {
  aggregate: apkAggregate,
  route: 'subApk',
  tag: 'apk-packages',
  batchMessages: { done: 'apk_batch_done', partial: 'apk_batch_partial' },
  answerSchema: apkCommandAnswerSchema,
  commands: [
    apk.command({
      route: 'add',
      permission: 'apk.edit',
      summary: 'Create an APK package (not submitted) from the form’s content',
      input: apkContentSchema,
      answer: 'one',
      message: 'saved',
      run: (draft, { actor, path, use }) => createApk(path, use(ApkReferences), actor, draft, false),
    }),
    apk.command({
      route: 'addAndApproval',
      permission: 'apk.submit',
      summary: 'Create an APK package and submit it for review at once (complete per §5 only)',
      input: apkContentSchema,
      answer: 'one',
      message: 'apk_submitted',
      run: (draft, { actor, path, use }) => createApk(path, use(ApkReferences), actor, draft, true),
    }),
    apk.command({
      route: 'update',
      permission: 'apk.edit',
      summary:
        'Save a not-submitted or returned package over the revision the form loaded (409 if it changed)',
      input: [apkUpdateRefSchema, apkContentSchema],
      answer: 'one',
      message: 'saved',
      run: async ([{ id, revision }, draft], { actor, run, use }) => {
        const { content, check } = await use(ApkReferences).resolve(actor.brand, draft, actor.lang);
        return run(id, () => [{ type: 'ReviseApkPackage', content }], {
          expectedRevision: revision,
          validate: check,
        });
      },
    }),
    apk.command({
      route: 'commitApproval',
      permission: 'apk.submit',
      summary: 'Submit a not-submitted or returned package for review (all §5 fields required)',
      input: apkCommitSchema,
      answer: 'one',
      message: 'apk_submitted',
      run: ({ id, revision }, { actor, run }) =>
        run(id, () => [{ type: 'SubmitApkForReview', by: actor.account, at: new Date().toISOString() }], {
          expectedRevision: revision,
        }),
    }),
    apk.command({
      route: 'recall',
      permission: 'apk.submit',
      summary: 'Take a pending submission back (pending review → not submitted)',
      input: apkIdBodySchema,
      answer: 'one',
      message: 'apk_recalled',
      run: ({ id }, { actor, run }) => run(id, () => [{ type: 'RecallApkSubmission', by: actor.account }]),
    }),
    apk.command({
      route: 'auditPass',
      permission: 'apk.audit',
      summary: 'Pass a pending package (auditor or admin; not one’s own submission)',
      input: apkIdBodySchema,
      answer: 'one',
      message: 'apk_audit_passed',
      run: ({ id }, { actor, runOneOfMany }) => runOneOfMany(id, () => audit(true, '', actor.account)),
    }),
    apk.command({
      route: 'auditReturn',
      permission: 'apk.audit',
      summary: 'Return a pending package with a reason (auditor or admin; not one’s own submission)',
      input: apkAuditReturnSchema,
      answer: 'one',
      message: 'apk_audit_returned',
      run: ({ id, reason }, { actor, runOneOfMany }) =>
        runOneOfMany(id, () => audit(false, reason, actor.account)),
    }),
    apk.each({
      route: 'batchAudit',
      permission: 'apk.audit',
      summary: 'Pass (pass=true) or return with one reason several packages; per-package outcome',
      input: apkBatchAuditSchema,
      commands: ({ pass, reason }, actor) => audit(pass, reason, actor.account),
    }),
    apk.command({
      route: 'updateTestStatus',
      permission: 'apk.test',
      summary: 'Publish a created package to the brand’s test devices (testing=true) or cancel the test',
      input: apkTestStatusSchema,
      answer: 'one',
      run: ({ id, testing }, { run }) => {
        const at = new Date().toISOString();
        return run(id, () => [testing ? { type: 'PublishApkTest', at } : { type: 'CancelApkTest', at }]);
      },
    }),
    apk.command({
      route: 'updateReleaseStatus',
      permission: 'apk.online',
      summary:
        'Publish a created package online to all devices of the brand (online=true; never tested: with overrideReason) or cancel online',
      input: apkReleaseStatusSchema,
      answer: 'one',
      run: ({ id, online, overrideReason }, { actor, run }) => {
        const at = new Date().toISOString();
        return run(id, () => [
          online
            ? { type: 'PublishApkOnline', at, by: actor.account, overrideReason }
            : { type: 'CancelApkOnline', at },
        ]);
      },
    }),
    apk.command({
      route: 'rollout/start',
      permission: 'apk.rollout',
      summary:
        'Start a staged release: stages of rising percent (the first at once, the others by hand or at their startAt), the fault watch’s threshold, minimum firmware and languages (never tested: with overrideReason)',
      input: apkRolloutStartSchema,
      answer: 'one',
      message: 'apk_rollout_started',
      run: async (
        { id, stages, faultRatio, minFaults, minFirmware, languages, overrideReason },
        { actor, run, use },
      ) => {
        const fleet = use(ApkFleet);
        const needs = { minFirmware, languages };
        const found = await fleet.package(actor.brand, id);
        const fromVersion = found ? await fleet.currentVersion(actor.brand, found, needs) : null;
        const at = new Date().toISOString();
        return run(id, () => [
          {
            type: 'StartApkRollout',
            by: actor.account,
            at,
            stages,
            fromVersion,
            watch: { faultRatio, minFaults },
            ...needs,
            overrideReason,
          },
        ]);
      },
    }),
    apk.command({
      route: 'rollout/advance',
      permission: 'apk.rollout',
      summary: 'Start the rollout’s next stage now (by hand)',
      input: apkIdBodySchema,
      answer: 'one',
      message: 'apk_rollout_advanced',
      run: ({ id }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'StartNextApkRolloutStage', scheduled: false })]),
    }),
    apk.command({
      route: 'rollout/pause',
      permission: 'apk.rollout',
      summary: 'Pause a running rollout (no device newly gets the package), with an optional note',
      input: apkRolloutPauseSchema,
      answer: 'one',
      message: 'apk_rollout_paused',
      run: ({ id, note }, { actor, run }) =>
        run(id, () => [
          rolloutStep(actor.account, { type: 'PauseApkRollout', kind: 'manual', note, finding: null }),
        ]),
    }),
    apk.command({
      route: 'rollout/resume',
      permission: 'apk.rollout',
      summary: 'Resume a paused rollout; the fault watch counts faults from now',
      input: apkIdBodySchema,
      answer: 'one',
      message: 'apk_rollout_resumed',
      run: ({ id }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'ResumeApkRollout' })]),
    }),
    apk.command({
      route: 'rollout/rollback',
      permission: 'apk.rollout',
      summary: 'Roll a running or paused rollout back: devices on the package return to the version they ran',
      input: apkRolloutRollbackSchema,
      answer: 'one',
      message: 'apk_rollout_rolled_back',
      run: ({ id, reason }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'RollBackApkRollout', reason })]),
    }),
    apk.command({
      route: 'rollout/complete',
      permission: 'apk.rollout',
      summary: 'Complete a rollout: every fitting device gets the package, which is online',
      input: apkIdBodySchema,
      answer: 'one',
      message: 'apk_rollout_completed',
      run: ({ id }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'CompleteApkRollout' })]),
    }),
    apk.command({
      route: 'delete',
      permission: 'apk.edit',
      summary: 'Delete a package (not while pending review, in test or online); history stays',
      input: apkIdBodySchema,
      answer: 'one',
      run: ({ id }, { runOneOfMany }) =>
        runOneOfMany(id, () => [{ type: 'DeleteApkPackage', at: new Date().toISOString() }]),
    }),
    apk.each({
      route: 'batchDelete',
      permission: 'apk.edit',
      summary: 'Delete packages; per-package outcome',
      input: apkIdsSchema,
      commands: () => [{ type: 'DeleteApkPackage', at: new Date().toISOString() }],
    }),
  ],
};
