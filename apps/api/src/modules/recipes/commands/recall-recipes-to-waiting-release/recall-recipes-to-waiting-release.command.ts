import { Command } from '@nestjs/cqrs';
import type { RecipeBatchOutcome } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Recalls released recipes to waiting release (§4 batch recall to pending release). */
export class RecallRecipesToWaitingReleaseCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
  ) {
    super();
  }
}
