import type { OfflinePackContent } from '@kb/contracts';

/**
 * What happened to an offline recipe pack (stream `offline-pack-<id>`). Each event is a fact carrying only the data
 * that changed; the pack is the fold of its stream. Who acted is in the event's metadata.
 */

export interface OfflinePackCreated {
  type: 'OfflinePackCreated';
  data: { packId: string; content: OfflinePackContent };
}
/** Only the content fields whose value changed, with their new values (`recipeIds` as the whole new selection). */
export interface OfflinePackRevised {
  type: 'OfflinePackRevised';
  data: { changes: Partial<OfflinePackContent> };
}
export interface OfflinePackTestPublished {
  type: 'OfflinePackTestPublished';
  data: { at: string };
}
export interface OfflinePackTestCancelled {
  type: 'OfflinePackTestCancelled';
  data: { at: string };
}
/** An online release of a pack that never went to the test devices, allowed by `by` for `reason` (recorded first). */
export interface OfflinePackUntestedReleaseApproved {
  type: 'OfflinePackUntestedReleaseApproved';
  data: { by: string; reason: string; at: string };
}
/** `at`: the release date. */
export interface OfflinePackPublishedOnline {
  type: 'OfflinePackPublishedOnline';
  data: { at: string };
}
export interface OfflinePackOnlineCancelled {
  type: 'OfflinePackOnlineCancelled';
  data: { at: string };
}
export interface OfflinePackDeleted {
  type: 'OfflinePackDeleted';
  data: { at: string };
}

export type OfflinePackEvent =
  | OfflinePackCreated
  | OfflinePackRevised
  | OfflinePackTestPublished
  | OfflinePackTestCancelled
  | OfflinePackUntestedReleaseApproved
  | OfflinePackPublishedOnline
  | OfflinePackOnlineCancelled
  | OfflinePackDeleted;

export type OfflinePackEventType = OfflinePackEvent['type'];

/** The schema version each event type is written at; older payloads are read through `upcastOfflinePackEvent`. */
export const OFFLINE_PACK_EVENT_SCHEMA_VERSIONS: Readonly<Record<OfflinePackEventType, number>> = {
  OfflinePackCreated: 1,
  OfflinePackRevised: 1,
  OfflinePackTestPublished: 1,
  OfflinePackTestCancelled: 1,
  OfflinePackUntestedReleaseApproved: 1,
  OfflinePackPublishedOnline: 1,
  OfflinePackOnlineCancelled: 1,
  OfflinePackDeleted: 1,
};

export const OFFLINE_PACK_EVENT_TYPES = Object.keys(
  OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
) as OfflinePackEventType[];

/** The event-store stream of one offline recipe pack. */
export const offlinePackStreamId = (packId: string): string => `offline-pack-${packId}`;
