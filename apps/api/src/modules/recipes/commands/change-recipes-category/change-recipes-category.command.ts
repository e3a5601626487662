import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Moves live recipes to another category of the brand (null: none). */
export class ChangeRecipesCategoryCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
    readonly categoryId: string | null,
  ) {
    super();
  }
}
