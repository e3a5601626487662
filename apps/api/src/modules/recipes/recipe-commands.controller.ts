import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { Command, CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import {
  recipeContentSchema,
  recipeImportRequestSchema,
  recipeTranslateBodySchema,
  recipeTranslateConfirmSchema,
  type Envelope,
  type RecipeBatchAnswer,
  type RecipeCommandAnswer,
} from '@kb/contracts';
import { translate } from '../../common/messages.js';
import { ApiBodyFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { formatPosition, READ_POSITION_HEADER } from '../../infra/read-your-writes.js';
import { ChangeRecipesCategoryCommand } from './commands/change-recipes-category/change-recipes-category.command.js';
import { ClearRecipesCommand } from './commands/clear-recipes/clear-recipes.command.js';
import { CopyRecipeCommand } from './commands/copy-recipe/copy-recipe.command.js';
import { CreateRecipeCommand } from './commands/create-recipe/create-recipe.command.js';
import { ExportRecipesCommand } from './commands/export-recipes/export-recipes.command.js';
import { recipeExportBodySchema } from './commands/export-recipes/export-recipes.api.js';
import { ImportRecipesCommand } from './commands/import-recipes/import-recipes.command.js';
import { TranslateRecipesCommand } from './commands/translate-recipes/translate-recipes.command.js';
import { ConfirmRecipeTranslationCommand } from './commands/confirm-recipe-translation/confirm-recipe-translation.command.js';
import { DeleteRecipesCommand } from './commands/delete-recipes/delete-recipes.command.js';
import { LinkRecipeModelsCommand } from './commands/link-recipe-models/link-recipe-models.command.js';
import { RecallRecipesToEditingCommand } from './commands/recall-recipes-to-editing/recall-recipes-to-editing.command.js';
import { RecallRecipesToWaitingReleaseCommand } from './commands/recall-recipes-to-waiting-release/recall-recipes-to-waiting-release.command.js';
import { RecoverRecipesCommand } from './commands/recover-recipes/recover-recipes.command.js';
import { ReleaseRecipesCommand } from './commands/release-recipes/release-recipes.command.js';
import { ReviseRecipeCommand } from './commands/revise-recipe/revise-recipe.command.js';
import { SetRecipesOnlineStatusCommand } from './commands/set-recipes-online-status/set-recipes-online-status.command.js';
import { SetRecipesPaidStatusCommand } from './commands/set-recipes-paid-status/set-recipes-paid-status.command.js';
import {
  SubmitRecipeCommand,
  SubmitRecipesCommand,
} from './commands/submit-recipes/submit-recipes.command.js';
import { UnlinkRecipeModelsCommand } from './commands/unlink-recipe-models/unlink-recipe-models.command.js';
import {
  batchAnswer,
  singleChange,
  type RecipeBatchOutcome,
  type RecipeChange,
} from './recipe-command-runner.js';
import { actorOfRequest, type RecipeActor } from './recipe-streams.js';
import {
  recipeCategoryChangeSchema,
  recipeCopySchema,
  recipeIdBodySchema,
  recipeIdsSchema,
  recipeModelsSchema,
  recipeOnlineStatusSchema,
  recipePaidStatusSchema,
  recipeSaveRefSchema,
  recipeSubmitSchema,
  recipeUpdateRefSchema,
} from './recipe.api.js';
import { Permission } from '../../common/permission.decorator.js';

function envelope<T>(data: T, code: string, params: Record<string, string | number> = {}): Envelope<T> {
  return { status: 200, desc: translate(code, requestContext.lang(), params) ?? code, data };
}

/** The answer of a command on one recipe; header `x-read-position` lets the next GET see it. */
function one(res: Response, change: RecipeChange, code = 'ok'): Envelope<RecipeCommandAnswer> {
  const { position, ...answer } = change;
  if (position) res.setHeader(READ_POSITION_HEADER, formatPosition(position));
  return envelope(answer, code);
}

/** A batch's per-recipe report; `desc` sums it up. */
function many(res: Response, outcome: RecipeBatchOutcome, actor: RecipeActor): Envelope<RecipeBatchAnswer> {
  if (outcome.position) res.setHeader(READ_POSITION_HEADER, formatPosition(outcome.position));
  const answer = batchAnswer(outcome, actor);
  return envelope(answer, answer.failed === 0 ? 'recipe_batch_done' : 'recipe_batch_partial', {
    succeeded: answer.succeeded,
    failed: answer.failed,
  });
}

/**
 * The recipe commands of §7. Controllers do HTTP only: parse, dispatch on the CommandBus, answer. Single-recipe
 * refusals are 4xx (409 names the recipe and its state); batches answer 200 with each recipe's outcome.
 */
@ApiTags('recipes')
@Controller('recipe')
export class RecipeCommandsController {
  constructor(private readonly commands: CommandBus) {}

  private async batch(res: Response, command: (actor: RecipeActor) => Command<RecipeBatchOutcome>) {
    const actor = actorOfRequest();
    return many(res, await this.commands.execute(command(actor)), actor);
  }

  @Permission('recipe.edit')
  @Post('add')
  @HttpCode(200)
  @ApiOperation({ summary: 'Create a recipe (in editing) from the editor’s content' })
  @ApiBodyFrom(recipeContentSchema)
  async add(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const content = parseInput(recipeContentSchema, body);
    return one(res, await this.commands.execute(new CreateRecipeCommand(actorOfRequest(), content)), 'saved');
  }

  @Permission('recipe.edit')
  @Post('update')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Save the content of a recipe in editing over the revision the editor loaded (409 if it changed)',
  })
  @ApiBodyFrom(z.intersection(recipeUpdateRefSchema, recipeContentSchema))
  async update(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, revision } = parseInput(recipeUpdateRefSchema, body);
    const content = parseInput(recipeContentSchema, body);
    return one(
      res,
      await this.commands.execute(new ReviseRecipeCommand(actorOfRequest(), id, revision, content)),
      'saved',
    );
  }

  @Permission('recipe.edit')
  @Post('save')
  @HttpCode(200)
  @ApiOperation({
    summary: 'The editor’s save: create the recipe (no id) or save its content over the loaded revision',
  })
  @ApiBodyFrom(z.intersection(recipeSaveRefSchema, recipeContentSchema))
  async save(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, revision } = parseInput(recipeSaveRefSchema, body);
    const content = parseInput(recipeContentSchema, body);
    const actor = actorOfRequest();
    const change =
      id === undefined
        ? await this.commands.execute(new CreateRecipeCommand(actor, content))
        : await this.commands.execute(new ReviseRecipeCommand(actor, id, revision!, content));
    return one(res, change, 'saved');
  }

  @Permission('recipe.submit')
  @Post('submit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Submit a recipe for release; with `content` (and `revision`) save and submit in one step',
  })
  @ApiBodyFrom(recipeSubmitSchema)
  async submit(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, revision, content } = parseInput(recipeSubmitSchema, body);
    const draft = content === undefined ? undefined : parseInput(recipeContentSchema, content);
    return one(
      res,
      await this.commands.execute(new SubmitRecipeCommand(actorOfRequest(), id, revision, draft)),
      'recipe_submitted',
    );
  }

  @Permission('recipe.copy')
  @Post('copy')
  @HttpCode(200)
  @ApiOperation({ summary: 'Copy a live recipe into a new draft (number: given, or the next free "-copy")' })
  @ApiBodyFrom(recipeCopySchema)
  async copy(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, number } = parseInput(recipeCopySchema, body);
    return one(
      res,
      await this.commands.execute(new CopyRecipeCommand(actorOfRequest(), id, number)),
      'recipe_copied',
    );
  }

  @Permission('recipe.delete')
  @Post('delete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move a recipe to the recycle bin (not while released: recall it first)' })
  @ApiBodyFrom(recipeIdBodySchema)
  async delete(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id } = parseInput(recipeIdBodySchema, body);
    const outcome = await this.commands.execute(new DeleteRecipesCommand(actorOfRequest(), [id]));
    return one(res, singleChange(outcome));
  }

  @Permission('recipe.clear')
  @Post('clear')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clear a recipe from the recycle bin (its history stays readable)' })
  @ApiBodyFrom(recipeIdBodySchema)
  async clear(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id } = parseInput(recipeIdBodySchema, body);
    const outcome = await this.commands.execute(new ClearRecipesCommand(actorOfRequest(), [id]));
    return one(res, singleChange(outcome));
  }

  @Permission('recipe.delete')
  @Post('batchDelete')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move recipes to the recycle bin; per-recipe outcome' })
  @ApiBodyFrom(recipeIdsSchema)
  batchDelete(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(recipeIdsSchema, body);
    return this.batch(res, (actor) => new DeleteRecipesCommand(actor, ids));
  }

  @Permission('recipe.recycle')
  @Post('recovery')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Recover recipes from the recycle bin to the state each left; per-recipe outcome',
  })
  @ApiBodyFrom(recipeIdsSchema)
  recovery(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(recipeIdsSchema, body);
    return this.batch(res, (actor) => new RecoverRecipesCommand(actor, ids));
  }

  @Permission('recipe.clear')
  @Post('batchClear')
  @HttpCode(200)
  @ApiOperation({ summary: 'Clear recipes from the recycle bin; per-recipe outcome' })
  @ApiBodyFrom(recipeIdsSchema)
  batchClear(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(recipeIdsSchema, body);
    return this.batch(res, (actor) => new ClearRecipesCommand(actor, ids));
  }

  @Permission('recipe.submit')
  @Post('batchSubmit')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Submit recipes for release; per-recipe outcome (incomplete ones say what is missing)',
  })
  @ApiBodyFrom(recipeIdsSchema)
  batchSubmit(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(recipeIdsSchema, body);
    return this.batch(res, (actor) => new SubmitRecipesCommand(actor, ids));
  }

  @Permission('recipe.release')
  @Post('batchRelease')
  @HttpCode(200)
  @ApiOperation({ summary: 'Release recipes waiting for release (version + 1); per-recipe outcome' })
  @ApiBodyFrom(recipeIdsSchema)
  batchRelease(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(recipeIdsSchema, body);
    return this.batch(res, (actor) => new ReleaseRecipesCommand(actor, ids));
  }

  @Permission('recipe.release')
  @Post('batchRecallEditing')
  @HttpCode(200)
  @ApiOperation({ summary: 'Recall recipes to editing; per-recipe outcome' })
  @ApiBodyFrom(recipeIdsSchema)
  batchRecallEditing(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(recipeIdsSchema, body);
    return this.batch(res, (actor) => new RecallRecipesToEditingCommand(actor, ids));
  }

  @Permission('recipe.release')
  @Post('batchRecallWaitRelease')
  @HttpCode(200)
  @ApiOperation({ summary: 'Recall released recipes to waiting release; per-recipe outcome' })
  @ApiBodyFrom(recipeIdsSchema)
  batchRecallWaitRelease(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids } = parseInput(recipeIdsSchema, body);
    return this.batch(res, (actor) => new RecallRecipesToWaitingReleaseCommand(actor, ids));
  }

  @Permission('recipe.release')
  @Post('batchUpdateOnlineStatus')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set recipes online or offline; per-recipe outcome' })
  @ApiBodyFrom(recipeOnlineStatusSchema)
  batchUpdateOnlineStatus(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids, online } = parseInput(recipeOnlineStatusSchema, body);
    return this.batch(res, (actor) => new SetRecipesOnlineStatusCommand(actor, ids, online));
  }

  @Permission('recipe.release')
  @Post('batchUpdateBuyStatus')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set recipes paid or free; per-recipe outcome' })
  @ApiBodyFrom(recipePaidStatusSchema)
  batchUpdateBuyStatus(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids, paid } = parseInput(recipePaidStatusSchema, body);
    return this.batch(res, (actor) => new SetRecipesPaidStatusCommand(actor, ids, paid));
  }

  @Permission('recipe.edit')
  @Post('batchUpdateCategory')
  @HttpCode(200)
  @ApiOperation({ summary: 'Move recipes to a category of the brand (null: none); per-recipe outcome' })
  @ApiBodyFrom(recipeCategoryChangeSchema)
  batchUpdateCategory(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids, categoryId } = parseInput(recipeCategoryChangeSchema, body);
    return this.batch(res, (actor) => new ChangeRecipesCategoryCommand(actor, ids, categoryId));
  }

  @Permission('recipe.edit')
  @Post('batchRelModel')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Link compatible models (the brand’s product codes) to recipes; per-recipe outcome',
  })
  @ApiBodyFrom(recipeModelsSchema)
  batchRelModel(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids, productCodes } = parseInput(recipeModelsSchema, body);
    return this.batch(res, (actor) => new LinkRecipeModelsCommand(actor, ids, productCodes));
  }

  @Permission('recipe.edit')
  @Post('batchDeleteModel')
  @HttpCode(200)
  @ApiOperation({ summary: 'Unlink compatible models from recipes; per-recipe outcome' })
  @ApiBodyFrom(recipeModelsSchema)
  batchDeleteModel(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { ids, productCodes } = parseInput(recipeModelsSchema, body);
    return this.batch(res, (actor) => new UnlinkRecipeModelsCommand(actor, ids, productCodes));
  }

  @Permission('read')
  @Post('export')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start an export of the selected recipes (ids) or of the list’s filter into one zip; follow it at asyncTask/detail',
  })
  @ApiBodyFrom(recipeExportBodySchema)
  async export(@Body() body: unknown) {
    const { ids, filter } = parseInput(recipeExportBodySchema, body);
    return envelope(
      await this.commands.execute(new ExportRecipesCommand(actorOfRequest(), ids, filter)),
      'recipe_export_started',
    );
  }

  @Permission('recipe.edit')
  @Post('importData')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start an import of an uploaded recipe zip (purpose zip): checked whole, each recipe created or reported; follow it at asyncTask/detail',
  })
  @ApiBodyFrom(recipeImportRequestSchema)
  async importData(@Body() body: unknown) {
    const { fileCode, fileName } = parseInput(recipeImportRequestSchema, body);
    return envelope(
      await this.commands.execute(new ImportRecipesCommand(actorOfRequest(), fileCode, fileName)),
      'recipe_import_started',
    );
  }

  @Permission('recipe.edit')
  @Post('translate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Start a translation of the selected multi-language recipes from a source into target languages; the proposal is read at asyncTask/detail and saved only by translate/confirm',
  })
  @ApiBodyFrom(recipeTranslateBodySchema)
  async translate(@Body() body: unknown) {
    const parsed = parseInput(recipeTranslateBodySchema, body);
    return envelope(
      await this.commands.execute(new TranslateRecipesCommand(actorOfRequest(), parsed)),
      'recipe_translate_started',
    );
  }

  @Permission('recipe.edit')
  @Post('translate/confirm')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Save a translation job’s proposal as proposed (all its recipes or recipeIds) as RecipeTranslated; no texts are accepted',
  })
  @ApiBodyFrom(recipeTranslateConfirmSchema)
  async confirmTranslation(@Body() body: unknown, @Res({ passthrough: true }) res: Response) {
    const { id, recipeIds } = parseInput(recipeTranslateConfirmSchema, body);
    const actor = actorOfRequest();
    const outcome = await this.commands.execute(new ConfirmRecipeTranslationCommand(actor, id, recipeIds));
    if (outcome.position) res.setHeader(READ_POSITION_HEADER, formatPosition(outcome.position));
    const answer = batchAnswer(outcome, actor);
    return envelope(answer, answer.failed === 0 ? 'recipe_translate_confirmed' : 'recipe_batch_partial', {
      succeeded: answer.succeeded,
      failed: answer.failed,
    });
  }
}
