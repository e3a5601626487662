import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Clears recipes in the recycle bin: gone from every screen, their history kept for auditors (§4 clear). */
export class ClearRecipesCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
  ) {
    super();
  }
}
