import { APK_EVENT_SCHEMA_VERSIONS, type ApkEvent, type ApkEventType } from './events.js';
import { createUpcaster, type UpcastChain } from '../recipe/upcasters.js';

/**
 * The APK events' chain. Every type is still at its first schema version, so there is no step yet; the first
 * change to a payload adds its step here, bumps APK_EVENT_SCHEMA_VERSIONS and keeps a stored old payload in a test.
 */
export const APK_UPCASTERS: UpcastChain<ApkEventType> = {};

export const upcastApkEventData = createUpcaster(APK_EVENT_SCHEMA_VERSIONS, APK_UPCASTERS);

/** A stored APK event (type, its metadata's schema version, payload) as the decider's current event type. */
export function upcastApkEvent(type: string, schemaVersion: number, data: unknown): ApkEvent {
  return { type, data: upcastApkEventData(type, schemaVersion, data) } as ApkEvent;
}
