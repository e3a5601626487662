import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RecipeCommand } from '@kb/domain';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecipeReferences } from '../../recipe-references.js';
import { SubmitRecipeCommand, SubmitRecipesCommand } from './submit-recipes.command.js';

@CommandHandler(SubmitRecipeCommand)
export class SubmitRecipeHandler implements ICommandHandler<SubmitRecipeCommand> {
  constructor(
    private readonly runner: RecipeCommandRunner,
    private readonly references: RecipeReferences,
  ) {}

  async execute({ actor, recipeId, revision, content }: SubmitRecipeCommand) {
    const commands: RecipeCommand[] = content
      ? [{ type: 'ReviseRecipeContent', content }, { type: 'SubmitRecipe' }]
      : [{ type: 'SubmitRecipe' }];
    return this.runner.run(actor, recipeId, () => commands, {
      expectedRevision: revision,
      validate: content && (() => this.references.checkContent(actor.brand, content, actor.lang)),
    });
  }
}

@CommandHandler(SubmitRecipesCommand)
export class SubmitRecipesHandler implements ICommandHandler<SubmitRecipesCommand> {
  constructor(private readonly runner: RecipeCommandRunner) {}

  execute({ actor, ids }: SubmitRecipesCommand) {
    return this.runner.runMany(actor, ids, () => [{ type: 'SubmitRecipe' }]);
  }
}
