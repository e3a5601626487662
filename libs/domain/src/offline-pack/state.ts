import type { OfflinePackContent, OfflinePackReleaseStatus, OfflinePackTestStatus } from '@kb/contracts';
import type { OfflinePackEvent } from './events.js';
import { evolveRelease } from '../release.js';

/** No event in the stream yet: only create is possible. */
export interface AbsentOfflinePack {
  status: 'absent';
}

export interface ExistingOfflinePack {
  /** `deleted`: on no screen any more, but its stream stays for auditors. */
  status: 'active' | 'deleted';
  packId: string;
  content: OfflinePackContent;
  testStatus: OfflinePackTestStatus;
  releaseStatus: OfflinePackReleaseStatus;
  releasedAt: string | null;
  /** When the pack first went to the test devices: an online release of one never tested needs an override. */
  testedAt?: string | null;
}

export type OfflinePackState = AbsentOfflinePack | ExistingOfflinePack;

export const initialOfflinePackState: OfflinePackState = { status: 'absent' };

/**
 * Where a pack is, as the transition table's columns name it: `idle` (on no device), `testing` (on the brand's
 * test devices), `online` (on every device of the model), `testing_online` (both), or `deleted`.
 */
export type OfflinePackStage = 'absent' | 'idle' | 'testing' | 'online' | 'testing_online' | 'deleted';

export function offlinePackStage(state: OfflinePackState): OfflinePackStage {
  if (state.status === 'absent' || state.status === 'deleted') return state.status;
  const testing = state.testStatus === 'testing';
  if (state.releaseStatus === 'online') return testing ? 'testing_online' : 'online';
  return testing ? 'testing' : 'idle';
}

/** Folds one event into the state. History is trusted: an event is applied as the fact it records. */
export function evolveOfflinePack(state: OfflinePackState, event: OfflinePackEvent): OfflinePackState {
  if (event.type === 'OfflinePackCreated')
    return {
      status: 'active',
      packId: event.data.packId,
      content: event.data.content,
      testStatus: 'not_tested',
      releaseStatus: 'not_released',
      releasedAt: null,
      testedAt: null,
    };
  if (state.status === 'absent') return state;
  switch (event.type) {
    case 'OfflinePackRevised':
      return { ...state, content: { ...state.content, ...event.data.changes } };
    case 'OfflinePackTestPublished':
    case 'OfflinePackTestCancelled':
    case 'OfflinePackUntestedReleaseApproved':
    case 'OfflinePackPublishedOnline':
    case 'OfflinePackOnlineCancelled':
      return evolveRelease('OfflinePack', state, event);
    case 'OfflinePackDeleted':
      return { ...state, status: 'deleted' };
  }
}
