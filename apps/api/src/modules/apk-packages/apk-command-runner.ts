import { Injectable } from '@nestjs/common';
import type { ApkBatchAnswer, ApkCommandAnswer } from '@kb/contracts';
import { DomainError, decideApk, evolveApk, type ApkCommand, type ApkEvent, type ApkState } from '@kb/domain';
import { WrongExpectedVersionError, type GlobalPosition } from '@kb/event-store';
import { AppError } from '../../common/app-error.js';
import { runEach } from '../../common/event-sourcing/run-each.js';
import { translate } from '../../common/messages.js';
import { ApkStreams, type ApkActor } from './apk-streams.js';

/** What a command did to one package, and where in the log (for read-your-writes). */
export interface ApkChange extends ApkCommandAnswer {
  position: GlobalPosition | null;
}

export interface ApkOutcome {
  id: string;
  versionNumber: string | null;
  change?: ApkChange;
  error?: DomainError | AppError;
}

export interface ApkBatchOutcome {
  outcomes: ApkOutcome[];
  position: GlobalPosition | null;
}

/** Builds the decider commands from the package's current state (re-run on a retry after a concurrent change). */
export type ApkCommandsFor = (state: ApkState) => ApkCommand[];

export interface ApkRunOptions {
  /** The revision the form loaded: another change since then is a 409, not a silent overwrite. */
  expectedRevision?: number;
  /** Checks against the brand's data, run once the decider accepted the action. */
  validate?: () => Promise<void>;
}

const ATTEMPTS = 3;
const BATCH_CONCURRENCY = 8;

/**
 * The decider's answer; an incomplete package's refusal also names each missing field (`fieldErrors`), so the
 * form can show the error under each of them.
 */
function decideOrExplain(command: ApkCommand, state: ApkState): ApkEvent[] {
  try {
    return decideApk(command, state);
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'apk_incomplete') throw error;
    const missing = String(error.params.missing ?? '')
      .split(',')
      .filter(Boolean);
    throw new AppError(400, error.code, error.params, {
      fieldErrors: Object.fromEntries(missing.map((field) => [field, 'apk_required_for_submission'])),
    });
  }
}

const versionOf = (state: ApkState) => (state.status === 'absent' ? null : state.content.versionNumber);

/**
 * The one path of every APK command: load the stream (upcast, replay), decide, append at the loaded revision, and
 * decide again on a concurrent append unless the form named the revision it saw.
 */
@Injectable()
export class ApkCommandRunner {
  constructor(private readonly streams: ApkStreams) {}

  async run(
    actor: ApkActor,
    apkId: string,
    commandsFor: ApkCommandsFor,
    options: ApkRunOptions = {},
  ): Promise<ApkChange> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.streams.load(actor.brand, apkId);
      if (
        options.expectedRevision !== undefined &&
        loaded.state.status !== 'absent' &&
        loaded.revision !== options.expectedRevision
      )
        throw new AppError(409, 'apk_changed', { name: versionOf(loaded.state) || apkId.slice(0, 8) });
      let state = loaded.state;
      const events: ApkEvent[] = [];
      for (const command of commandsFor(loaded.state)) {
        const decided = decideOrExplain(command, state);
        events.push(...decided);
        state = decided.reduce(evolveApk, state);
      }
      if (state.status === 'absent') throw new DomainError(404, 'apk_not_found');
      if (attempt === 1) await options.validate?.();
      const answer = {
        id: apkId,
        versionNumber: state.content.versionNumber,
        reviewStatus: state.status,
        testStatus: state.testStatus,
        releaseStatus: state.releaseStatus,
      };
      if (events.length === 0)
        return { ...answer, revision: loaded.revision, changed: false, position: loaded.lastPosition };
      try {
        const appended = await this.streams.append(actor, apkId, events, loaded.revision);
        return {
          ...answer,
          revision: Number(appended.nextExpectedVersion),
          changed: true,
          position: appended.position,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (options.expectedRevision !== undefined || attempt >= ATTEMPTS)
          throw new AppError(409, 'apk_changed', { name: versionOf(state) || apkId.slice(0, 8) });
      }
    }
  }

  /** Runs the same action on each package; each succeeds or fails on its own (one stream, one append each). */
  async runMany(actor: ApkActor, ids: string[], commandsFor: ApkCommandsFor): Promise<ApkBatchOutcome> {
    const { outcomes, position } = await runEach(
      ids,
      (id) => this.run(actor, id, commandsFor),
      BATCH_CONCURRENCY,
    );
    return {
      outcomes: outcomes.map((o) => ({
        ...o,
        versionNumber:
          o.change?.versionNumber ?? (typeof o.error?.params.name === 'string' ? o.error.params.name : null),
      })),
      position,
    };
  }
}

/** The batch report the screens show: per package, done or why not, in the caller's language. */
export function apkBatchAnswer(outcome: ApkBatchOutcome, actor: ApkActor): ApkBatchAnswer {
  const results = outcome.outcomes.map((o) =>
    o.error
      ? {
          id: o.id,
          versionNumber: o.versionNumber,
          ok: false,
          status: o.error.status,
          code: o.error.code,
          message: translate(o.error.code, actor.lang, o.error.params) ?? o.error.code,
        }
      : { id: o.id, versionNumber: o.versionNumber, ok: true },
  );
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/** A single-package endpoint on a batch command: its change, or its refusal thrown as is. */
export function singleApkChange(outcome: ApkBatchOutcome): ApkChange {
  const [only] = outcome.outcomes;
  if (!only) throw new DomainError(404, 'apk_not_found');
  if (only.error) throw only.error;
  return only.change!;
}
