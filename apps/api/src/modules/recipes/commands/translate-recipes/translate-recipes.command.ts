import { Command } from '@nestjs/cqrs';
import type { JobRun, RecipeTranslateBody } from '@kb/contracts';
import type { RecipeActor } from '../../recipe-streams.js';

/** Starts a translation job over the selected recipes; its proposal is reviewed at asyncTask/detail. */
export class TranslateRecipesCommand extends Command<JobRun> {
  constructor(
    readonly actor: RecipeActor,
    readonly body: RecipeTranslateBody,
  ) {
    super();
  }
}
