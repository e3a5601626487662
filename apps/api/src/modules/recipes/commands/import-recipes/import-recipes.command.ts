import { Command } from '@nestjs/cqrs';
import type { JobRun } from '@kb/contracts';
import type { RecipeActor } from '../../recipe-streams.js';

/** Starts an import of an uploaded recipe zip (file store code, purpose `zip`). */
export class ImportRecipesCommand extends Command<JobRun> {
  constructor(
    readonly actor: RecipeActor,
    readonly fileCode: string,
    readonly fileName: string,
  ) {
    super();
  }
}
