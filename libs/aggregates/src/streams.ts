import { randomUUID } from 'node:crypto';
import type { StaffRole, UiLang } from '@kb/contracts';
import { replay, type Decider } from '@kb/domain';
import type { AppendResult, EventStore, GlobalPosition, RecordedEvent } from '@kb/event-store';

/** Who acts, with which role, for which brand, in which language, in which request: every event's metadata. */
export interface Actor {
  brand: string;
  account: string;
  /** Checked against the route's permission before any command is made; kept for the record. */
  role: StaffRole;
  /** The request id (or a job's): every event it causes carries it as correlation and causation id. */
  correlationId: string;
  lang: UiLang;
}

/** One aggregate stream as read: its stored events, upcast, and the state they fold to. */
export interface LoadedAggregate<E, S> {
  id: string;
  recorded: RecordedEvent[];
  events: E[];
  state: S;
  /** Stream position of the last event; -1 when the stream does not exist (for the caller's brand). */
  revision: number;
  lastPosition: GlobalPosition | null;
}

/** What an event-sourced aggregate brings to be stored: its decider, stream naming, schema versions, upcasting. */
export interface AggregateStorage<E extends { type: string; data: unknown }, S> {
  decider: Decider<never, E, S>;
  streamId(id: string): string;
  schemaVersions: Record<E['type'], number>;
  upcast(type: string, schemaVersion: number, data: unknown): E;
}

/**
 * An aggregate's streams in the event store: load (upcast + replay) and append with the expected revision and the
 * metadata of ARCHITECTURE.md. A stream another brand created reads as absent, so every action on it is the
 * decider's 404 and nothing of it is shown.
 */
export class AggregateStreams<E extends { type: string; data: unknown }, S> {
  constructor(
    readonly store: EventStore,
    private readonly storage: AggregateStorage<E, S>,
  ) {}

  async load(brand: string, id: string): Promise<LoadedAggregate<E, S>> {
    const { decider, streamId, upcast } = this.storage;
    const recorded = await this.store.readStream(streamId(id));
    if (recorded.length === 0 || recorded[0]!.metadata.brandOwnerCode !== brand) {
      return { id, recorded: [], events: [], state: decider.initialState, revision: -1, lastPosition: null };
    }
    const events = recorded.map((e) => upcast(e.type, e.metadata.schemaVersion, e.data));
    return {
      id,
      recorded,
      events,
      state: replay(decider, events),
      revision: Number(recorded.at(-1)!.streamPosition),
      lastPosition: recorded.at(-1)!.position,
    };
  }

  /** Appends at `revision` (-1: the stream must not exist); a stale revision throws WrongExpectedVersionError. */
  append(actor: Actor, id: string, events: E[], revision: number): Promise<AppendResult> {
    const occurredAt = new Date().toISOString();
    return this.store.appendToStream(
      this.storage.streamId(id),
      events.map((event) => ({
        eventId: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: {
          actor: actor.account,
          brandOwnerCode: actor.brand,
          correlationId: actor.correlationId,
          causationId: actor.correlationId,
          occurredAt,
          schemaVersion: this.storage.schemaVersions[event.type as E['type']],
        },
      })),
      revision < 0 ? 'no_stream' : BigInt(revision),
    );
  }
}
