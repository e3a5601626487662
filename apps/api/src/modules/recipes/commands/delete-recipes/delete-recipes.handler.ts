import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { DeleteRecipesCommand } from './delete-recipes.command.js';

@CommandHandler(DeleteRecipesCommand)
export class DeleteRecipesHandler implements ICommandHandler<DeleteRecipesCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids }: DeleteRecipesCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'DeleteRecipe', at: new Date().toISOString() }]);
  }
}
