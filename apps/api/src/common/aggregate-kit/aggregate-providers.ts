import type { InjectionToken, Provider } from '@nestjs/common';
import { AggregateStreams, commandPath, type Aggregate, type PathOptions } from '@kb/aggregates';
import type { EventStore } from '@kb/event-store';
import { EVENT_STORE } from '../../infra/tokens.js';

type AnyAggregate = Pick<Aggregate<never, never, never, never>, 'name'>;

/** The injection token of an aggregate's streams (history reads and number claims load through them). */
export const streamsOf = (aggregate: AnyAggregate) => `${aggregate.name}-streams`;
/** The injection token of an aggregate's command path (the kit's controller and the module's workers run on it). */
export const pathOf = (aggregate: AnyAggregate) => `${aggregate.name}-command-path`;

/**
 * A module's providers of an aggregate: its streams on the event store, and its command path on them.
 * `options` gives the path what needs the module (the number claims, a refusal explained in the caller's words).
 */
export function aggregateProviders<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
>(
  aggregate: Aggregate<C, E, S, A>,
  options: { inject?: InjectionToken[]; path?: (...deps: never[]) => PathOptions<C, E> } = {},
): Provider[] {
  return [
    {
      provide: streamsOf(aggregate),
      inject: [EVENT_STORE],
      useFactory: (store: EventStore) => new AggregateStreams(store, aggregate.storage),
    },
    {
      provide: pathOf(aggregate),
      inject: [streamsOf(aggregate), ...(options.inject ?? [])],
      useFactory: (streams: AggregateStreams<E, S>, ...deps: never[]) =>
        commandPath(aggregate, streams, options.path?.(...deps) ?? {}),
    },
  ];
}
