import { Injectable } from '@nestjs/common';
import type { ApkBatchAnswer, ApkCommandAnswer } from '@kb/contracts';
import { DomainError, decideApk, evolveApk, type ApkCommand, type ApkEvent, type ApkState } from '@kb/domain';
import type { GlobalPosition } from '@kb/event-store';
import { AppError } from '../../common/app-error.js';
import {
  batchReport,
  CommandRunner,
  singleOutcome,
  type BatchOutcome,
  type CommandsFor,
  type RunOptions,
} from '../../common/event-sourcing/command-path.js';
import { ApkStreams, type ApkActor } from './apk-streams.js';

/** What a command did to one package, and where in the log (for read-your-writes). */
export interface ApkChange extends ApkCommandAnswer {
  position: GlobalPosition | null;
}

type ApkAnswer = Omit<ApkCommandAnswer, 'revision' | 'changed'>;

/** Per package of a batch: its change or its refusal; `label` is its version number. */
export type ApkBatchOutcome = BatchOutcome<ApkAnswer>;

/** Builds the decider commands from the package's current state (re-run on a retry after a concurrent change). */
export type ApkCommandsFor = CommandsFor<ApkCommand, ApkState>;

/** `expectedRevision`: the revision the form loaded; `validate`: checks against the brand's data. */
export type ApkRunOptions = RunOptions<ApkEvent, ApkState>;

/**
 * The decider's answer; an incomplete package's refusal also names each missing field (`fieldErrors`), so the
 * form can show the error under each of them.
 */
/** An incomplete package's refusal → the message under each missing field. */
const INCOMPLETE: Record<string, string> = {
  apk_incomplete: 'apk_required_for_submission',
  apk_draft_incomplete: 'apk_required',
};

function decideOrExplain(command: ApkCommand, state: ApkState): ApkEvent[] {
  try {
    return decideApk(command, state);
  } catch (error) {
    if (!(error instanceof DomainError) || !INCOMPLETE[error.code]) throw error;
    const missing = String(error.params.missing ?? '')
      .split(',')
      .filter(Boolean);
    throw new AppError(400, error.code, error.params, {
      fieldErrors: Object.fromEntries(missing.map((field) => [field, INCOMPLETE[error.code]])),
    });
  }
}

const versionOf = (state: ApkState) => (state.status === 'absent' ? null : state.content.versionNumber);

/** Every APK command goes through `runCommand` (common/event-sourcing/command-path.ts) on this path. */
@Injectable()
export class ApkCommandRunner extends CommandRunner<ApkCommand, ApkEvent, ApkState, ApkAnswer> {
  constructor(streams: ApkStreams) {
    super({
      load: (brand, id) => streams.load(brand, id),
      decide: decideOrExplain,
      evolve: evolveApk,
      notFound: 'apk_not_found',
      changed: (id, loaded, decided) =>
        new AppError(409, 'apk_changed', { name: versionOf(decided ?? loaded) || id.slice(0, 8) }),
      answer: (id, state) => ({
        id,
        versionNumber: state.content.versionNumber,
        reviewStatus: state.status,
        testStatus: state.testStatus,
        releaseStatus: state.releaseStatus,
      }),
      label: (answer, error) =>
        answer?.versionNumber ?? (typeof error?.params.name === 'string' ? error.params.name : null),
      validates: 'first-attempt',
      append: (actor, id, events, loaded) => streams.append(actor, id, events, loaded.revision),
    });
  }
}

/** The batch report the screens show: per package, done or why not, in the caller's language. */
export function apkBatchAnswer(outcome: ApkBatchOutcome, actor: ApkActor): ApkBatchAnswer {
  return batchReport(outcome, actor, 'versionNumber');
}

/** A single-package endpoint on a batch command: its change, or its refusal thrown as is. */
export function singleApkChange(outcome: ApkBatchOutcome): ApkChange {
  return singleOutcome(outcome, 'apk_not_found');
}
