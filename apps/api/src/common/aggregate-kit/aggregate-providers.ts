import type { InjectionToken, Provider } from '@nestjs/common';
import {
  AggregateStreams,
  commandPath,
  type Aggregate,
  type AggregateCommands,
  type PathOptions,
} from '@kb/aggregates';
import type { EventStore } from '@kb/event-store';
import { EVENT_STORE } from '../../infra/tokens.js';

type AnyAggregate = Pick<Aggregate<never, never, never, never>, 'name'>;

/** The injection token of an aggregate's streams (history reads and number claims load through them). */
export const streamsOf = (aggregate: AnyAggregate) => `${aggregate.name}-streams`;
/** The injection token of an aggregate's command path (the kit's controller and the module's workers run on it). */
export const pathOf = (aggregate: AnyAggregate) => `${aggregate.name}-command-path`;
/** The injection token of what an aggregate's declared commands need of the API (its ports). */
export const portsOf = (aggregate: AnyAggregate) => `${aggregate.name}-command-ports`;

/**
 * A module's providers of an aggregate's declared commands: its streams on the event store, its command path on
 * them and the ports the commands use. `path` gives the path what needs the module (the number claims, a refusal
 * explained in the caller's words); `ports` builds the ports from the module's services (`inject`, in order).
 */
export function aggregateProviders<
  C,
  E extends { type: string; data: unknown },
  S extends { status: string },
  A,
  P,
>(
  declared: AggregateCommands<C, E, S, A, P>,
  options: {
    path?: { inject: InjectionToken[]; options: (...deps: never[]) => PathOptions<C, E> };
    ports: { inject: InjectionToken[]; build: (...deps: never[]) => P };
  },
): Provider[] {
  const { aggregate } = declared;
  const { path, ports } = options;
  return [
    {
      provide: streamsOf(aggregate),
      inject: [EVENT_STORE],
      useFactory: (store: EventStore) => new AggregateStreams(store, aggregate.storage),
    },
    {
      provide: pathOf(aggregate),
      inject: [streamsOf(aggregate), ...(path?.inject ?? [])],
      useFactory: (streams: AggregateStreams<E, S>, ...deps: never[]) =>
        commandPath(aggregate, streams, path?.options(...deps) ?? {}),
    },
    {
      provide: portsOf(aggregate),
      inject: ports.inject,
      useFactory: ports.build,
    },
  ];
}
