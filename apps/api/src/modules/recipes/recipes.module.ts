import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { createPool } from '@kb/platform';
import { APP_CONFIG, requestTimeouts, type AppConfig } from '../../config.js';
import {
  recipeAggregate,
  recipeCommands,
  RecipeNumbers,
  RecipeReferences,
  type AggregateStreams,
} from '@kb/aggregates';
import type { RecipeEvent, RecipeState } from '@kb/domain';
import { aggregateController } from '../../common/aggregate-kit/aggregate-controller.js';
import { aggregateProviders, streamsOf } from '../../common/aggregate-kit/aggregate-providers.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { CountRecycleBinHandler } from './queries/count-recycle-bin/count-recycle-bin.handler.js';
import { ListRecipesHandler } from './queries/list-recipes/list-recipes.handler.js';
import { PreviewRecipeHandler } from './queries/preview-recipe/preview-recipe.handler.js';
import { RecipeDetailHandler } from './queries/recipe-detail/recipe-detail.handler.js';
import { RecipeHistoryHandler } from './queries/recipe-history/recipe-history.handler.js';
import { SearchRecipesHandler } from './queries/search-recipes/search-recipes.handler.js';
import { explainRecipeRefusal, recipePorts } from './recipe-ports.js';
import { RecipeJobs } from './recipe-jobs.js';
import { RecipeQueriesController } from './recipe-queries.controller.js';
import { RECIPE_DOMAIN_MESSAGES, RECIPE_DOMAIN_WORDS } from './recipe-domain.messages.js';
import { RECIPE_API_MESSAGES } from './recipe-api.messages.js';
import { RECIPE_JOB_MESSAGES } from './recipe-jobs.messages.js';
import { registerMessages, registerWords, translate } from '../../common/messages.js';
import { PG_POOL } from '../../infra/tokens.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(RECIPE_DOMAIN_MESSAGES);
registerWords(RECIPE_DOMAIN_WORDS);
registerMessages(RECIPE_API_MESSAGES);
registerMessages(RECIPE_JOB_MESSAGES);

/** The pool the number claims run on (see NumberClaims: not the API's main pool). */
const RECIPE_NUMBERS_POOL = Symbol('RECIPE_NUMBERS_POOL');

const QUERY_HANDLERS = [
  ListRecipesHandler,
  SearchRecipesHandler,
  RecipeDetailHandler,
  CountRecycleBinHandler,
  PreviewRecipeHandler,
  RecipeHistoryHandler,
];

/**
 * Event-sourced recipes: commands on `recipe-<id>` streams, queries on the recipe read models. The import of a
 * recipe zip is started here and runs in the workers process.
 */
@Module({
  imports: [JobsModule],
  providers: [
    {
      provide: RECIPE_NUMBERS_POOL,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        createPool(config.DATABASE_URL, {
          max: 4,
          applicationName: 'kitchen-api-recipe-numbers',
          ...requestTimeouts(config),
        }),
    },
    ...aggregateProviders(recipeCommands, {
      path: {
        inject: [RecipeNumbers],
        options: (numbers: RecipeNumbers) => ({ numbers, explain: explainRecipeRefusal }),
      },
      ports: recipePorts,
    }),
    {
      provide: RecipeNumbers,
      inject: [RECIPE_NUMBERS_POOL, streamsOf(recipeAggregate)],
      useFactory: (pool: pg.Pool, streams: AggregateStreams<RecipeEvent, RecipeState>) =>
        new RecipeNumbers(pool, streams, translate),
    },
    {
      provide: RecipeReferences,
      inject: [PG_POOL],
      useFactory: (pool: pg.Pool) => new RecipeReferences(pool, translate),
    },
    RecipeJobs,
    ...QUERY_HANDLERS,
  ],
  controllers: [aggregateController(recipeCommands), RecipeQueriesController],
})
export class RecipesModule implements OnApplicationShutdown {
  constructor(@Inject(RECIPE_NUMBERS_POOL) private readonly numbersPool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.numbersPool.end();
  }
}
