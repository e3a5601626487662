import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecipeReferences } from '../../recipe-references.js';
import { CreateRecipeCommand } from './create-recipe.command.js';

@CommandHandler(CreateRecipeCommand)
export class CreateRecipeHandler implements ICommandHandler<CreateRecipeCommand> {
  constructor(
    private readonly runner: RecipeCommandRunner,
    private readonly references: RecipeReferences,
  ) {}

  async execute({ actor, content, recipeId, importedFrom }: CreateRecipeCommand) {
    return this.runner.run(
      actor,
      recipeId,
      () => [{ type: 'CreateRecipe', recipeId, content, importedFrom }],
      {
        validate: () => this.references.checkContent(actor.brand, content, actor.lang),
      },
    );
  }
}
