import type { OfflinePackContent } from '@kb/contracts';
import { changedFields, DomainError, decideByTable, type Decider } from '../decider.js';
import type { OfflinePackEvent } from './events.js';
import { decideRelease } from '../release.js';
import {
  OFFLINE_PACK_REQUIRED_PARTS,
  type OfflinePackAction,
  type OfflinePackHint,
  type OfflinePackRequiredPart,
} from './refusals.js';
import {
  evolveOfflinePack,
  initialOfflinePackState,
  offlinePackStage,
  type ExistingOfflinePack,
  type OfflinePackStage,
  type OfflinePackState,
} from './state.js';

/** What staff ask of an offline recipe pack. `at` is the handler's clock, ISO-8601 (the decider has none). */
export type OfflinePackCommand =
  | { type: 'CreateOfflinePack'; packId: string; content: OfflinePackContent }
  /** The whole content as the form saves it; only the fields that differ become the event. */
  | { type: 'ReviseOfflinePack'; content: OfflinePackContent }
  | { type: 'PublishOfflinePackTest'; at: string }
  | { type: 'CancelOfflinePackTest'; at: string }
  /** `overrideReason`: required when the pack never went to the test devices; `by` is who gives it. */
  | { type: 'PublishOfflinePackOnline'; at: string; by?: string; overrideReason?: string }
  | { type: 'CancelOfflinePackOnline'; at: string }
  | { type: 'DeleteOfflinePack'; at: string };

export type OfflinePackCommandType = OfflinePackCommand['type'];

export const OFFLINE_PACK_COMMAND_ACTIONS: Record<OfflinePackCommandType, OfflinePackAction> = {
  CreateOfflinePack: 'create',
  ReviseOfflinePack: 'revise',
  PublishOfflinePackTest: 'publish_test',
  CancelOfflinePackTest: 'cancel_test',
  PublishOfflinePackOnline: 'publish_online',
  CancelOfflinePackOnline: 'cancel_online',
  DeleteOfflinePack: 'delete',
};

const RELEASE_ACTIONS = {
  PublishOfflinePackTest: 'publish_test',
  CancelOfflinePackTest: 'cancel_test',
  PublishOfflinePackOnline: 'publish_online',
  CancelOfflinePackOnline: 'cancel_online',
} as const;

/** A pack never sent to the test devices goes online only with a reason, recorded before the release. */
const untestedRefusal = (state: ExistingOfflinePack) =>
  new DomainError(409, 'offline_pack_untested_release', { name: offlinePackName(state) });

type Stage = Exclude<OfflinePackStage, 'absent'>;

/**
 * The transition table of README.md: the stages each action on an existing pack is allowed in (where it leads
 * follows from the events). Create is allowed only before the stream exists. Publish and cancel are allowed
 * everywhere but `deleted`; where the pack already is so they record nothing.
 */
export const OFFLINE_PACK_ACTION_ALLOWED_IN: Record<
  Exclude<OfflinePackAction, 'create'>,
  readonly Stage[]
> = {
  revise: ['idle', 'testing'],
  publish_test: ['idle', 'testing', 'online', 'testing_online'],
  cancel_test: ['idle', 'testing', 'online', 'testing_online'],
  publish_online: ['idle', 'testing', 'online', 'testing_online'],
  cancel_online: ['idle', 'testing', 'online', 'testing_online'],
  delete: ['idle'],
};

/** How the pack is named in messages: its number. */
export const offlinePackName = (state: ExistingOfflinePack): string => state.content.number;

function hint(stage: Stage): OfflinePackHint {
  if (stage === 'online') return 'cancel_online_first';
  if (stage === 'testing') return 'cancel_test_first';
  if (stage === 'testing_online') return 'cancel_both_first';
  return 'none';
}

/** 409 naming the pack, where it is, the refused action and what to do first (the API words them). */
export function illegalOfflinePackTransition(
  state: ExistingOfflinePack,
  action: OfflinePackAction,
): DomainError {
  const stage = offlinePackStage(state) as Stage;
  return new DomainError(409, 'offline_pack_illegal_transition', {
    name: offlinePackName(state),
    state: stage,
    action,
    // Editing an online pack stays refused after the test is cancelled: only going offline unlocks it.
    hint: action === 'revise' && stage === 'testing_online' ? 'cancel_online_first' : hint(stage),
  });
}

/** The §5 fields the content still lacks: factory model, customer model, type, at least one recipe. */
export function missingForOfflinePack(content: OfflinePackContent): OfflinePackRequiredPart[] {
  return OFFLINE_PACK_REQUIRED_PARTS.filter((part: OfflinePackRequiredPart) =>
    part === 'recipeIds' ? content.recipeIds.length === 0 : !content[part],
  );
}

function checkComplete(content: OfflinePackContent): void {
  const missing = missingForOfflinePack(content);
  if (missing.length > 0)
    throw new DomainError(400, 'offline_pack_incomplete', {
      name: content.number,
      missing: missing.join(','),
    });
}

function decideOnExisting(command: OfflinePackCommand, state: ExistingOfflinePack): OfflinePackEvent[] {
  switch (command.type) {
    case 'CreateOfflinePack':
      throw new DomainError(409, 'offline_pack_already_exists', { name: offlinePackName(state) });
    case 'ReviseOfflinePack': {
      checkComplete(command.content);
      const changes = changedFields(state.content, command.content);
      return Object.keys(changes).length === 0 ? [] : [{ type: 'OfflinePackRevised', data: { changes } }];
    }
    case 'PublishOfflinePackTest':
    case 'CancelOfflinePackTest':
    case 'PublishOfflinePackOnline':
    case 'CancelOfflinePackOnline':
      return decideRelease('OfflinePack', state, RELEASE_ACTIONS[command.type], command, () =>
        untestedRefusal(state),
      );
    case 'DeleteOfflinePack':
      return [{ type: 'OfflinePackDeleted', data: { at: command.at } }];
  }
}

/**
 * Command → events, or a DomainError: 404 no such pack, 409 not in this stage (README's table) or an untested
 * online release without a reason, 400 a §5 field missing on create or revise.
 */
export const decideOfflinePack = decideByTable<
  OfflinePackCommand,
  OfflinePackEvent,
  OfflinePackState,
  OfflinePackAction,
  Stage
>({
  actionOf: OFFLINE_PACK_COMMAND_ACTIONS,
  allowedIn: OFFLINE_PACK_ACTION_ALLOWED_IN,
  placeOf: (state) => offlinePackStage(state) as Stage,
  create(command) {
    if (command.type !== 'CreateOfflinePack') throw new DomainError(404, 'offline_pack_not_found');
    checkComplete(command.content);
    return [{ type: 'OfflinePackCreated', data: { packId: command.packId, content: command.content } }];
  },
  illegal: illegalOfflinePackTransition,
  onExisting: decideOnExisting,
});

export const offlinePackDecider: Decider<OfflinePackCommand, OfflinePackEvent, OfflinePackState> = {
  initialState: initialOfflinePackState,
  evolve: evolveOfflinePack,
  decide: decideOfflinePack,
};
