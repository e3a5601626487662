import { DomainError } from './decider.js';

/**
 * The test round and the online release that APK packages and offline packs share. Each command records nothing
 * where the record already is; an online release of a record never sent to the test devices needs a reason,
 * recorded first as its own event. The events are the record's prefix and the fact: `ApkTestPublished`,
 * `OfflinePackTestPublished`, and so on.
 */

/** The release part of a record's state. */
export interface ReleaseState {
  testStatus: 'not_tested' | 'testing';
  releaseStatus: 'not_released' | 'online';
  releasedAt: string | null;
  /** When the record first went to the test devices: an online release of one never tested needs an override. */
  testedAt?: string | null;
}

export type ReleaseEvent<P extends string> =
  | { type: `${P}TestPublished`; data: { at: string } }
  | { type: `${P}TestCancelled`; data: { at: string } }
  /** An online release of a record never tested, allowed by `by` for `reason`. */
  | { type: `${P}UntestedReleaseApproved`; data: { by: string; reason: string; at: string } }
  /** `at`: the release date. */
  | { type: `${P}PublishedOnline`; data: { at: string } }
  | { type: `${P}OnlineCancelled`; data: { at: string } };

export type ReleaseAction = 'publish_test' | 'cancel_test' | 'publish_online' | 'cancel_online';

/** `at`: the handler's clock; `overrideReason` (given by `by`): required when the record was never tested. */
export interface ReleaseCommand {
  at: string;
  by?: string;
  overrideReason?: string;
}

/** The approval an online release of a never-tested record needs; `untested` is its refusal when no reason is given. */
export function untestedApproval<P extends string>(
  prefix: P,
  state: ReleaseState,
  approval: { by: string; reason: string; at: string },
  untested: () => DomainError,
): ReleaseEvent<P>[] {
  if (state.testedAt) return [];
  const reason = approval.reason.trim();
  if (reason === '') throw untested();
  return [{ type: `${prefix}UntestedReleaseApproved`, data: { ...approval, reason } }];
}

/** Command → events for the four release actions (the action's place in the state is checked before). */
export function decideRelease<P extends string>(
  prefix: P,
  state: ReleaseState,
  action: ReleaseAction,
  command: ReleaseCommand,
  untested: () => DomainError,
): ReleaseEvent<P>[] {
  const { at } = command;
  switch (action) {
    case 'publish_test':
      return state.testStatus === 'testing' ? [] : [{ type: `${prefix}TestPublished`, data: { at } }];
    case 'cancel_test':
      return state.testStatus === 'not_tested' ? [] : [{ type: `${prefix}TestCancelled`, data: { at } }];
    case 'publish_online': {
      if (state.releaseStatus === 'online') return [];
      const approval = { by: command.by ?? '', reason: command.overrideReason ?? '', at };
      return [
        ...untestedApproval(prefix, state, approval, untested),
        { type: `${prefix}PublishedOnline`, data: { at } },
      ];
    }
    case 'cancel_online':
      return state.releaseStatus === 'not_released'
        ? []
        : [{ type: `${prefix}OnlineCancelled`, data: { at } }];
  }
}

/** Folds one release event into the state (the approval changes nothing: the release that follows does). */
export function evolveRelease<S extends ReleaseState, P extends string>(
  prefix: P,
  state: S,
  event: ReleaseEvent<P>,
): S {
  const { at } = event.data;
  switch (event.type) {
    case `${prefix}TestPublished`:
      return { ...state, testStatus: 'testing', testedAt: state.testedAt ?? at };
    case `${prefix}TestCancelled`:
      return { ...state, testStatus: 'not_tested' };
    case `${prefix}PublishedOnline`:
      return { ...state, releaseStatus: 'online', releasedAt: at };
    case `${prefix}OnlineCancelled`:
      return { ...state, releaseStatus: 'not_released' };
    default:
      return state;
  }
}
