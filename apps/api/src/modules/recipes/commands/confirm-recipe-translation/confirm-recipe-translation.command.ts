import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/**
 * Saves a translation job's proposal, as proposed, for all its translated recipes or the given ones: one
 * `RecipeTranslated` per recipe, each refused if the recipe changed since the proposal or it was saved before.
 */
export class ConfirmRecipeTranslationCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly jobId: string,
    readonly recipeIds: string[] | undefined,
  ) {
    super();
  }
}
