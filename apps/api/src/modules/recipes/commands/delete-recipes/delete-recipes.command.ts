import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Moves recipes to the recycle bin, remembering the state each left and when (§4 delete; refused while released). */
export class DeleteRecipesCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
  ) {
    super();
  }
}
