import {
  AggregateStreams,
  commandPath,
  createRecipe,
  noWords,
  recipeAggregate,
  RecipeNumbers,
  RecipeReferences,
  type RecipePath,
} from '@kb/aggregates';
import { openEventStore } from '@kb/event-store';
import { eventStoreOf } from '../config.js';
import type { WorkerContext } from '../worker-entry.js';
import type { ImportedRecipes } from './recipe-import-worker.js';

/**
 * The recipe command path of the workers process: the API's event store (opened at the first command), the
 * brand's number claims and the decider, as in the API. The claims share the workers' pool: a claim holds one
 * connection while its append takes another, and with one import at a time (the only command run here) the
 * pool's other connections stay free for the rest. Refusals carry their codes (the job report's words are the
 * API's).
 */
function recipeCommandPath(ctx: WorkerContext): () => Promise<RecipePath> {
  let opened: Promise<RecipePath> | undefined;
  return () =>
    (opened ??= openEventStore(eventStoreOf(ctx.config), ctx.pool)
      .then((store) => {
        const streams = new AggregateStreams(store, recipeAggregate.storage);
        return commandPath(recipeAggregate, streams, {
          numbers: new RecipeNumbers(ctx.pool, streams, noWords),
        });
      })
      .catch((error: unknown) => {
        // Tried again by the next command (the store may be back by then).
        opened = undefined;
        throw error;
      }));
}

/** The recipes a workers' import creates: each through the recipe command path, its references checked first. */
export function importedRecipes(ctx: WorkerContext): ImportedRecipes {
  const path = recipeCommandPath(ctx);
  const references = new RecipeReferences(ctx.pool, noWords);
  return {
    create: async (actor, recipeId, content, importedFrom) =>
      createRecipe(await path(), references, actor, content, recipeId, importedFrom),
    exists: async (brand, recipeId) => (await (await path()).load(brand, recipeId)).state.status !== 'absent',
  };
}
