import { randomUUID } from 'node:crypto';
import {
  recipeCommandRoutes,
  recipeContentSchema,
  type RecipeContent,
  type RecipeContentDraft,
} from '@kb/contracts';
import { recipeAggregate, type Actor, type AggregatePath, type RecipeAnswer } from '@kb/aggregates';
import type pg from 'pg';
import { type DomainError, type RecipeCommand, type RecipeEvent, type RecipeState } from '@kb/domain';
import { AppError } from '../../common/app-error.js';
import { aggregateCommands } from '../../common/aggregate-kit/aggregate-commands.js';
import { pathOf } from '../../common/aggregate-kit/aggregate-providers.js';
import { translate } from '../../common/messages.js';
import { refuseDeletingLinkedRecipes } from '../content/recipe-delete-guard.js';
import { PG_POOL } from '../../infra/tokens.js';
import { RecipeJobs } from './recipe-jobs.js';
import { copyName } from './recipe-copy-name.js';
import { RecipeNumbers } from './recipe-numbers.js';
import { RecipeReferences } from './recipe-references.js';
import { confirmTranslation } from './recipe-translation-confirm.js';
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

/** The recipe command path's token (the module provides it with the number claims). */
export const RECIPE_PATH = pathOf(recipeAggregate);

const revise = (content: RecipeContentDraft): RecipeCommand[] => [{ type: 'ReviseRecipeContent', content }];

/** The recipe commands of §7 (`/api/recipe/*`). Single-recipe refusals are 4xx; batches answer each recipe's outcome. */
export const recipeCommands = aggregateCommands(recipeAggregate, recipeCommandRoutes, {
  batchMessages: { done: 'recipe_batch_done', partial: 'recipe_batch_partial' },
  commands: {
    add: {
      message: 'saved',
      run: (content, { actor, path, use }) => createRecipe(path, use(RecipeReferences), actor, content),
    },
    update: {
      message: 'saved',
      run: ([{ id, revision }, content], { actor, run, use }) =>
        run(id, () => revise(content), {
          expectedRevision: revision,
          validate: () => use(RecipeReferences).checkContent(actor.brand, content, actor.lang),
        }),
    },
    save: {
      message: 'saved',
      run: ([{ id, revision }, content], { actor, path, run, use }) =>
        id === undefined
          ? createRecipe(path, use(RecipeReferences), actor, content)
          : run(id, () => revise(content), {
              expectedRevision: revision,
              validate: () => use(RecipeReferences).checkContent(actor.brand, content, actor.lang),
            }),
    },
    submit: {
      message: 'recipe_submitted',
      run: ({ id, revision, content: body }, { actor, run, use }) => {
        // The editor's "save and submit": the revision and the submission recorded in one append.
        const content = body === undefined ? undefined : parseBody(recipeContentSchema, body);
        const commands: RecipeCommand[] = content
          ? [...revise(content), { type: 'SubmitRecipe' }]
          : [{ type: 'SubmitRecipe' }];
        return run(id, () => commands, {
          expectedRevision: revision,
          validate: content && (() => use(RecipeReferences).checkContent(actor.brand, content, actor.lang)),
        });
      },
    },
    copy: {
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
    },
    delete: {
      run: async ({ id }, { actor, runOneOfMany, use }) => {
        await refuseDeletingLinkedRecipes(use(PG_POOL), actor.brand, [id], actor.lang);
        return runOneOfMany(id, () => [{ type: 'DeleteRecipe', at: new Date().toISOString() }]);
      },
    },
    clear: { run: ({ id }, { runOneOfMany }) => runOneOfMany(id, () => [{ type: 'ClearRecipe' }]) },
    batchDelete: {
      prepare: ({ ids }, { actor, use }) =>
        refuseDeletingLinkedRecipes(use(PG_POOL), actor.brand, ids, actor.lang),
      commands: () => [{ type: 'DeleteRecipe', at: new Date().toISOString() }],
    },
    recovery: { commands: () => [{ type: 'RecoverRecipe' }] },
    batchClear: { commands: () => [{ type: 'ClearRecipe' }] },
    batchSubmit: { commands: () => [{ type: 'SubmitRecipe' }] },
    batchRelease: { commands: () => [{ type: 'ReleaseRecipe' }] },
    batchRecallEditing: { commands: () => [{ type: 'RecallRecipeToEditing' }] },
    batchRecallWaitRelease: { commands: () => [{ type: 'RecallRecipeToWaitingRelease' }] },
    batchUpdateOnlineStatus: { commands: ({ online }) => [{ type: 'SetRecipeOnlineStatus', online }] },
    batchUpdateBuyStatus: { commands: ({ paid }) => [{ type: 'SetRecipePaidStatus', paid }] },
    batchUpdateCategory: {
      prepare: ({ categoryId }, { actor, use }) =>
        use(RecipeReferences).checkCategory(actor.brand, categoryId, actor.lang),
      commands: ({ categoryId }) => [{ type: 'ChangeRecipeCategory', categoryId }],
    },
    batchRelModel: {
      prepare: ({ productCodes }, { actor, use }) =>
        use(RecipeReferences).checkModels(actor.brand, productCodes, actor.lang),
      commands: ({ productCodes }) => [{ type: 'LinkRecipeModels', productCodes }],
    },
    batchDeleteModel: { commands: ({ productCodes }) => [{ type: 'UnlinkRecipeModels', productCodes }] },
    export: {
      message: 'recipe_export_started',
      run: ({ ids, filter }, { actor, use }) => use(RecipeJobs).startExport(actor, ids, filter),
    },
    importData: {
      message: 'recipe_import_started',
      run: ({ fileCode, fileName, mapping }, { actor, use }) =>
        use(RecipeJobs).startImport(actor, fileCode, fileName, mapping),
    },
    importCheck: { run: ({ fileCode }, { actor, use }) => use(RecipeJobs).checkImport(actor, fileCode) },
    translate: {
      message: 'recipe_translate_started',
      run: (body, { actor, use }) => use(RecipeJobs).startTranslation(actor, body),
    },
    'translate/confirm': {
      message: 'recipe_translate_confirmed',
      run: (input, ctx) => confirmTranslation(input, ctx),
    },
  },
});
