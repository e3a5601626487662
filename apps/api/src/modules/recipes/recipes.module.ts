import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import type pg from 'pg';
import { createPool } from '@kb/platform';
import { APP_CONFIG, requestTimeouts, type AppConfig } from '../../config.js';
import { ChangeRecipesCategoryHandler } from './commands/change-recipes-category/change-recipes-category.handler.js';
import { ClearRecipesHandler } from './commands/clear-recipes/clear-recipes.handler.js';
import { CopyRecipeHandler } from './commands/copy-recipe/copy-recipe.handler.js';
import { CreateRecipeHandler } from './commands/create-recipe/create-recipe.handler.js';
import { ExportRecipesHandler } from './commands/export-recipes/export-recipes.handler.js';
import { ImportRecipesHandler } from './commands/import-recipes/import-recipes.handler.js';
import { TranslateRecipesHandler } from './commands/translate-recipes/translate-recipes.handler.js';
import { ConfirmRecipeTranslationHandler } from './commands/confirm-recipe-translation/confirm-recipe-translation.handler.js';
import { RecipeImportWorker } from './commands/import-recipes/recipe-import-worker.js';
import { JobsModule } from '../jobs/jobs.module.js';
import { DeleteRecipesHandler } from './commands/delete-recipes/delete-recipes.handler.js';
import { LinkRecipeModelsHandler } from './commands/link-recipe-models/link-recipe-models.handler.js';
import { RecallRecipesToEditingHandler } from './commands/recall-recipes-to-editing/recall-recipes-to-editing.handler.js';
import { RecallRecipesToWaitingReleaseHandler } from './commands/recall-recipes-to-waiting-release/recall-recipes-to-waiting-release.handler.js';
import { RecoverRecipesHandler } from './commands/recover-recipes/recover-recipes.handler.js';
import { ReleaseRecipesHandler } from './commands/release-recipes/release-recipes.handler.js';
import { ReviseRecipeHandler } from './commands/revise-recipe/revise-recipe.handler.js';
import { SetRecipesOnlineStatusHandler } from './commands/set-recipes-online-status/set-recipes-online-status.handler.js';
import { SetRecipesPaidStatusHandler } from './commands/set-recipes-paid-status/set-recipes-paid-status.handler.js';
import {
  SubmitRecipeHandler,
  SubmitRecipesHandler,
} from './commands/submit-recipes/submit-recipes.handler.js';
import { UnlinkRecipeModelsHandler } from './commands/unlink-recipe-models/unlink-recipe-models.handler.js';
import { CountRecycleBinHandler } from './queries/count-recycle-bin/count-recycle-bin.handler.js';
import { ListRecipesHandler } from './queries/list-recipes/list-recipes.handler.js';
import { PreviewRecipeHandler } from './queries/preview-recipe/preview-recipe.handler.js';
import { RecipeDetailHandler } from './queries/recipe-detail/recipe-detail.handler.js';
import { RecipeHistoryHandler } from './queries/recipe-history/recipe-history.handler.js';
import { SearchRecipesHandler } from './queries/search-recipes/search-recipes.handler.js';
import { RecipeCommandRunner } from './recipe-command-runner.js';
import { RecipeCommandsController } from './recipe-commands.controller.js';
import { RECIPE_NUMBERS_POOL, RecipeNumbers } from './recipe-numbers.js';
import { RecipeQueriesController } from './recipe-queries.controller.js';
import { RecipeReferences } from './recipe-references.js';
import { RecipeStreams } from './recipe-streams.js';
import { RECIPE_DOMAIN_MESSAGES, RECIPE_DOMAIN_WORDS } from './recipe-domain.messages.js';
import { RECIPE_API_MESSAGES } from './recipe-api.messages.js';
import { RECIPE_JOB_MESSAGES } from './recipe-jobs.messages.js';
import { registerMessages, registerWords } from '../../common/messages.js';

// This module's error texts, in zh and en (common/messages.ts holds only the shared ones).
registerMessages(RECIPE_DOMAIN_MESSAGES);
registerWords(RECIPE_DOMAIN_WORDS);
registerMessages(RECIPE_API_MESSAGES);
registerMessages(RECIPE_JOB_MESSAGES);

const COMMAND_HANDLERS = [
  CreateRecipeHandler,
  ReviseRecipeHandler,
  CopyRecipeHandler,
  SubmitRecipeHandler,
  SubmitRecipesHandler,
  ReleaseRecipesHandler,
  RecallRecipesToEditingHandler,
  RecallRecipesToWaitingReleaseHandler,
  DeleteRecipesHandler,
  RecoverRecipesHandler,
  ClearRecipesHandler,
  SetRecipesOnlineStatusHandler,
  SetRecipesPaidStatusHandler,
  ChangeRecipesCategoryHandler,
  LinkRecipeModelsHandler,
  UnlinkRecipeModelsHandler,
  ExportRecipesHandler,
  ImportRecipesHandler,
  TranslateRecipesHandler,
  ConfirmRecipeTranslationHandler,
];

const QUERY_HANDLERS = [
  ListRecipesHandler,
  SearchRecipesHandler,
  RecipeDetailHandler,
  CountRecycleBinHandler,
  PreviewRecipeHandler,
  RecipeHistoryHandler,
];

/** Event-sourced recipes (issue 5): commands on `recipe-<id>` streams, queries on the recipe read models. */
@Module({
  imports: [JobsModule],
  providers: [
    RecipeImportWorker,
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
    RecipeStreams,
    RecipeNumbers,
    RecipeReferences,
    RecipeCommandRunner,
    ...COMMAND_HANDLERS,
    ...QUERY_HANDLERS,
  ],
  controllers: [RecipeCommandsController, RecipeQueriesController],
})
export class RecipesModule implements OnApplicationShutdown {
  constructor(@Inject(RECIPE_NUMBERS_POOL) private readonly numbersPool: pg.Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.numbersPool.end();
  }
}
