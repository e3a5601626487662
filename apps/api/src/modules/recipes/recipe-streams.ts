import { Inject, Injectable } from '@nestjs/common';
import {
  RECIPE_EVENT_SCHEMA_VERSIONS,
  recipeDecider,
  recipeStreamId,
  upcastRecipeEvent,
  type RecipeEvent,
  type RecipeState,
} from '@kb/domain';
import type { EventStore } from '@kb/event-store';
import {
  actorOfRequest,
  AggregateStreams,
  type Actor,
  type LoadedAggregate,
} from '../../common/event-sourcing/aggregate-streams.js';
import { EVENT_STORE } from '../../infra/tokens.js';

export type RecipeActor = Actor;
export { actorOfRequest };

/** One recipe stream as read: its stored events, upcast, and the state they fold to. */
export interface LoadedRecipe extends LoadedAggregate<RecipeEvent, RecipeState> {
  recipeId: string;
}

/** The recipe streams (`recipe-<id>`) in the event store. */
@Injectable()
export class RecipeStreams extends AggregateStreams<RecipeEvent, RecipeState> {
  constructor(@Inject(EVENT_STORE) store: EventStore) {
    super(store, {
      decider: recipeDecider,
      streamId: recipeStreamId,
      schemaVersions: RECIPE_EVENT_SCHEMA_VERSIONS,
      upcast: upcastRecipeEvent,
    });
  }

  async load(brand: string, recipeId: string): Promise<LoadedRecipe> {
    return { ...(await this.loadAggregate(brand, recipeId)), recipeId };
  }
}
