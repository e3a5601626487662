import { Command } from '@nestjs/cqrs';
import type { RecipeContentDraft } from '@kb/contracts';
import type { RecipeChange } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/**
 * Saves the editor's content over the revision it loaded (update, and save with an id). Only fields that differ
 * are recorded; a save over an older revision is a 409 naming the recipe.
 */
export class ReviseRecipeCommand extends Command<RecipeChange> {
  constructor(
    readonly actor: RecipeActor,
    readonly recipeId: string,
    readonly revision: number,
    readonly content: RecipeContentDraft,
  ) {
    super();
  }
}
