import { Injectable } from '@nestjs/common';
import type { OfflinePackBatchAnswer, OfflinePackCommandAnswer } from '@kb/contracts';
import {
  DomainError,
  decideOfflinePack,
  evolveOfflinePack,
  type ExistingOfflinePack,
  type OfflinePackCommand,
  type OfflinePackEvent,
  type OfflinePackState,
} from '@kb/domain';
import { WrongExpectedVersionError, type GlobalPosition } from '@kb/event-store';
import { AppError } from '../../common/app-error.js';
import type { Actor } from '../../common/event-sourcing/aggregate-streams.js';
import { runEach } from '../../common/event-sourcing/run-each.js';
import { translate } from '../../common/messages.js';
import { OfflinePackNumbers } from './offline-pack-numbers.js';
import { OfflinePackStreams } from './offline-pack-streams.js';

/** What a command did to one pack, and where in the log (for read-your-writes). */
export interface OfflinePackChange extends OfflinePackCommandAnswer {
  position: GlobalPosition | null;
}

export interface OfflinePackBatchOutcome {
  outcomes: {
    id: string;
    number: string | null;
    change?: OfflinePackChange;
    error?: DomainError | AppError;
  }[];
  position: GlobalPosition | null;
}

/** Builds the decider commands from the pack's current state (re-run on a retry after a concurrent change). */
export type OfflinePackCommandsFor = (state: OfflinePackState) => OfflinePackCommand[];

export interface OfflinePackRunOptions {
  /** The revision the form loaded: another change since then is a 409, not a silent overwrite. */
  expectedRevision?: number;
  /** Checks against the brand's data (models, recipes, number), run on the pack as the events leave it. */
  validate?: (state: ExistingOfflinePack, events: OfflinePackEvent[]) => Promise<void>;
}

const ATTEMPTS = 3;
const BATCH_CONCURRENCY = 8;

const numberOf = (state: OfflinePackState) => (state.status === 'absent' ? null : state.content.number);
/** The number a pack holds: an active pack's (a deleted one frees it). */
const heldNumber = (state: OfflinePackState) => (state.status === 'active' ? state.content.number : null);

/**
 * The one path of every offline-pack command: load the stream (upcast, replay), decide, check against the brand's
 * data, append at the loaded revision, and decide again on a concurrent append unless the form named the revision
 * it saw.
 */
@Injectable()
export class OfflinePackCommandRunner {
  constructor(
    private readonly streams: OfflinePackStreams,
    private readonly numbers: OfflinePackNumbers,
  ) {}

  async run(
    actor: Actor,
    packId: string,
    commandsFor: OfflinePackCommandsFor,
    options: OfflinePackRunOptions = {},
  ): Promise<OfflinePackChange> {
    for (let attempt = 1; ; attempt++) {
      const loaded = await this.streams.load(actor.brand, packId);
      if (
        options.expectedRevision !== undefined &&
        loaded.state.status !== 'absent' &&
        loaded.revision !== options.expectedRevision
      )
        throw new AppError(409, 'offline_pack_changed', {
          name: numberOf(loaded.state) ?? packId.slice(0, 8),
        });
      let state = loaded.state;
      const events: OfflinePackEvent[] = [];
      for (const command of commandsFor(loaded.state)) {
        const decided = decideOfflinePack(command, state);
        events.push(...decided);
        state = decided.reduce(evolveOfflinePack, state);
      }
      if (state.status === 'absent') throw new DomainError(404, 'offline_pack_not_found');
      if (events.length > 0) await options.validate?.(state, events);
      const answer = {
        id: packId,
        number: state.content.number,
        status: state.status,
        testStatus: state.testStatus,
        releaseStatus: state.releaseStatus,
      };
      if (events.length === 0)
        return { ...answer, revision: loaded.revision, changed: false, position: loaded.lastPosition };
      try {
        // The number is claimed around the append, so two saves with one number cannot both land.
        const appended = await this.numbers.withNumber(
          actor.brand,
          packId,
          { from: heldNumber(loaded.state), to: heldNumber(state) },
          actor.lang,
          () => this.streams.append(actor, packId, events, loaded.revision),
        );
        return {
          ...answer,
          revision: Number(appended.nextExpectedVersion),
          changed: true,
          position: appended.position,
        };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (options.expectedRevision !== undefined || attempt >= ATTEMPTS)
          throw new AppError(409, 'offline_pack_changed', { name: numberOf(state) ?? packId.slice(0, 8) });
      }
    }
  }

  /** Runs the same action on each pack; each succeeds or fails on its own (one stream, one append each). */
  async runMany(
    actor: Actor,
    ids: string[],
    commandsFor: OfflinePackCommandsFor,
  ): Promise<OfflinePackBatchOutcome> {
    const { outcomes, position } = await runEach(
      ids,
      (id) => this.run(actor, id, commandsFor),
      BATCH_CONCURRENCY,
    );
    return {
      outcomes: outcomes.map((o) => ({
        ...o,
        number: o.change?.number ?? (typeof o.error?.params.name === 'string' ? o.error.params.name : null),
      })),
      position,
    };
  }
}

/** The batch report the screens show: per pack, done or why not, in the caller's language. */
export function offlinePackBatchAnswer(
  outcome: OfflinePackBatchOutcome,
  actor: Actor,
): OfflinePackBatchAnswer {
  const results = outcome.outcomes.map((o) =>
    o.error
      ? {
          id: o.id,
          number: o.number,
          ok: false,
          status: o.error.status,
          code: o.error.code,
          message: translate(o.error.code, actor.lang, o.error.params) ?? o.error.code,
        }
      : { id: o.id, number: o.number, ok: true },
  );
  const succeeded = results.filter((r) => r.ok).length;
  return { succeeded, failed: results.length - succeeded, results };
}

/** A single-pack endpoint on a batch command: its change, or its refusal thrown as is. */
export function singleOfflinePackChange(outcome: OfflinePackBatchOutcome): OfflinePackChange {
  const [only] = outcome.outcomes;
  if (!only) throw new DomainError(404, 'offline_pack_not_found');
  if (only.error) throw only.error;
  return only.change!;
}
