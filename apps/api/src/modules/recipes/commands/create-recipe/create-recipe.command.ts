import { randomUUID } from 'node:crypto';
import { Command } from '@nestjs/cqrs';
import type { RecipeContentDraft } from '@kb/contracts';
import type { RecipeChange } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/** Creates a recipe in editing from the editor's content (add, and save without an id). */
export class CreateRecipeCommand extends Command<RecipeChange> {
  constructor(
    readonly actor: RecipeActor,
    readonly content: RecipeContentDraft,
    readonly recipeId: string = randomUUID(),
    /** The recipe zip's file name when a recipe import creates it (history: "imported from <file>"). */
    readonly importedFrom?: string,
  ) {
    super();
  }
}
