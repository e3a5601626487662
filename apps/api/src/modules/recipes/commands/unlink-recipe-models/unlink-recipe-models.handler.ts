import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { UnlinkRecipeModelsCommand } from './unlink-recipe-models.command.js';

@CommandHandler(UnlinkRecipeModelsCommand)
export class UnlinkRecipeModelsHandler implements ICommandHandler<UnlinkRecipeModelsCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids, productCodes }: UnlinkRecipeModelsCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'UnlinkRecipeModels', productCodes }]);
  }
}
