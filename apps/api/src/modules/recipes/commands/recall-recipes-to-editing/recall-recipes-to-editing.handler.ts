import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecallRecipesToEditingCommand } from './recall-recipes-to-editing.command.js';

@CommandHandler(RecallRecipesToEditingCommand)
export class RecallRecipesToEditingHandler implements ICommandHandler<RecallRecipesToEditingCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids }: RecallRecipesToEditingCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'RecallRecipeToEditing' }]);
  }
}
