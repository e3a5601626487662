import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../../common/app-error.js';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecipeNumbers } from '../../recipe-numbers.js';
import { RecipeStreams } from '../../recipe-streams.js';
import { CopyRecipeCommand } from './copy-recipe.command.js';

const MAX_NUMBER = 32;

/** `R-001` → `R-001-copy`, `R-001-copy2`, … each within the 32 characters a number may have. */
export function copyNumbers(source: string, count = 20): string[] {
  return Array.from({ length: count }, (_, i) => {
    const suffix = i === 0 ? '-copy' : `-copy${i + 1}`;
    return `${source.slice(0, MAX_NUMBER - suffix.length)}${suffix}`;
  });
}

@CommandHandler(CopyRecipeCommand)
export class CopyRecipeHandler implements ICommandHandler<CopyRecipeCommand> {
  constructor(
    private readonly runner: RecipeCommandRunner,
    private readonly streams: RecipeStreams,
    private readonly numbers: RecipeNumbers,
  ) {}

  async execute({ actor, sourceId, number, recipeId }: CopyRecipeCommand) {
    const source = await this.streams.load(actor.brand, sourceId);
    const copy = (candidate: string) =>
      this.runner.run(actor, recipeId, () => [
        {
          type: 'CopyRecipe',
          recipeId,
          number: candidate,
          source: { recipeId: sourceId, state: source.state },
        },
      ]);
    if (number !== undefined || source.state.status === 'absent') return copy(number ?? 'copy');
    for (const candidate of copyNumbers(source.state.content.number)) {
      if (await this.numbers.isTaken(actor.brand, candidate)) continue;
      try {
        return await copy(candidate);
      } catch (error) {
        // Taken between the look and the claim: try the next one.
        if (!(error instanceof AppError && error.code === 'recipe_number_taken')) throw error;
      }
    }
    throw new AppError(409, 'recipe_number_unavailable');
  }
}
