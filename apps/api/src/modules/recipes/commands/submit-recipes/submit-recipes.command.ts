import { Command } from '@nestjs/cqrs';
import type { RecipeContentDraft } from '@kb/contracts';
import type { RecipeBatchOutcome, RecipeChange } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/**
 * Submits one recipe for release (editing → waiting release, only when complete). With content, the editor's
 * "save and submit": the revision and the submission are recorded in one append over the revision it loaded.
 */
export class SubmitRecipeCommand extends Command<RecipeChange> {
  constructor(
    readonly actor: RecipeActor,
    readonly recipeId: string,
    readonly revision?: number,
    readonly content?: RecipeContentDraft,
  ) {
    super();
  }
}

/** Submits several recipes (§4 batch submit), each on its own. */
export class SubmitRecipesCommand extends Command<RecipeBatchOutcome> {
  constructor(
    readonly actor: RecipeActor,
    readonly ids: string[],
  ) {
    super();
  }
}
