import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecoverRecipesCommand } from './recover-recipes.command.js';

@CommandHandler(RecoverRecipesCommand)
export class RecoverRecipesHandler implements ICommandHandler<RecoverRecipesCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids }: RecoverRecipesCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'RecoverRecipe' }]);
  }
}
