import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { UiLang } from '@kb/contracts';
import {
  RECIPE_EVENT_SCHEMA_VERSIONS,
  recipeDecider,
  recipeStreamId,
  replay,
  upcastRecipeEvent,
  type RecipeEvent,
  type RecipeState,
} from '@kb/domain';
import type { AppendResult, EventStore, GlobalPosition, RecordedEvent } from '@kb/event-store';
import { requestContext } from '../../common/request-context.js';
import { EVENT_STORE } from '../../infra/tokens.js';

/** Who acts, for which brand, in which language, as part of which request: every event's metadata. */
export interface RecipeActor {
  brand: string;
  account: string;
  /** The request id: every event a request causes carries it as correlation and causation id. */
  correlationId: string;
  lang: UiLang;
}

/** The caller of the current HTTP request as an actor. */
export function actorOfRequest(): RecipeActor {
  const user = requestContext.user();
  return {
    brand: user.brandOwnerCode,
    account: user.account,
    correlationId: requestContext.get()?.requestId ?? randomUUID(),
    lang: requestContext.lang(),
  };
}

/** One recipe stream as read: its stored events, upcast, and the state they fold to. */
export interface LoadedRecipe {
  recipeId: string;
  recorded: RecordedEvent[];
  events: RecipeEvent[];
  state: RecipeState;
  /** Stream position of the last event; -1 when the stream does not exist (for the caller's brand). */
  revision: number;
  lastPosition: GlobalPosition | null;
}

/**
 * The recipe streams in the event store: load (upcast + replay) and append with the expected revision and the
 * metadata of ARCHITECTURE.md. A stream another brand created reads as absent, so every action on it is the
 * decider's 404 and nothing of it is shown.
 */
@Injectable()
export class RecipeStreams {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async load(brand: string, recipeId: string): Promise<LoadedRecipe> {
    const recorded = await this.store.readStream(recipeStreamId(recipeId));
    if (recorded.length === 0 || recorded[0]!.metadata.brandOwnerCode !== brand)
      return {
        recipeId,
        recorded: [],
        events: [],
        state: recipeDecider.initialState,
        revision: -1,
        lastPosition: null,
      };
    const events = recorded.map((e) => upcastRecipeEvent(e.type, e.metadata.schemaVersion, e.data));
    return {
      recipeId,
      recorded,
      events,
      state: replay(recipeDecider, events),
      revision: Number(recorded.at(-1)!.streamPosition),
      lastPosition: recorded.at(-1)!.position,
    };
  }

  /** Appends at `revision` (-1: the stream must not exist); a stale revision throws WrongExpectedVersionError. */
  append(
    actor: RecipeActor,
    recipeId: string,
    events: RecipeEvent[],
    revision: number,
  ): Promise<AppendResult> {
    const occurredAt = new Date().toISOString();
    return this.store.appendToStream(
      recipeStreamId(recipeId),
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
          schemaVersion: RECIPE_EVENT_SCHEMA_VERSIONS[event.type],
        },
      })),
      revision < 0 ? 'no_stream' : BigInt(revision),
    );
  }
}
