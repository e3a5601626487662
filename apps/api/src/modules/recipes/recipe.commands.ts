import { randomUUID } from 'node:crypto';
import {
  recipeCategoryChangeSchema,
  jobRunSchema,
  recipeImportCheckAnswerSchema,
  recipeCommandAnswerSchema,
  recipeCopySchema,
  recipeIdBodySchema,
  recipeIdsSchema,
  recipeModelsSchema,
  recipeOnlineStatusSchema,
  recipePaidStatusSchema,
  recipeSaveRefSchema,
  recipeSubmitSchema,
  recipeUpdateRefSchema,
  recipeContentSchema,
  recipeImportCheckSchema,
  recipeImportRequestSchema,
  recipeTranslateBodySchema,
  recipeTranslateConfirmSchema,
  type RecipeContent,
  type RecipeContentDraft,
} from '@kb/contracts';
import { recipeAggregate, type Actor, type AggregatePath, type RecipeAnswer } from '@kb/aggregates';
import type pg from 'pg';
import { type DomainError, type RecipeCommand, type RecipeEvent, type RecipeState } from '@kb/domain';
import { AppError } from '../../common/app-error.js';
import { commandsOf, type AggregateCommands } from '../../common/aggregate-kit/aggregate-commands.js';
import { pathOf } from '../../common/aggregate-kit/aggregate-providers.js';
import { translate } from '../../common/messages.js';
import { refuseDeletingLinkedRecipes } from '../content/recipe-delete-guard.js';
import { PG_POOL } from '../../infra/tokens.js';
import { RecipeJobs } from './recipe-jobs.js';
import { copyName } from './recipe-copy-name.js';
import { RecipeNumbers } from './recipe-numbers.js';
import { RecipeReferences } from './recipe-references.js';
import { confirmTranslation } from './recipe-translation-confirm.js';
import { recipeExportBodySchema } from './recipe.api.js';
import { parseBody } from '../../common/validation.js';

export type RecipePath = AggregatePath<RecipeCommand, RecipeEvent, RecipeState, RecipeAnswer>;

/** Step refusals whose params name no field: the field they are about. */
const FIELD_OF_STEP_ERROR: Record<string, string> = {
  recipe_step_below_countdown_temperature: 'temperature',
  recipe_step_time_not_whole_cycles: 'time',
};

/**
 * A step refusal of the decider (params `servings`, `step`) shown under the field the editor has for it, e.g.
 * `servingVersions.1.steps.0.temperature`.
 */
export function explainRecipeRefusal(error: DomainError, command: RecipeCommand, actor: Actor): Error {
  const content = 'content' in command ? command.content : null;
  if (!content || typeof error.params.servings !== 'number' || typeof error.params.step !== 'number')
    return error;
  const v = content.servingVersions.findIndex((version) => version.servings === error.params.servings);
  const s =
    v < 0 ? -1 : content.servingVersions[v]!.steps.findIndex((step) => step.number === error.params.step);
  if (s < 0) return error;
  const field =
    typeof error.params.field === 'string'
      ? error.params.field
      : (FIELD_OF_STEP_ERROR[error.code] ?? 'workMode');
  const key = `servingVersions.${v}.steps.${s}.${field === 'time' ? 'minutes' : field}`;
  const message = translate(error.code, actor.lang, error.params) ?? error.code;
  return new AppError(error.status, error.code, error.params, { fieldErrors: { [key]: message } });
}

/** Creates a recipe in editing (the editor's add, an import): its references checked once the decider accepted. */
export function createRecipe(
  path: RecipePath,
  references: RecipeReferences,
  actor: Actor,
  content: RecipeContentDraft,
  recipeId: string = randomUUID(),
  importedFrom?: string,
) {
  return path.run(actor, recipeId, () => [{ type: 'CreateRecipe', recipeId, content, importedFrom }], {
    validate: () => references.checkContent(actor.brand, content, actor.lang),
  });
}

const MAX_NUMBER = 32;

/** `R-001` → `R-001-copy`, `R-001-copy2`, … each within the 32 characters a number may have. */
export function copyNumbers(source: string, count = 20): string[] {
  return Array.from({ length: count }, (_, i) => {
    const suffix = i === 0 ? '-copy' : `-copy${i + 1}`;
    return `${source.slice(0, MAX_NUMBER - suffix.length)}${suffix}`;
  });
}

/**
 * The copy's name in each language of the source: the first `copyName` (副本, 副本 2, …) no recipe of the brand
 * is called in that language, so that lists, pickers and devices tell the copy from its source.
 */
export async function copyNames(
  pool: pg.Pool,
  brand: string,
  texts: RecipeContent['texts'],
): Promise<Record<string, string>> {
  const names: Record<string, string> = {};
  for (const [lang, { name }] of Object.entries(texts)) {
    if (!name) continue;
    const { rows } = await pool.query<{ name: string }>(
      `SELECT names->>$2 AS name FROM recipe_list
        WHERE brand_owner_code = $1 AND status <> 'cleared' AND starts_with(names->>$2, $3)`,
      [brand, lang, name.slice(0, 50)],
    );
    const taken = new Set(rows.map((r) => r.name));
    let n = 1;
    while (taken.has(copyName(name, lang, n))) n++;
    names[lang] = copyName(name, lang, n);
  }
  return names;
}

const recipe = commandsOf(recipeAggregate);
/** The recipe command path's token (the module provides it with the number claims). */
export const RECIPE_PATH = pathOf(recipeAggregate);

/** The recipe commands of §7 (`/api/recipe/*`). Single-recipe refusals are 4xx; batches answer each recipe's outcome. */
export const recipeCommands: AggregateCommands<RecipeCommand, RecipeEvent, RecipeState, RecipeAnswer> = {
  aggregate: recipeAggregate,
  route: 'recipe',
  tag: 'recipes',
  batchMessages: { done: 'recipe_batch_done', partial: 'recipe_batch_partial' },
  answerSchema: recipeCommandAnswerSchema,
  commands: [
    recipe.command({
      route: 'add',
      permission: 'recipe.edit',
      summary: 'Create a recipe (in editing) from the editor’s content',
      input: recipeContentSchema,
      answer: 'one',
      message: 'saved',
      run: (content, { actor, path, use }) => createRecipe(path, use(RecipeReferences), actor, content),
    }),
    recipe.command({
      route: 'update',
      permission: 'recipe.edit',
      summary:
        'Save the content of a recipe in editing over the revision the editor loaded (409 if it changed)',
      input: [recipeUpdateRefSchema, recipeContentSchema],
      answer: 'one',
      message: 'saved',
      run: ([{ id, revision }, content], { actor, run, use }) =>
        run(id, () => [{ type: 'ReviseRecipeContent', content }], {
          expectedRevision: revision,
          validate: () => use(RecipeReferences).checkContent(actor.brand, content, actor.lang),
        }),
    }),
    recipe.command({
      route: 'save',
      permission: 'recipe.edit',
      summary: 'The editor’s save: create the recipe (no id) or save its content over the loaded revision',
      input: [recipeSaveRefSchema, recipeContentSchema],
      answer: 'one',
      message: 'saved',
      run: ([{ id, revision }, content], { actor, path, run, use }) =>
        id === undefined
          ? createRecipe(path, use(RecipeReferences), actor, content)
          : run(id, () => [{ type: 'ReviseRecipeContent', content }], {
              expectedRevision: revision,
              validate: () => use(RecipeReferences).checkContent(actor.brand, content, actor.lang),
            }),
    }),
    recipe.command({
      route: 'submit',
      permission: 'recipe.submit',
      summary: 'Submit a recipe for release; with `content` (and `revision`) save and submit in one step',
      input: recipeSubmitSchema,
      answer: 'one',
      message: 'recipe_submitted',
      run: ({ id, revision, content: body }, { actor, run, use }) => {
        // The editor's "save and submit": the revision and the submission recorded in one append.
        const content = body === undefined ? undefined : parseBody(recipeContentSchema, body);
        const commands: RecipeCommand[] = content
          ? [{ type: 'ReviseRecipeContent', content }, { type: 'SubmitRecipe' }]
          : [{ type: 'SubmitRecipe' }];
        return run(id, () => commands, {
          expectedRevision: revision,
          validate: content && (() => use(RecipeReferences).checkContent(actor.brand, content, actor.lang)),
        });
      },
    }),
    recipe.command({
      route: 'copy',
      permission: 'recipe.copy',
      summary: 'Copy a live recipe into a new draft (number: given, or the next free "-copy")',
      input: recipeCopySchema,
      answer: 'one',
      message: 'recipe_copied',
      run: async ({ id: sourceId, number }, { actor, path, run, seen, use }) => {
        const recipeId = randomUUID();
        const source = await path.load(actor.brand, sourceId);
        await seen();
        const names =
          source.state.status === 'absent'
            ? {}
            : await copyNames(use(PG_POOL), actor.brand, source.state.content.texts);
        const copy = (candidate: string) =>
          run(recipeId, () => [
            {
              type: 'CopyRecipe',
              recipeId,
              number: candidate,
              source: { recipeId: sourceId, state: source.state },
              names,
            },
          ]);
        if (number !== undefined || source.state.status === 'absent') return copy(number ?? 'copy');
        for (const candidate of copyNumbers(source.state.content.number)) {
          if (await use(RecipeNumbers).isTaken(actor.brand, candidate)) continue;
          try {
            return await copy(candidate);
          } catch (error) {
            // Taken between the look and the claim: try the next one.
            if (!(error instanceof AppError && error.code === 'recipe_number_taken')) throw error;
          }
        }
        throw new AppError(409, 'recipe_number_unavailable');
      },
    }),
    recipe.command({
      route: 'delete',
      permission: 'recipe.delete',
      summary: 'Move a recipe to the recycle bin (not while released: recall it first)',
      input: recipeIdBodySchema,
      answer: 'one',
      run: async ({ id }, { actor, runOneOfMany, use }) => {
        await refuseDeletingLinkedRecipes(use(PG_POOL), actor.brand, [id], actor.lang);
        return runOneOfMany(id, () => [{ type: 'DeleteRecipe', at: new Date().toISOString() }]);
      },
    }),
    recipe.command({
      route: 'clear',
      permission: 'recipe.clear',
      summary: 'Clear a recipe from the recycle bin (its history stays readable)',
      input: recipeIdBodySchema,
      answer: 'one',
      run: ({ id }, { runOneOfMany }) => runOneOfMany(id, () => [{ type: 'ClearRecipe' }]),
    }),
    recipe.each({
      route: 'batchDelete',
      permission: 'recipe.delete',
      summary: 'Move recipes to the recycle bin; per-recipe outcome',
      input: recipeIdsSchema,
      prepare: ({ ids }, { actor, use }) =>
        refuseDeletingLinkedRecipes(use(PG_POOL), actor.brand, ids, actor.lang),
      commands: () => [{ type: 'DeleteRecipe', at: new Date().toISOString() }],
    }),
    recipe.each({
      route: 'recovery',
      permission: 'recipe.recycle',
      summary: 'Recover recipes from the recycle bin to the state each left; per-recipe outcome',
      input: recipeIdsSchema,
      commands: () => [{ type: 'RecoverRecipe' }],
    }),
    recipe.each({
      route: 'batchClear',
      permission: 'recipe.clear',
      summary: 'Clear recipes from the recycle bin; per-recipe outcome',
      input: recipeIdsSchema,
      commands: () => [{ type: 'ClearRecipe' }],
    }),
    recipe.each({
      route: 'batchSubmit',
      permission: 'recipe.submit',
      summary: 'Submit recipes for release; per-recipe outcome (incomplete ones say what is missing)',
      input: recipeIdsSchema,
      commands: () => [{ type: 'SubmitRecipe' }],
    }),
    recipe.each({
      route: 'batchRelease',
      permission: 'recipe.release',
      summary: 'Release recipes waiting for release (version + 1); per-recipe outcome',
      input: recipeIdsSchema,
      commands: () => [{ type: 'ReleaseRecipe' }],
    }),
    recipe.each({
      route: 'batchRecallEditing',
      permission: 'recipe.release',
      summary: 'Recall recipes to editing; per-recipe outcome',
      input: recipeIdsSchema,
      commands: () => [{ type: 'RecallRecipeToEditing' }],
    }),
    recipe.each({
      route: 'batchRecallWaitRelease',
      permission: 'recipe.release',
      summary: 'Recall released recipes to waiting release; per-recipe outcome',
      input: recipeIdsSchema,
      commands: () => [{ type: 'RecallRecipeToWaitingRelease' }],
    }),
    recipe.each({
      route: 'batchUpdateOnlineStatus',
      permission: 'recipe.release',
      summary: 'Set recipes online or offline; per-recipe outcome',
      input: recipeOnlineStatusSchema,
      commands: ({ online }) => [{ type: 'SetRecipeOnlineStatus', online }],
    }),
    recipe.each({
      route: 'batchUpdateBuyStatus',
      permission: 'recipe.release',
      summary: 'Set recipes paid or free; per-recipe outcome',
      input: recipePaidStatusSchema,
      commands: ({ paid }) => [{ type: 'SetRecipePaidStatus', paid }],
    }),
    recipe.each({
      route: 'batchUpdateCategory',
      permission: 'recipe.edit',
      summary: 'Move recipes to a category of the brand (null: none); per-recipe outcome',
      input: recipeCategoryChangeSchema,
      prepare: ({ categoryId }, { actor, use }) =>
        use(RecipeReferences).checkCategory(actor.brand, categoryId, actor.lang),
      commands: ({ categoryId }) => [{ type: 'ChangeRecipeCategory', categoryId }],
    }),
    recipe.each({
      route: 'batchRelModel',
      permission: 'recipe.edit',
      summary: 'Link compatible models (the brand’s product codes) to recipes; per-recipe outcome',
      input: recipeModelsSchema,
      prepare: ({ productCodes }, { actor, use }) =>
        use(RecipeReferences).checkModels(actor.brand, productCodes, actor.lang),
      commands: ({ productCodes }) => [{ type: 'LinkRecipeModels', productCodes }],
    }),
    recipe.each({
      route: 'batchDeleteModel',
      permission: 'recipe.edit',
      summary: 'Unlink compatible models from recipes; per-recipe outcome',
      input: recipeModelsSchema,
      commands: ({ productCodes }) => [{ type: 'UnlinkRecipeModels', productCodes }],
    }),
    recipe.command({
      route: 'export',
      permission: 'read',
      summary:
        'Start an export of the selected recipes (ids) or of the list’s filter into one zip; follow it at asyncTask/detail',
      input: recipeExportBodySchema,
      answer: 'data',
      message: 'recipe_export_started',
      output: jobRunSchema,
      refusals: [503],
      run: ({ ids, filter }, { actor, use }) => use(RecipeJobs).startExport(actor, ids, filter),
    }),
    recipe.command({
      route: 'importData',
      permission: 'recipe.edit',
      summary:
        'Start an import of an uploaded recipe zip (purpose zip): checked whole, each recipe created or reported; follow it at asyncTask/detail',
      input: recipeImportRequestSchema,
      answer: 'data',
      message: 'recipe_import_started',
      output: jobRunSchema,
      refusals: [415, 503],
      run: ({ fileCode, fileName, mapping }, { actor, use }) =>
        use(RecipeJobs).startImport(actor, fileCode, fileName, mapping),
    }),
    recipe.command({
      route: 'importCheck',
      permission: 'recipe.edit',
      summary:
        'The references (categories, tags, accessories, units, models, languages) an uploaded recipe zip names that the brand lacks: what importData’s mapping maps',
      input: recipeImportCheckSchema,
      answer: 'data',
      output: recipeImportCheckAnswerSchema,
      run: ({ fileCode }, { actor, use }) => use(RecipeJobs).checkImport(actor, fileCode),
    }),
    recipe.command({
      route: 'translate',
      permission: 'recipe.edit',
      summary:
        'Start a translation of the selected multi-language recipes from a source into target languages; the proposal is read at asyncTask/detail and saved only by translate/confirm',
      input: recipeTranslateBodySchema,
      answer: 'data',
      message: 'recipe_translate_started',
      output: jobRunSchema,
      refusals: [503],
      run: (body, { actor, use }) => use(RecipeJobs).startTranslation(actor, body),
    }),
    recipe.command({
      route: 'translate/confirm',
      permission: 'recipe.edit',
      summary:
        'Save a translation job’s proposal as proposed (all its recipes or recipeIds) as RecipeTranslated; no texts are accepted',
      input: recipeTranslateConfirmSchema,
      answer: 'batch',
      message: 'recipe_translate_confirmed',
      run: (input, ctx) => confirmTranslation(input, ctx),
    }),
  ],
};
