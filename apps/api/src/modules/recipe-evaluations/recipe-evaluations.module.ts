import { Module } from '@nestjs/common';
import { referenceEntityController } from '../../common/reference-entity/reference-entity.controller.js';
import { ReferenceEntityService } from '../../common/reference-entity/reference-entity.service.js';
import {
  ListRecipeEvaluationsHandler,
  SearchRecipeEvaluationsHandler,
} from './queries/list-recipe-evaluations/list-recipe-evaluations.handler.js';
import { RecipeStatisticsHandler } from './queries/recipe-statistics/recipe-statistics.handler.js';
import { RecipeEvaluationQueriesController } from './recipe-evaluation-queries.controller.js';
import { recipeEvaluationEntity } from './recipe-evaluation.entity.js';
import { RECIPE_EVALUATION_API_MESSAGES } from './recipe-evaluation-api.messages.js';
import { registerMessages } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(RECIPE_EVALUATION_API_MESSAGES);

/** App users' reviews of recipes (§7 recipeUserEvaluation) and the statistics of a recipe's detail. */
@Module({
  providers: [
    ReferenceEntityService,
    ListRecipeEvaluationsHandler,
    SearchRecipeEvaluationsHandler,
    RecipeStatisticsHandler,
  ],
  controllers: [
    RecipeEvaluationQueriesController,
    referenceEntityController(recipeEvaluationEntity as never),
  ],
})
export class RecipeEvaluationsModule {}
