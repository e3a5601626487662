import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { ClearRecipesCommand } from './clear-recipes.command.js';

@CommandHandler(ClearRecipesCommand)
export class ClearRecipesHandler implements ICommandHandler<ClearRecipesCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids }: ClearRecipesCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'ClearRecipe' }]);
  }
}
