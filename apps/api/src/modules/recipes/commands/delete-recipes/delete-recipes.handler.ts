import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../../../../infra/tokens.js';
import { refuseDeletingLinkedRecipes } from '../../../content/recipe-delete-guard.js';
import { RecipeCommandRunner } from '../../recipe-command-runner.js';
import { DeleteRecipesCommand } from './delete-recipes.command.js';

@CommandHandler(DeleteRecipesCommand)
export class DeleteRecipesHandler implements ICommandHandler<DeleteRecipesCommand> {
  constructor(
    private readonly runner: RecipeCommandRunner,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ actor, ids }: DeleteRecipesCommand) {
    await refuseDeletingLinkedRecipes(this.pool, actor.brand, ids, actor.lang);
    return this.runner.runMany(actor, ids, () => [{ type: 'DeleteRecipe', at: new Date().toISOString() }]);
  }
}
