import { z } from 'zod';
import type { Permission } from './permissions.js';
import {
  apkCommandAnswerSchema,
  batchAnswerSchema,
  offlinePackCommandAnswerSchema,
  recipeCommandAnswerSchema,
} from './command-answers.js';
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
} from './recipe-commands.js';
import { recipeContentSchema } from './recipe.js';
import { recipeExportBodySchema } from './recipe-queries.js';
import { recipeImportCheckSchema, recipeImportRequestSchema } from './recipe-archive.js';
import { recipeTranslateBodySchema, recipeTranslateConfirmSchema } from './recipe-translation.js';
import { jobRunSchema, offlinePackBuildSchema, recipeImportCheckAnswerSchema } from './answer-schemas.js';
import {
  apkAuditReturnSchema,
  apkBatchAuditSchema,
  apkCommitSchema,
  apkContentSchema,
  apkIdBodySchema,
  apkIdsSchema,
  apkReleaseStatusSchema,
  apkTestStatusSchema,
  apkUpdateRefSchema,
} from './apk.js';
import { apkRolloutPauseSchema, apkRolloutRollbackSchema, apkRolloutStartSchema } from './apk-rollout.js';
import {
  offlinePackContentSchema,
  offlinePackIdBodySchema,
  offlinePackIdsSchema,
  offlinePackReleaseStatusSchema,
  offlinePackTestStatusSchema,
  offlinePackUpdateRefSchema,
} from './offline-pack.js';

/**
 * The commands of the event-sourced aggregates (recipes, APK packages, offline packs) as the wire sees them, each
 * declared once: its route, permission, input, what it answers and its line in the API document. The API runs each
 * through its aggregate kit (what decider commands a route runs is its part); the web's typed client reads the same
 * table's types (`staffPostRoutes`).
 */

/** A body read as one schema, or as two whose fields stand side by side in it (a ref and the content). */
export type BodySchema = z.ZodType | readonly [z.ZodType, z.ZodType];
/** What the API reads from such a body. */
export type BodyOf<T extends BodySchema> = T extends readonly [
  infer L extends z.ZodType,
  infer R extends z.ZodType,
]
  ? [z.output<L>, z.output<R>]
  : T extends z.ZodType
    ? z.output<T>
    : never;
/** A body's schema as one: the pair's fields side by side. */
export type OneBodySchema<T extends BodySchema> = T extends readonly [
  infer L extends z.ZodType,
  infer R extends z.ZodType,
]
  ? z.ZodIntersection<L, R>
  : T extends z.ZodType
    ? T
    : never;

/** A body's schema as one (the pair's fields side by side), for the API document and the client's types. */
export function bodySchemaOf<T extends BodySchema>(schema: T): OneBodySchema<T> {
  const pair = schema as readonly [z.ZodType, z.ZodType];
  return (Array.isArray(schema) ? z.intersection(pair[0], pair[1]) : schema) as OneBodySchema<T>;
}

/**
 * How a command answers: `one` the record's change, `batch` the per-record report, both with the read position in
 * a header; `data` what its `output` says (a job started), without one.
 */
export type AnswerKind = 'one' | 'batch' | 'data';

/** One command of an aggregate on the wire. */
export interface CommandRoute<
  T extends BodySchema = BodySchema,
  K extends AnswerKind = AnswerKind,
  P extends Permission = Permission,
> {
  /** Its permission of the one matrix (permissions.ts). */
  permission: P;
  /** Its line in the API document. */
  summary: string;
  input: T;
  answer: K;
  /** What a `data` command answers. */
  output?: z.ZodType;
  /** Refusals beyond those its shape says (API document): e.g. 503 when the job queue it starts on is down. */
  refusals?: readonly number[];
}

type Declared<T extends BodySchema, P extends Permission> = Omit<
  CommandRoute<T, AnswerKind, P>,
  'answer' | 'output'
>;
/** A command on one record: answers its change. */
const one = <T extends BodySchema, P extends Permission>(c: Declared<T, P>): CommandRoute<T, 'one', P> => ({
  ...c,
  answer: 'one',
});
/** A command on each of several records: answers the per-record report. */
const batch = <T extends BodySchema, P extends Permission>(
  c: Declared<T, P>,
): CommandRoute<T, 'batch', P> => ({
  ...c,
  answer: 'batch',
});
/** A command that answers what `output` says. */
const data = <T extends BodySchema, P extends Permission, O extends z.ZodType>(
  c: Declared<T, P> & { output: O },
) => ({ ...c, answer: 'data' }) as CommandRoute<T, 'data', P> & { output: O };

/** An aggregate's commands under `/api/<route>/`, with the schema of a record's change and the report's label. */
export interface AggregateRoutes<
  R extends string = string,
  L extends string = string,
  C extends Record<string, CommandRoute> = Record<string, CommandRoute>,
  O extends z.ZodType = z.ZodType,
> {
  route: R;
  /** The API document's tag. */
  tag: string;
  /** What a `one` command answers. */
  change: O;
  /** The field of the batch report that names a record. */
  labelKey: L;
  commands: C;
}

const aggregateRoutes = <
  R extends string,
  L extends string,
  C extends Record<string, CommandRoute>,
  O extends z.ZodType,
>(
  routes: AggregateRoutes<R, L, C, O>,
) => routes;

/** The recipe commands of §7 (`/api/recipe/*`). */
export const recipeCommandRoutes = aggregateRoutes({
  route: 'recipe',
  tag: 'recipes',
  change: recipeCommandAnswerSchema,
  labelKey: 'number',
  commands: {
    add: one({
      permission: 'recipe.edit',
      summary: 'Create a recipe (in editing) from the editor’s content',
      input: recipeContentSchema,
    }),
    update: one({
      permission: 'recipe.edit',
      summary:
        'Save the content of a recipe in editing over the revision the editor loaded (409 if it changed)',
      input: [recipeUpdateRefSchema, recipeContentSchema],
    }),
    save: one({
      permission: 'recipe.edit',
      summary: 'The editor’s save: create the recipe (no id) or save its content over the loaded revision',
      input: [recipeSaveRefSchema, recipeContentSchema],
    }),
    submit: one({
      permission: 'recipe.submit',
      summary: 'Submit a recipe for release; with `content` (and `revision`) save and submit in one step',
      input: recipeSubmitSchema,
    }),
    copy: one({
      permission: 'recipe.copy',
      summary: 'Copy a live recipe into a new draft (number: given, or the next free "-copy")',
      input: recipeCopySchema,
    }),
    delete: one({
      permission: 'recipe.delete',
      summary: 'Move a recipe to the recycle bin (not while released: recall it first)',
      input: recipeIdBodySchema,
    }),
    clear: one({
      permission: 'recipe.clear',
      summary: 'Clear a recipe from the recycle bin (its history stays readable)',
      input: recipeIdBodySchema,
    }),
    batchDelete: batch({
      permission: 'recipe.delete',
      summary: 'Move recipes to the recycle bin; per-recipe outcome',
      input: recipeIdsSchema,
    }),
    recovery: batch({
      permission: 'recipe.recycle',
      summary: 'Recover recipes from the recycle bin to the state each left; per-recipe outcome',
      input: recipeIdsSchema,
    }),
    batchClear: batch({
      permission: 'recipe.clear',
      summary: 'Clear recipes from the recycle bin; per-recipe outcome',
      input: recipeIdsSchema,
    }),
    batchSubmit: batch({
      permission: 'recipe.submit',
      summary: 'Submit recipes for release; per-recipe outcome (incomplete ones say what is missing)',
      input: recipeIdsSchema,
    }),
    batchRelease: batch({
      permission: 'recipe.release',
      summary: 'Release recipes waiting for release (version + 1); per-recipe outcome',
      input: recipeIdsSchema,
    }),
    batchRecallEditing: batch({
      permission: 'recipe.release',
      summary: 'Recall recipes to editing; per-recipe outcome',
      input: recipeIdsSchema,
    }),
    batchRecallWaitRelease: batch({
      permission: 'recipe.release',
      summary: 'Recall released recipes to waiting release; per-recipe outcome',
      input: recipeIdsSchema,
    }),
    batchUpdateOnlineStatus: batch({
      permission: 'recipe.release',
      summary: 'Set recipes online or offline; per-recipe outcome',
      input: recipeOnlineStatusSchema,
    }),
    batchUpdateBuyStatus: batch({
      permission: 'recipe.release',
      summary: 'Set recipes paid or free; per-recipe outcome',
      input: recipePaidStatusSchema,
    }),
    batchUpdateCategory: batch({
      permission: 'recipe.edit',
      summary: 'Move recipes to a category of the brand (null: none); per-recipe outcome',
      input: recipeCategoryChangeSchema,
    }),
    batchRelModel: batch({
      permission: 'recipe.edit',
      summary: 'Link compatible models (the brand’s product codes) to recipes; per-recipe outcome',
      input: recipeModelsSchema,
    }),
    batchDeleteModel: batch({
      permission: 'recipe.edit',
      summary: 'Unlink compatible models from recipes; per-recipe outcome',
      input: recipeModelsSchema,
    }),
    export: data({
      permission: 'read',
      summary:
        'Start an export of the selected recipes (ids) or of the list’s filter into one zip; follow it at asyncTask/detail',
      input: recipeExportBodySchema,
      output: jobRunSchema,
      refusals: [503],
    }),
    importData: data({
      permission: 'recipe.edit',
      summary:
        'Start an import of an uploaded recipe zip (purpose zip): checked whole, each recipe created or reported; follow it at asyncTask/detail',
      input: recipeImportRequestSchema,
      output: jobRunSchema,
      refusals: [415, 503],
    }),
    importCheck: data({
      permission: 'recipe.edit',
      summary:
        'The references (categories, tags, accessories, units, models, languages) an uploaded recipe zip names that the brand lacks: what importData’s mapping maps',
      input: recipeImportCheckSchema,
      output: recipeImportCheckAnswerSchema,
    }),
    translate: data({
      permission: 'recipe.edit',
      summary:
        'Start a translation of the selected multi-language recipes from a source into target languages; the proposal is read at asyncTask/detail and saved only by translate/confirm',
      input: recipeTranslateBodySchema,
      output: jobRunSchema,
      refusals: [503],
    }),
    'translate/confirm': batch({
      permission: 'recipe.edit',
      summary:
        'Save a translation job’s proposal as proposed (all its recipes or recipeIds) as RecipeTranslated; no texts are accepted',
      input: recipeTranslateConfirmSchema,
    }),
  },
});

/** The APK package commands of §7 (`/api/subApk/*`), the audit actions and the staged rollout. */
export const apkCommandRoutes = aggregateRoutes({
  route: 'subApk',
  tag: 'apk-packages',
  change: apkCommandAnswerSchema,
  labelKey: 'versionNumber',
  commands: {
    add: one({
      permission: 'apk.edit',
      summary: 'Create an APK package (not submitted) from the form’s content',
      input: apkContentSchema,
    }),
    addAndApproval: one({
      permission: 'apk.submit',
      summary: 'Create an APK package and submit it for review at once (complete per §5 only)',
      input: apkContentSchema,
    }),
    update: one({
      permission: 'apk.edit',
      summary:
        'Save a not-submitted or returned package over the revision the form loaded (409 if it changed)',
      input: [apkUpdateRefSchema, apkContentSchema],
    }),
    commitApproval: one({
      permission: 'apk.submit',
      summary: 'Submit a not-submitted or returned package for review (all §5 fields required)',
      input: apkCommitSchema,
    }),
    recall: one({
      permission: 'apk.submit',
      summary: 'Take a pending submission back (pending review → not submitted)',
      input: apkIdBodySchema,
    }),
    auditPass: one({
      permission: 'apk.audit',
      summary: 'Pass a pending package (auditor or admin; not one’s own submission)',
      input: apkIdBodySchema,
    }),
    auditReturn: one({
      permission: 'apk.audit',
      summary: 'Return a pending package with a reason (auditor or admin; not one’s own submission)',
      input: apkAuditReturnSchema,
    }),
    batchAudit: batch({
      permission: 'apk.audit',
      summary: 'Pass (pass=true) or return with one reason several packages; per-package outcome',
      input: apkBatchAuditSchema,
    }),
    updateTestStatus: one({
      permission: 'apk.test',
      summary: 'Publish a created package to the brand’s test devices (testing=true) or cancel the test',
      input: apkTestStatusSchema,
    }),
    updateReleaseStatus: one({
      permission: 'apk.online',
      summary:
        'Publish a created package online to all devices of the brand (online=true; never tested: with overrideReason) or cancel online',
      input: apkReleaseStatusSchema,
    }),
    'rollout/start': one({
      permission: 'apk.rollout',
      summary:
        'Start a staged release: stages of rising percent (the first at once, the others by hand or at their startAt), the fault watch’s threshold, minimum firmware and languages (never tested: with overrideReason)',
      input: apkRolloutStartSchema,
    }),
    'rollout/advance': one({
      permission: 'apk.rollout',
      summary: 'Start the rollout’s next stage now (by hand)',
      input: apkIdBodySchema,
    }),
    'rollout/pause': one({
      permission: 'apk.rollout',
      summary: 'Pause a running rollout (no device newly gets the package), with an optional note',
      input: apkRolloutPauseSchema,
    }),
    'rollout/resume': one({
      permission: 'apk.rollout',
      summary: 'Resume a paused rollout; the fault watch counts faults from now',
      input: apkIdBodySchema,
    }),
    'rollout/rollback': one({
      permission: 'apk.rollout',
      summary: 'Roll a running or paused rollout back: devices on the package return to the version they ran',
      input: apkRolloutRollbackSchema,
    }),
    'rollout/complete': one({
      permission: 'apk.rollout',
      summary: 'Complete a rollout: every fitting device gets the package, which is online',
      input: apkIdBodySchema,
    }),
    delete: one({
      permission: 'apk.edit',
      summary: 'Delete a package (not while pending review, in test or online); history stays',
      input: apkIdBodySchema,
    }),
    batchDelete: batch({
      permission: 'apk.edit',
      summary: 'Delete packages; per-package outcome',
      input: apkIdsSchema,
    }),
  },
});

/** The offline recipe pack commands of §7 (`/api/offlineRecipes/*`). */
export const offlinePackCommandRoutes = aggregateRoutes({
  route: 'offlineRecipes',
  tag: 'offline-packs',
  change: offlinePackCommandAnswerSchema,
  labelKey: 'number',
  commands: {
    add: one({
      permission: 'offlinePack.edit',
      summary:
        'Create a pack: number, type, factory model, customer model (sub-brand) and released recipes compatible with the model',
      input: offlinePackContentSchema,
    }),
    update: one({
      permission: 'offlinePack.edit',
      summary: 'Save a pack that is not online over the revision the form loaded (409 if it changed)',
      input: [offlinePackUpdateRefSchema, offlinePackContentSchema],
    }),
    updateTestStatus: one({
      permission: 'offlinePack.test',
      summary: 'Publish a pack to the brand’s test devices (testing=true) or cancel the test',
      input: offlinePackTestStatusSchema,
    }),
    updateReleaseStatus: one({
      permission: 'offlinePack.online',
      summary:
        'Publish a pack online to every device of its model (online=true; never tested: with overrideReason) or cancel online',
      input: offlinePackReleaseStatusSchema,
    }),
    build: data({
      permission: 'offlinePack.build',
      summary:
        'Build the pack file (zip: manifest, each recipe in every language, media, SHA-256) as a device-ingest job; poll buildStatus for progress',
      input: offlinePackIdBodySchema,
      output: offlinePackBuildSchema,
      refusals: [503],
    }),
    delete: one({
      permission: 'offlinePack.edit',
      summary: 'Delete a pack on no device (not in test, not online); history stays',
      input: offlinePackIdBodySchema,
    }),
    batchDelete: batch({
      permission: 'offlinePack.edit',
      summary: 'Delete packs; per-pack outcome',
      input: offlinePackIdsSchema,
    }),
  },
});

/** What a command of `routes` answers, as a schema. */
type AnswerSchemaOf<T extends AggregateRoutes, K extends keyof T['commands']> = T['commands'][K] extends {
  answer: 'data';
  output: infer O extends z.ZodType;
}
  ? O
  : T['commands'][K] extends { answer: 'batch' }
    ? ReturnType<typeof batchAnswerSchema<T['labelKey']>>
    : T['change'];

/** An aggregate's commands as routes of the typed client: `/<route>/<command>` → what it takes and answers. */
export type CommandPostRoutes<T extends AggregateRoutes> = {
  [K in keyof T['commands'] & string as `/${T['route']}/${K}`]: {
    input: OneBodySchema<T['commands'][K]['input']>;
    answer: AnswerSchemaOf<T, K>;
  };
};

/** The routes of an aggregate's commands, as `staffPostRoutes` lists them. */
export function commandPostRoutes<T extends AggregateRoutes>(routes: T): CommandPostRoutes<T> {
  const batchAnswer = batchAnswerSchema(routes.labelKey);
  return Object.fromEntries(
    Object.entries(routes.commands).map(([name, command]) => [
      `/${routes.route}/${name}`,
      {
        input: bodySchemaOf(command.input),
        answer:
          command.answer === 'data'
            ? command.output
            : command.answer === 'batch'
              ? batchAnswer
              : routes.change,
      },
    ]),
  ) as CommandPostRoutes<T>;
}
