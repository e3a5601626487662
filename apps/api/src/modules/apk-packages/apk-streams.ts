import { Inject, Injectable } from '@nestjs/common';
import {
  APK_EVENT_SCHEMA_VERSIONS,
  apkDecider,
  apkStreamId,
  upcastApkEvent,
  type ApkEvent,
  type ApkState,
} from '@kb/domain';
import type { EventStore } from '@kb/event-store';
import {
  actorOfRequest,
  AggregateStreams,
  type Actor,
  type LoadedAggregate,
} from '../../common/event-sourcing/aggregate-streams.js';
import { EVENT_STORE } from '../../infra/tokens.js';

export type ApkActor = Actor;
export const apkActorOfRequest = actorOfRequest;

export interface LoadedApk extends LoadedAggregate<ApkEvent, ApkState> {
  apkId: string;
}

/** The APK package streams (`apk-<id>`) in the event store. */
@Injectable()
export class ApkStreams extends AggregateStreams<ApkEvent, ApkState> {
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    super(store, {
      decider: apkDecider,
      streamId: apkStreamId,
      schemaVersions: APK_EVENT_SCHEMA_VERSIONS,
      upcast: upcastApkEvent,
    });
  }

  async load(brand: string, apkId: string): Promise<LoadedApk> {
    return { ...(await this.loadAggregate(brand, apkId)), apkId };
  }
}
