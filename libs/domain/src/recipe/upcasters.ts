import { RECIPE_EVENT_SCHEMA_VERSIONS, type RecipeEvent, type RecipeEventType } from './events.js';

/** Turns a payload of schema version n of one event type into version n + 1. */
export type UpcastStep = (data: unknown) => unknown;

/** Per event type, the step from each old version: `{ RecipeCreated: { 1: v1ToV2, 2: v2ToV3 } }`. */
export type UpcastChain<Type extends string> = Partial<Record<Type, Readonly<Record<number, UpcastStep>>>>;

/** A stored payload that cannot be brought to the current schema: unknown type, version from the future, or a gap in the chain. */
export class UpcastError extends Error {
  constructor(
    readonly eventType: string,
    readonly schemaVersion: number,
    reason: string,
  ) {
    super(`Cannot upcast ${eventType} v${schemaVersion}: ${reason}`);
    this.name = 'UpcastError';
  }
}

/**
 * Builds `upcast(type, schemaVersion, data) → data at the latest version`, running the chain x → x+1 one step
 * at a time. Stored events are never rewritten; they are read through this.
 */
export function createUpcaster<Type extends string>(
  latestVersions: Readonly<Record<Type, number>>,
  chain: UpcastChain<Type>,
): (type: string, schemaVersion: number, data: unknown) => unknown {
  return (type, schemaVersion, data) => {
    if (!Object.hasOwn(latestVersions, type))
      throw new UpcastError(type, schemaVersion, 'unknown event type');
    const latest = latestVersions[type as Type];
    if (!Number.isInteger(schemaVersion) || schemaVersion > latest)
      throw new UpcastError(type, schemaVersion, `this code knows versions up to ${latest}`);
    const steps = chain[type as Type] ?? {};
    let payload = data;
    for (let version = schemaVersion; version < latest; version++) {
      const step = steps[version];
      if (!step)
        throw new UpcastError(type, schemaVersion, `no upcaster from v${version} to v${version + 1}`);
      payload = step(payload);
    }
    return payload;
  };
}

/**
 * The recipe events' chain. Every type is still at its first schema version, so there is no step yet; the first
 * change to a payload adds its step here, bumps RECIPE_EVENT_SCHEMA_VERSIONS and keeps a stored old payload in
 * upcasters.spec.ts.
 */
export const RECIPE_UPCASTERS: UpcastChain<RecipeEventType> = {};

export const upcastRecipeEventData = createUpcaster(RECIPE_EVENT_SCHEMA_VERSIONS, RECIPE_UPCASTERS);

/** A stored recipe event (type, its metadata's schema version, payload) as the decider's current event type. */
export function upcastRecipeEvent(type: string, schemaVersion: number, data: unknown): RecipeEvent {
  // The chain guarantees the payload has the current shape of its (known) type.
  return { type, data: upcastRecipeEventData(type, schemaVersion, data) } as RecipeEvent;
}
