import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { RecipeReferences } from '../../recipe-references.js';
import { LinkRecipeModelsCommand } from './link-recipe-models.command.js';

@CommandHandler(LinkRecipeModelsCommand)
export class LinkRecipeModelsHandler implements ICommandHandler<LinkRecipeModelsCommand> {
  constructor(
    private readonly runner: RecipeCommandRunner,
    private readonly references: RecipeReferences,
  ) {}

  async execute({ actor, ids, productCodes }: LinkRecipeModelsCommand) {
    await this.references.checkModels(actor.brand, productCodes, actor.lang);
    return this.runner.runMany(actor, ids, () => [{ type: 'LinkRecipeModels', productCodes }]);
  }
}
