import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Unlinks compatible models from recipes (/recipe-model batch unlink); a submitted or released recipe keeps one. */
export class UnlinkRecipeModelsCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
    readonly productCodes: string[],
  ) {
    super();
  }
}
