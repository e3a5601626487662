import {
  OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
  type OfflinePackEvent,
  type OfflinePackEventType,
} from './events.js';
import { createUpcaster, type UpcastChain } from '../recipe/upcasters.js';

/**
 * The offline-pack events' chain. Every type is still at its first schema version, so there is no step yet; the
 * first change to a payload adds its step here, bumps the schema version and keeps a stored old payload in a test.
 */
export const OFFLINE_PACK_UPCASTERS: UpcastChain<OfflinePackEventType> = {};

export const upcastOfflinePackEventData = createUpcaster(
  OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
  OFFLINE_PACK_UPCASTERS,
);

/** A stored offline-pack event (type, its metadata's schema version, payload) as the decider's current event. */
export function upcastOfflinePackEvent(type: string, schemaVersion: number, data: unknown): OfflinePackEvent {
  return { type, data: upcastOfflinePackEventData(type, schemaVersion, data) } as OfflinePackEvent;
}
