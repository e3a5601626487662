import { z } from 'zod';
import {
  recipeListPageSchema,
  recipeDetailSchema,
  recipeHistorySchema,
  recipeListItemSchema,
  recipePreviewSchema,
  recipeRecycleCountSchema,
  recipeIdQuerySchema,
  recipeListQuerySchema,
  recipePreviewQuerySchema,
  recipeSearchQuerySchema,
} from '@kb/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { CountRecycleBinQuery } from './queries/count-recycle-bin/count-recycle-bin.query.js';
import { ListRecipesQuery } from './queries/list-recipes/list-recipes.query.js';
import { PreviewRecipeQuery } from './queries/preview-recipe/preview-recipe.query.js';
import { RecipeDetailQuery } from './queries/recipe-detail/recipe-detail.query.js';
import { RecipeHistoryQuery } from './queries/recipe-history/recipe-history.query.js';
import { SearchRecipesQuery } from './queries/search-recipes/search-recipes.query.js';
import { Permission } from '../../common/permission.decorator.js';

/**
 * The recipe queries of §7 plus the history. Lists and details read the read models (send back a command's
 * `x-read-position` to see its effect); the history reads the stream itself.
 */
@ApiTags('recipes')
@Permission('read')
@Controller('recipe')
export class RecipeQueriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('list')
  @ApiOperation({
    summary:
      'Recipes of the brand, newest change first; filters: number prefix, name in any language, status (default: all but the recycle bin), category, label, type, model, online, paid, language, change date',
  })
  @ApiQueryFrom(recipeListQuerySchema)
  @ApiAnswer(z.union([recipeListPageSchema, z.array(recipeListItemSchema)]))
  async list(@Query() query: unknown) {
    const filter = parseInput(recipeListQuerySchema, query);
    return ok(
      await this.queries.execute(new ListRecipesQuery(requestContext.brand(), requestContext.lang(), filter)),
    );
  }

  @Get('search')
  @ApiOperation({ summary: 'Pick recipes by number prefix or name (at most 50)' })
  @ApiQueryFrom(recipeSearchQuerySchema)
  @ApiAnswer(z.array(recipeListItemSchema))
  async search(@Query() query: unknown) {
    const { keyword, status } = parseInput(recipeSearchQuerySchema, query);
    return ok(
      await this.queries.execute(
        new SearchRecipesQuery(requestContext.brand(), requestContext.lang(), keyword, status),
      ),
    );
  }

  @Get('detail')
  @ApiOperation({ summary: 'One recipe with its whole content and the revision to save against' })
  @ApiQueryFrom(recipeIdQuerySchema)
  @ApiAnswer(recipeDetailSchema)
  async detail(@Query() query: unknown) {
    const { id } = parseInput(recipeIdQuerySchema, query);
    return ok(
      await this.queries.execute(new RecipeDetailQuery(requestContext.brand(), requestContext.lang(), id)),
    );
  }

  @Get('countRemove')
  @ApiAnswer(recipeRecycleCountSchema)
  @ApiOperation({ summary: 'How many recipes are in the recycle bin' })
  async countRemove() {
    return ok(await this.queries.execute(new CountRecycleBinQuery(requestContext.brand())));
  }

  @Get('simulatRecipeDetail')
  @ApiAnswer(recipePreviewSchema)
  @ApiOperation({
    summary: 'The recipe as the appliance’s screen shows it: one language, one serving size, step by step',
  })
  @ApiQueryFrom(recipePreviewQuerySchema)
  async simulatRecipeDetail(@Query() query: unknown) {
    const { id, lang, servings } = parseInput(recipePreviewQuerySchema, query);
    return ok(await this.queries.execute(new PreviewRecipeQuery(requestContext.brand(), id, lang, servings)));
  }

  @Get('history')
  @ApiAnswer(recipeHistorySchema)
  @ApiOperation({
    summary:
      'The recipe’s timeline for auditors: each event with who, when, what changed and the state as of it (also after clear)',
  })
  @ApiQueryFrom(recipeIdQuerySchema)
  async history(@Query() query: unknown) {
    const { id } = parseInput(recipeIdQuerySchema, query);
    return ok(
      await this.queries.execute(new RecipeHistoryQuery(requestContext.brand(), requestContext.lang(), id)),
    );
  }
}
