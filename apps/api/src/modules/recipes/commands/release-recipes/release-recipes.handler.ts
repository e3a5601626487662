import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { ReleaseRecipesCommand } from './release-recipes.command.js';

@CommandHandler(ReleaseRecipesCommand)
export class ReleaseRecipesHandler implements ICommandHandler<ReleaseRecipesCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids }: ReleaseRecipesCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'ReleaseRecipe' }]);
  }
}
