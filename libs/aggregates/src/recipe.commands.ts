import { randomUUID } from 'node:crypto';
import {
  recipeCommandRoutes,
  recipeContentSchema,
  type RecipeContent,
  type RecipeContentDraft,
  type RecipeImportMapping,
  type RecipeListQuery,
  type RecipeTranslateBody,
  type RecipeTranslateConfirm,
  type UiLang,
} from '@kb/contracts';
import type { RecipeCommand, RecipeEvent, RecipeState } from '@kb/domain';
import { AppError } from '@kb/platform';
import type { AggregatePath } from './aggregate.js';
import { aggregateCommands, type CommandContext } from './command-kit.js';
import type { BatchOutcome } from './command-path.js';
import { recipeAggregate, type RecipeAnswer } from './recipe.js';
import type { Actor } from './streams.js';

export type RecipePath = AggregatePath<RecipeCommand, RecipeEvent, RecipeState, RecipeAnswer>;

/** The checks of what a recipe names against the brand's data (category, tags, units, models, files). */
export interface RecipeReferenceChecks {
  checkContent(brand: string, content: RecipeContentDraft, lang: UiLang): Promise<void>;
  checkCategory(brand: string, categoryId: string | null, lang: UiLang): Promise<void>;
  checkModels(brand: string, productCodes: string[], lang: UiLang): Promise<void>;
}

/** What the recipe commands need of the process that runs them, beyond the recipe streams. */
export interface RecipePorts {
  references: RecipeReferenceChecks;
  numbers: { isTaken(brand: string, number: string): Promise<boolean> };
  /** The copy's name in each language of the source, one no recipe of the brand has. */
  copyNames(brand: string, texts: RecipeContent['texts']): Promise<Record<string, string>>;
  /** Refuses (409) deleting a recipe a banner or a themed group links to. */
  refuseDeletingLinked(brand: string, ids: readonly string[], lang: UiLang): Promise<void>;
  /** The long jobs started from the recipe screens. */
  jobs: {
    startExport(actor: Actor, ids: string[] | undefined, filter: Partial<RecipeListQuery>): Promise<unknown>;
    checkImport(actor: Actor, fileCode: string): Promise<unknown>;
    startImport(
      actor: Actor,
      fileCode: string,
      fileName: string,
      mapping?: RecipeImportMapping,
    ): Promise<unknown>;
    startTranslation(actor: Actor, body: RecipeTranslateBody): Promise<unknown>;
  };
  /** Saves a translation job's proposal for its recipes (or the given ones), each on its own. */
  confirmTranslation(
    input: RecipeTranslateConfirm,
    ctx: RecipeCommandContext,
  ): Promise<BatchOutcome<RecipeAnswer>>;
}

export type RecipeCommandContext = CommandContext<
  RecipeCommand,
  RecipeEvent,
  RecipeState,
  RecipeAnswer,
  RecipePorts
>;

/** Creates a recipe in editing (the editor's add, an import): its references checked once the decider accepted. */
export function createRecipe(
  path: RecipePath,
  references: Pick<RecipeReferenceChecks, 'checkContent'>,
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

const revise = (content: RecipeContentDraft): RecipeCommand[] => [{ type: 'ReviseRecipeContent', content }];

/** The recipe commands of §7 (`/api/recipe/*`). Single-recipe refusals are 4xx; batches answer each recipe's outcome. */
export const recipeCommands = aggregateCommands<RecipePorts>()(recipeAggregate, recipeCommandRoutes, {
  batchMessages: { done: 'recipe_batch_done', partial: 'recipe_batch_partial' },
  commands: {
    add: {
      message: 'saved',
      run: (content, { actor, path, ports }) => createRecipe(path, ports.references, actor, content),
    },
    update: {
      message: 'saved',
      run: ([{ id, revision }, content], { actor, run, ports }) =>
        run(id, () => revise(content), {
          expectedRevision: revision,
          validate: () => ports.references.checkContent(actor.brand, content, actor.lang),
        }),
    },
    save: {
      message: 'saved',
      run: ([{ id, revision }, content], { actor, path, run, ports }) =>
        id === undefined
          ? createRecipe(path, ports.references, actor, content)
          : run(id, () => revise(content), {
              expectedRevision: revision,
              validate: () => ports.references.checkContent(actor.brand, content, actor.lang),
            }),
    },
    submit: {
      message: 'recipe_submitted',
      run: ({ id, revision, content: body }, { actor, run, ports, parse }) => {
        // The editor's "save and submit": the revision and the submission recorded in one append.
        const content = body === undefined ? undefined : parse(recipeContentSchema, body);
        const commands: RecipeCommand[] = content
          ? [...revise(content), { type: 'SubmitRecipe' }]
          : [{ type: 'SubmitRecipe' }];
        return run(id, () => commands, {
          expectedRevision: revision,
          validate: content && (() => ports.references.checkContent(actor.brand, content, actor.lang)),
        });
      },
    },
    copy: {
      message: 'recipe_copied',
      run: async ({ id: sourceId, number }, { actor, path, run, seen, ports }) => {
        const recipeId = randomUUID();
        const source = await path.load(actor.brand, sourceId);
        await seen();
        const names =
          source.state.status === 'absent'
            ? {}
            : await ports.copyNames(actor.brand, source.state.content.texts);
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
          if (await ports.numbers.isTaken(actor.brand, candidate)) continue;
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
      run: async ({ id }, { actor, runOneOfMany, ports }) => {
        await ports.refuseDeletingLinked(actor.brand, [id], actor.lang);
        return runOneOfMany(id, () => [{ type: 'DeleteRecipe', at: new Date().toISOString() }]);
      },
    },
    clear: { run: ({ id }, { runOneOfMany }) => runOneOfMany(id, () => [{ type: 'ClearRecipe' }]) },
    batchDelete: {
      prepare: ({ ids }, { actor, ports }) => ports.refuseDeletingLinked(actor.brand, ids, actor.lang),
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
      prepare: ({ categoryId }, { actor, ports }) =>
        ports.references.checkCategory(actor.brand, categoryId, actor.lang),
      commands: ({ categoryId }) => [{ type: 'ChangeRecipeCategory', categoryId }],
    },
    batchRelModel: {
      prepare: ({ productCodes }, { actor, ports }) =>
        ports.references.checkModels(actor.brand, productCodes, actor.lang),
      commands: ({ productCodes }) => [{ type: 'LinkRecipeModels', productCodes }],
    },
    batchDeleteModel: { commands: ({ productCodes }) => [{ type: 'UnlinkRecipeModels', productCodes }] },
    export: {
      message: 'recipe_export_started',
      run: ({ ids, filter }, { actor, ports }) => ports.jobs.startExport(actor, ids, filter),
    },
    importData: {
      message: 'recipe_import_started',
      run: ({ fileCode, fileName, mapping }, { actor, ports }) =>
        ports.jobs.startImport(actor, fileCode, fileName, mapping),
    },
    importCheck: { run: ({ fileCode }, { actor, ports }) => ports.jobs.checkImport(actor, fileCode) },
    translate: {
      message: 'recipe_translate_started',
      run: (body, { actor, ports }) => ports.jobs.startTranslation(actor, body),
    },
    'translate/confirm': {
      message: 'recipe_translate_confirmed',
      run: (input, ctx) => ctx.ports.confirmTranslation(input, ctx),
    },
  },
});
