import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecipeReferences } from '../../recipe-references.js';
import { ChangeRecipesCategoryCommand } from './change-recipes-category.command.js';

@CommandHandler(ChangeRecipesCategoryCommand)
export class ChangeRecipesCategoryHandler implements ICommandHandler<ChangeRecipesCategoryCommand> {
  constructor(
    private readonly runner: RecipeCommandRunner,
    private readonly references: RecipeReferences,
  ) {}

  async execute({ actor, ids, categoryId }: ChangeRecipesCategoryCommand) {
    await this.references.checkCategory(actor.brand, categoryId, actor.lang);
    return this.runner.runMany(actor, ids, () => [{ type: 'ChangeRecipeCategory', categoryId }]);
  }
}
