/**
 * What the aggregate projections (recipes, APK packages, offline packs) share about their streams: which stream ids
 * are theirs, how their events fold, and whether a folded state carries a content they can show.
 */
import type { FoldedEvent } from './framework/aggregate-projection.js';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The streams `<prefix>-<uuid>`, the uuid captured (the record's id). */
export const aggregateStream = (prefix: string): RegExp => new RegExp(`^${prefix}-(${UUID})$`, 'i');

/**
 * The fold of an aggregate's events: each upcast to its latest schema version (an event without one is at its first),
 * then the decider's own evolve.
 */
export const deciderFold =
  <S, E>(
    evolve: (state: S, event: E) => S,
    upcast: (type: string, schemaVersion: number, data: unknown) => E,
  ) =>
  (state: S, event: FoldedEvent): S =>
    evolve(state, upcast(event.type, event.metadata.schemaVersion ?? 1, event.data));

/** The kind of value a content field must hold for the record to be shown. */
export type ContentFieldKind = 'string' | 'object' | 'array';

/** Whether a content field's value is of its kind. */
function fits(kind: ContentFieldKind, value: unknown): boolean {
  if (kind === 'array') return Array.isArray(value);
  if (kind === 'object') return typeof value === 'object';
  return typeof value === 'string';
}

/**
 * Whether a folded content has each named field with a value of its kind (`checks`: the fields and kinds as
 * entries, listed once per projection rather than once per event folded). A payload without a record's content
 * (some other tool's stream, or a hand-written test event) is not shown rather than stopping the batch.
 */
function hasContent<C extends object>(
  content: C | undefined,
  checks: readonly (readonly [string, ContentFieldKind])[],
): content is C {
  if (typeof content !== 'object' || content === null) return false;
  for (const [field, kind] of checks)
    if (!fits(kind, (content as Record<string, unknown>)[field])) return false;
  return true;
}

/**
 * The guard of an aggregate projection's states that exist (not `absent`) and carry a content with each named field
 * of its kind: `existingWith<State, Existing, Content>({ number: 'string', … })`.
 */
export function existingWith<S extends { status: string }, E extends S, C extends object>(
  fields: Partial<Record<keyof C, ContentFieldKind>>,
): (state: S) => state is E {
  const checks = Object.entries(fields) as [string, ContentFieldKind][];
  return (state): state is E =>
    state.status !== 'absent' && hasContent<C>((state as { content?: C }).content, checks);
}
