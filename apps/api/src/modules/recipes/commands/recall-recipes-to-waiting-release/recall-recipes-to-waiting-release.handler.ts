import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecallRecipesToWaitingReleaseCommand } from './recall-recipes-to-waiting-release.command.js';

@CommandHandler(RecallRecipesToWaitingReleaseCommand)
export class RecallRecipesToWaitingReleaseHandler implements ICommandHandler<RecallRecipesToWaitingReleaseCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids }: RecallRecipesToWaitingReleaseCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'RecallRecipeToWaitingRelease' }]);
  }
}
