import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { SetRecipesOnlineStatusCommand } from './set-recipes-online-status.command.js';

@CommandHandler(SetRecipesOnlineStatusCommand)
export class SetRecipesOnlineStatusHandler implements ICommandHandler<SetRecipesOnlineStatusCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids, online }: SetRecipesOnlineStatusCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'SetRecipeOnlineStatus', online }]);
  }
}
