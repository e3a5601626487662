import { Command } from '@nestjs/cqrs';
import type { JobRun } from '@kb/contracts';
import type { RecipeListQuery } from '../../recipe.api.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Starts an export of the given recipes, or of every recipe the list's filter shows, into one zip. */
export class ExportRecipesCommand extends Command<JobRun> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[] | undefined,
    readonly filter: Partial<RecipeListQuery>,
  ) {
    super();
  }
}
