import type { RecipeCommandAnswer } from '@kb/contracts';
import {
  decideRecipe,
  RECIPE_EVENT_SCHEMA_VERSIONS,
  recipeDecider,
  recipeStreamId,
  upcastRecipeEvent,
  type RecipeCommand,
  type RecipeEvent,
  type RecipeState,
} from '@kb/domain';
import { AppError } from '@kb/platform';
import type { Aggregate } from './aggregate.js';

export type RecipeAnswer = Omit<RecipeCommandAnswer, 'revision' | 'changed'>;

/** A recipe's number while it is on some screen (a cleared recipe frees it). */
export const recipeNumberOf = (state: RecipeState): string | null =>
  state.status === 'absent' || state.status === 'cleared' ? null : state.content.number;

/** Recipes (`recipe-<id>`): numbered per brand as typed; a 409 names the recipe by its number. */
export const recipeAggregate: Aggregate<RecipeCommand, RecipeEvent, RecipeState, RecipeAnswer> = {
  name: 'recipe',
  storage: {
    decider: recipeDecider,
    streamId: recipeStreamId,
    schemaVersions: RECIPE_EVENT_SCHEMA_VERSIONS,
    upcast: upcastRecipeEvent,
  },
  decide: decideRecipe,
  notFound: 'recipe_not_found',
  // 409 naming the recipe: the editor offers to reload it.
  changed: (id, loaded, decided) =>
    new AppError(409, 'recipe_changed', {
      number: recipeNumberOf(loaded) ?? (decided ? recipeNumberOf(decided) : null) ?? id,
    }),
  answer: (id, state) => ({ id, number: state.content.number, status: state.status, version: state.version }),
  labelKey: 'number',
  labelParam: 'number',
  validates: 'first-attempt',
  heldNumber: recipeNumberOf,
};
