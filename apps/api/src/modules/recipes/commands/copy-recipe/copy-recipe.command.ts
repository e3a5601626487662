import { randomUUID } from 'node:crypto';
import { Command } from '@nestjs/cqrs';
import type { RecipeChange } from '../../recipe-command-runner.js';
import type { RecipeActor } from '../../recipe-streams.js';

/**
 * Copies a live recipe into a new draft (§4 copy). Without a number the copy gets the first free one of
 * `<number>-copy`, `<number>-copy2`, …
 */
export class CopyRecipeCommand extends Command<RecipeChange> {
  constructor(
    readonly actor: RecipeActor,
    readonly sourceId: string,
    readonly number?: string,
    readonly recipeId: string = randomUUID(),
  ) {
    super();
  }
}
