import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { StaffRole, UiLang } from '@kb/contracts';
import {
  APK_EVENT_SCHEMA_VERSIONS,
  apkDecider,
  apkStreamId,
  replay,
  upcastApkEvent,
  type ApkEvent,
  type ApkState,
} from '@kb/domain';
import type { AppendResult, EventStore, GlobalPosition, RecordedEvent } from '@kb/event-store';
import { requestContext } from '../../common/request-context.js';
import { EVENT_STORE } from '../../infra/tokens.js';

/** Who acts, with which role, for which brand, in which language, in which request: every event's metadata. */
export interface ApkActor {
  brand: string;
  account: string;
  /** The audit actions need `auditor` or `admin` (the decider checks it). */
  role: StaffRole;
  correlationId: string;
  lang: UiLang;
}

export function apkActorOfRequest(): ApkActor {
  const user = requestContext.user();
  return {
    brand: user.brandOwnerCode,
    account: user.account,
    role: user.role,
    correlationId: requestContext.get()?.requestId ?? randomUUID(),
    lang: requestContext.lang(),
  };
}

export interface LoadedApk {
  apkId: string;
  recorded: RecordedEvent[];
  events: ApkEvent[];
  state: ApkState;
  /** Stream position of the last event; -1 when the stream does not exist (for the caller's brand). */
  revision: number;
  lastPosition: GlobalPosition | null;
}

/**
 * The APK package streams: load (upcast + replay) and append with the expected revision and the metadata of
 * ARCHITECTURE.md. A stream another brand created reads as absent, so every action on it is the decider's 404.
 */
@Injectable()
export class ApkStreams {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(brand: string, apkId: string): Promise<LoadedApk> {
    const recorded = await this.store.readStream(apkStreamId(apkId));
    if (recorded.length === 0 || recorded[0]!.metadata.brandOwnerCode !== brand)
      return {
        apkId,
        recorded: [],
        events: [],
        state: apkDecider.initialState,
        revision: -1,
        lastPosition: null,
      };
    const events = recorded.map((e) => upcastApkEvent(e.type, e.metadata.schemaVersion, e.data));
    return {
      apkId,
      recorded,
      events,
      state: replay(apkDecider, events),
      revision: Number(recorded.at(-1)!.streamPosition),
      lastPosition: recorded.at(-1)!.position,
    };
  }

  /** Appends at `revision` (-1: the stream must not exist); a stale revision throws WrongExpectedVersionError. */
  append(actor: ApkActor, apkId: string, events: ApkEvent[], revision: number): Promise<AppendResult> {
    const occurredAt = new Date().toISOString();
    return this.store.appendToStream(
      apkStreamId(apkId),
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
          schemaVersion: APK_EVENT_SCHEMA_VERSIONS[event.type],
        },
      })),
      revision < 0 ? 'no_stream' : BigInt(revision),
    );
  }
}
