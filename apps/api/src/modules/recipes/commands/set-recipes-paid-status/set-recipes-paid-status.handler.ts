import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { SetRecipesPaidStatusCommand } from './set-recipes-paid-status.command.js';

@CommandHandler(SetRecipesPaidStatusCommand)
export class SetRecipesPaidStatusHandler implements ICommandHandler<SetRecipesPaidStatusCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids, paid }: SetRecipesPaidStatusCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'SetRecipePaidStatus', paid }]);
  }
}
