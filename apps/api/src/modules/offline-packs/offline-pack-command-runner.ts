import { Injectable } from '@nestjs/common';
import type { OfflinePackBatchAnswer, OfflinePackCommandAnswer } from '@kb/contracts';
import {
  decideOfflinePack,
  evolveOfflinePack,
  type OfflinePackCommand,
  type OfflinePackEvent,
  type OfflinePackState,
} from '@kb/domain';
import type { GlobalPosition } from '@kb/event-store';
import { AppError } from '../../common/app-error.js';
import type { Actor } from '../../common/event-sourcing/aggregate-streams.js';
import {
  batchReport,
  CommandRunner,
  singleOutcome,
  type BatchOutcome,
  type CommandsFor,
  type RunOptions,
} from '../../common/event-sourcing/command-path.js';
import { OfflinePackNumbers } from './offline-pack-numbers.js';
import { OfflinePackStreams } from './offline-pack-streams.js';

/** What a command did to one pack, and where in the log (for read-your-writes). */
export interface OfflinePackChange extends OfflinePackCommandAnswer {
  position: GlobalPosition | null;
}

type OfflinePackAnswer = Omit<OfflinePackCommandAnswer, 'revision' | 'changed'>;

/** Per pack of a batch: its change or its refusal; `label` is its number. */
export type OfflinePackBatchOutcome = BatchOutcome<OfflinePackAnswer>;

/** Builds the decider commands from the pack's current state (re-run on a retry after a concurrent change). */
export type OfflinePackCommandsFor = CommandsFor<OfflinePackCommand, OfflinePackState>;

/**
 * `expectedRevision`: the revision the form loaded; `validate`: checks against the brand's data (models, recipes,
 * number), run on the pack as the events leave it.
 */
export type OfflinePackRunOptions = RunOptions<OfflinePackEvent, OfflinePackState>;

const numberOf = (state: OfflinePackState) => (state.status === 'absent' ? null : state.content.number);
/** The number a pack holds: an active pack's (a deleted one frees it). */
const heldNumber = (state: OfflinePackState) => (state.status === 'active' ? state.content.number : null);

/**
 * Every offline-pack command goes through `runCommand` (common/event-sourcing/command-path.ts) on this path: the
 * brand's data is checked on every attempt that changes something, and the number is claimed around the append,
 * so two saves with one number cannot both land.
 */
@Injectable()
export class OfflinePackCommandRunner extends CommandRunner<
  OfflinePackCommand,
  OfflinePackEvent,
  OfflinePackState,
  OfflinePackAnswer
> {
  constructor(streams: OfflinePackStreams, numbers: OfflinePackNumbers) {
    super({
      load: (brand, id) => streams.load(brand, id),
      decide: (command, state) => decideOfflinePack(command, state),
      evolve: evolveOfflinePack,
      notFound: 'offline_pack_not_found',
      changed: (id, loaded, decided) =>
        new AppError(409, 'offline_pack_changed', { name: numberOf(decided ?? loaded) ?? id.slice(0, 8) }),
      answer: (id, state) => ({
        id,
        number: state.content.number,
        status: state.status,
        testStatus: state.testStatus,
        releaseStatus: state.releaseStatus,
      }),
      label: (answer, error) =>
        answer?.number ?? (typeof error?.params.name === 'string' ? error.params.name : null),
      validates: 'each-change',
      append: (actor, id, events, loaded, decided) =>
        numbers.withNumber(
          actor.brand,
          id,
          { from: heldNumber(loaded.state), to: heldNumber(decided) },
          actor.lang,
          () => streams.append(actor, id, events, loaded.revision),
        ),
    });
  }
}

/** The batch report the screens show: per pack, done or why not, in the caller's language. */
export function offlinePackBatchAnswer(
  outcome: OfflinePackBatchOutcome,
  actor: Actor,
): OfflinePackBatchAnswer {
  return batchReport(outcome, actor, 'number');
}

/** A single-pack endpoint on a batch command: its change, or its refusal thrown as is. */
export function singleOfflinePackChange(outcome: OfflinePackBatchOutcome): OfflinePackChange {
  return singleOutcome(outcome, 'offline_pack_not_found');
}
