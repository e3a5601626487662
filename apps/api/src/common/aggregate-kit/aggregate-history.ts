import type { LoadedAggregate } from '@kb/aggregates';
import { DomainError, statesAfterEachEvent, type Decider } from '@kb/domain';
import type { RecordedEvent } from '@kb/event-store';

/** An aggregate's state once it exists. */
type Existing<S> = Exclude<S, { status: 'absent' }>;

/** One step of an aggregate's history: an event as recorded and as replayed, and the state before and after it. */
export interface HistoryStep<E, S> {
  recorded: RecordedEvent;
  event: E;
  before: S;
  after: Existing<S>;
}

/**
 * A loaded aggregate's history as its screen shows it: its state now, and its rows (`entries`), oldest first, each
 * event's revision, id, type, actor, time and data with what `entry` adds from the step (its title, the fields it
 * changed, the state after it). The aggregate's declaration gives the decider that replays the states and the refusal
 * of one that does not exist for the caller's brand (its `notFound`, 404).
 */
export function aggregateHistory<E extends { type: string; data: unknown }, S extends { status: string }, T>(
  aggregate: { storage: { decider: Decider<never, E, S> }; notFound: string },
  loaded: LoadedAggregate<E, S>,
  entry: (step: HistoryStep<E, S>) => T,
) {
  const { decider } = aggregate.storage;
  const { notFound } = aggregate;
  if (loaded.state.status === 'absent') throw new DomainError(404, notFound);
  const states = statesAfterEachEvent(decider, loaded.events);
  const entries = loaded.recorded.map((recorded, i) => {
    const after = states[i]!;
    if (after.status === 'absent') throw new DomainError(404, notFound);
    const event = loaded.events[i]!;
    const before = i === 0 ? decider.initialState : states[i - 1]!;
    return {
      revision: Number(recorded.streamPosition),
      eventId: recorded.eventId,
      type: event.type,
      actor: recorded.metadata.actor,
      occurredAt: recorded.metadata.occurredAt ?? recorded.recordedAt.toISOString(),
      data: event.data,
      ...entry({ recorded, event, before, after: after as Existing<S> }),
    };
  });
  return { state: loaded.state as Existing<S>, entries };
}
