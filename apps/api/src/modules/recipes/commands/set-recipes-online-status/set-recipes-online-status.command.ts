import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Sets the online flag of live recipes (§4 set online status in batch). */
export class SetRecipesOnlineStatusCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
    readonly online: boolean,
  ) {
    super();
  }
}
