import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Sets the paid flag of live recipes (§4 set paid status in batch). */
export class SetRecipesPaidStatusCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
    readonly paid: boolean,
  ) {
    super();
  }
}
