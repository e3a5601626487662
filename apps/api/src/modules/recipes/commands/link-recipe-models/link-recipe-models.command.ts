import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Links compatible models (the brand's product codes) to live recipes (/recipe-model batch link). */
export class LinkRecipeModelsCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
    readonly productCodes: string[],
  ) {
    super();
  }
}
