import { randomUUID } from 'node:crypto';
import { apkCommandRoutes, type ApkContent, type ApkContentDraft, type UiLang } from '@kb/contracts';
import type { ApkCommand, ApkEvent, ApkState } from '@kb/domain';
import type { AggregatePath } from './aggregate.js';
import { apkAggregate, type ApkAnswer } from './apk.js';
import { aggregateCommands } from './command-kit.js';
import type { Actor } from './streams.js';

export type ApkPath = AggregatePath<ApkCommand, ApkEvent, ApkState, ApkAnswer>;

/** A package's content ready for the decider (the APK file's size added) and what it names wrongly, if anything. */
export interface ResolvedApkContent {
  content: ApkContent;
  /** Throws 400 with a field error on each wrong reference; a no-op when all are the brand's own. */
  check(): Promise<void>;
}

/** What a package names, resolved in the brand: sub-brand, model, files. */
export interface ApkReferenceResolver {
  resolve(brand: string, draft: ApkContentDraft, lang: UiLang): Promise<ResolvedApkContent>;
}

/** What the APK commands need of the process that runs them, beyond the APK streams. */
export interface ApkPorts {
  references: ApkReferenceResolver;
  /** The APK version most devices a release with these needs fits run now (null: none): where a rollback returns. */
  rollbackVersion(
    brand: string,
    id: string,
    needs: { minFirmware: string | null; languages: string[] },
  ): Promise<string | null>;
}

/**
 * Creates a package (not submitted) from the form's content, its references resolved in the caller's brand;
 * with `submit` (`addAndApproval`) created and submitted in one append.
 */
export async function createApk(
  path: ApkPath,
  references: ApkReferenceResolver,
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
export const apkCommands = aggregateCommands<ApkPorts>()(apkAggregate, apkCommandRoutes, {
  batchMessages: { done: 'apk_batch_done', partial: 'apk_batch_partial' },
  commands: {
    add: {
      message: 'saved',
      run: (draft, { actor, path, ports }) => createApk(path, ports.references, actor, draft, false),
    },
    addAndApproval: {
      message: 'apk_submitted',
      run: (draft, { actor, path, ports }) => createApk(path, ports.references, actor, draft, true),
    },
    update: {
      message: 'saved',
      run: async ([{ id, revision }, draft], { actor, run, ports }) => {
        const { content, check } = await ports.references.resolve(actor.brand, draft, actor.lang);
        return run(id, () => [{ type: 'ReviseApkPackage', content }], {
          expectedRevision: revision,
          validate: check,
        });
      },
    },
    commitApproval: {
      message: 'apk_submitted',
      run: ({ id, revision }, { actor, run }) =>
        run(id, () => [{ type: 'SubmitApkForReview', by: actor.account, at: new Date().toISOString() }], {
          expectedRevision: revision,
        }),
    },
    recall: {
      message: 'apk_recalled',
      run: ({ id }, { actor, run }) => run(id, () => [{ type: 'RecallApkSubmission', by: actor.account }]),
    },
    auditPass: {
      message: 'apk_audit_passed',
      run: ({ id }, { actor, runOneOfMany }) => runOneOfMany(id, () => audit(true, '', actor.account)),
    },
    auditReturn: {
      message: 'apk_audit_returned',
      run: ({ id, reason }, { actor, runOneOfMany }) =>
        runOneOfMany(id, () => audit(false, reason, actor.account)),
    },
    batchAudit: { commands: ({ pass, reason }, actor) => audit(pass, reason, actor.account) },
    updateTestStatus: {
      run: ({ id, testing }, { run }) => {
        const at = new Date().toISOString();
        return run(id, () => [testing ? { type: 'PublishApkTest', at } : { type: 'CancelApkTest', at }]);
      },
    },
    updateReleaseStatus: {
      run: ({ id, online, overrideReason }, { actor, run }) => {
        const at = new Date().toISOString();
        return run(id, () => [
          online
            ? { type: 'PublishApkOnline', at, by: actor.account, overrideReason }
            : { type: 'CancelApkOnline', at },
        ]);
      },
    },
    'rollout/start': {
      message: 'apk_rollout_started',
      run: async (
        { id, stages, faultRatio, minFaults, minFirmware, languages, overrideReason },
        { actor, run, ports },
      ) => {
        const needs = { minFirmware, languages };
        const fromVersion = await ports.rollbackVersion(actor.brand, id, needs);
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
    },
    'rollout/advance': {
      message: 'apk_rollout_advanced',
      run: ({ id }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'StartNextApkRolloutStage', scheduled: false })]),
    },
    'rollout/pause': {
      message: 'apk_rollout_paused',
      run: ({ id, note }, { actor, run }) =>
        run(id, () => [
          rolloutStep(actor.account, { type: 'PauseApkRollout', kind: 'manual', note, finding: null }),
        ]),
    },
    'rollout/resume': {
      message: 'apk_rollout_resumed',
      run: ({ id }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'ResumeApkRollout' })]),
    },
    'rollout/rollback': {
      message: 'apk_rollout_rolled_back',
      run: ({ id, reason }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'RollBackApkRollout', reason })]),
    },
    'rollout/complete': {
      message: 'apk_rollout_completed',
      run: ({ id }, { actor, run }) =>
        run(id, () => [rolloutStep(actor.account, { type: 'CompleteApkRollout' })]),
    },
    delete: {
      run: ({ id }, { runOneOfMany }) =>
        runOneOfMany(id, () => [{ type: 'DeleteApkPackage', at: new Date().toISOString() }]),
    },
    batchDelete: { commands: () => [{ type: 'DeleteApkPackage', at: new Date().toISOString() }] },
  },
});
