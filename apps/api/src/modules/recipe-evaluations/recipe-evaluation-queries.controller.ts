import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  listAnswerSchema,
  recipeEvaluationListQuerySchema,
  recipeEvaluationSchema,
  recipeStatisticsQuerySchema,
  recipeStatisticsSchema,
  searchQuerySchema,
} from '@kb/contracts';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import {
  ListRecipeEvaluationsQuery,
  SearchRecipeEvaluationsQuery,
} from './queries/list-recipe-evaluations/list-recipe-evaluations.query.js';
import { RecipeStatisticsQuery } from './queries/recipe-statistics/recipe-statistics.query.js';
import { Permission } from '../../common/permission.decorator.js';

/** The review lists (the writes come from the reference-entity factory) and a recipe's statistics. */
@ApiTags('recipe reviews')
@Permission('read')
@Controller('recipeUserEvaluation')
export class RecipeEvaluationQueriesController {
  constructor(private readonly queries: QueryBus) {}

  private listOf(input: unknown) {
    const filter = parseInput(recipeEvaluationListQuerySchema, input);
    return this.queries.execute(
      new ListRecipeEvaluationsQuery(requestContext.brand(), requestContext.lang(), filter),
    );
  }

  @Get('list')
  @ApiOperation({
    summary:
      'Reviews of the brand’s recipes, newest first; filters: recipe (id, or number/name text), SN, user, score, date range (onPage=false for all)',
  })
  @ApiQueryFrom(recipeEvaluationListQuerySchema)
  @ApiAnswer(listAnswerSchema(recipeEvaluationSchema))
  async list(@Query() query: unknown) {
    return ok(await this.listOf(query));
  }

  @Post('list')
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  @ApiOperation({ summary: 'Reviews: the list as a form-encoded POST' })
  @ApiBodyFrom(recipeEvaluationListQuerySchema)
  @ApiAnswer(listAnswerSchema(recipeEvaluationSchema))
  async listByPost(@Body() body: unknown) {
    return ok(await this.listOf(body));
  }

  @Get('search')
  @ApiOperation({ summary: 'Reviews whose recipe, SN or user contains the keyword (at most 50)' })
  @ApiQueryFrom(searchQuerySchema)
  @ApiAnswer(z.array(recipeEvaluationSchema))
  async search(@Query() query: unknown) {
    const { keyword } = parseInput(searchQuerySchema, query);
    return ok(
      await this.queries.execute(
        new SearchRecipeEvaluationsQuery(requestContext.brand(), requestContext.lang(), keyword),
      ),
    );
  }

  @Get('recipeStatistics')
  @ApiAnswer(recipeStatisticsSchema)
  @ApiOperation({
    summary: 'One recipe’s statistics: collection count, rater count, overall score (mean of 1–5 stars)',
  })
  @ApiQueryFrom(recipeStatisticsQuerySchema)
  async recipeStatistics(@Query() query: unknown) {
    const { recipeId } = parseInput(recipeStatisticsQuerySchema, query);
    return ok(await this.queries.execute(new RecipeStatisticsQuery(requestContext.brand(), recipeId)));
  }
}
