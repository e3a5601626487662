import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecipeReferences } from '../../recipe-references.js';
import { ReviseRecipeCommand } from './revise-recipe.command.js';

@CommandHandler(ReviseRecipeCommand)
export class ReviseRecipeHandler implements ICommandHandler<ReviseRecipeCommand> {
  constructor(
    private readonly runner: RecipeCommandRunner,
    private readonly references: RecipeReferences,
  ) {}

  async execute({ actor, recipeId, revision, content }: ReviseRecipeCommand) {
    return this.runner.run(actor, recipeId, () => [{ type: 'ReviseRecipeContent', content }], {
      expectedRevision: revision,
      validate: () => this.references.checkContent(actor.brand, content, actor.lang),
    });
  }
}
