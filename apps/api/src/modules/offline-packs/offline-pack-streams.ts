import { Inject, Injectable } from '@nestjs/common';
import {
  OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
  offlinePackDecider,
  offlinePackStreamId,
  upcastOfflinePackEvent,
  type OfflinePackEvent,
  type OfflinePackState,
} from '@kb/domain';
import type { EventStore } from '@kb/event-store';
import { AggregateStreams, type LoadedAggregate } from '../../common/event-sourcing/aggregate-streams.js';
import { EVENT_STORE } from '../../infra/tokens.js';

export type LoadedOfflinePack = LoadedAggregate<OfflinePackEvent, OfflinePackState>;

/** The offline recipe pack streams (`offline-pack-<id>`) in the event store. */
@Injectable()
export class OfflinePackStreams extends AggregateStreams<OfflinePackEvent, OfflinePackState> {
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    super(store, {
      decider: offlinePackDecider,
      streamId: offlinePackStreamId,
      schemaVersions: OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
      upcast: upcastOfflinePackEvent,
    });
  }

  load(brand: string, packId: string): Promise<LoadedOfflinePack> {
    return this.loadAggregate(brand, packId);
  }
}
