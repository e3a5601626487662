import type pg from 'pg';
import type { RecipeContent } from '@kb/contracts';
import { RecipeNumbers, RecipeReferences, type Actor, type RecipePorts } from '@kb/aggregates';
import type { DomainError, RecipeCommand } from '@kb/domain';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import { refuseDeletingLinkedRecipes } from '../content/recipe-delete-guard.js';
import { PG_POOL } from '../../infra/tokens.js';
import { copyName } from './recipe-copy-name.js';
import { RecipeJobs } from './recipe-jobs.js';
import { confirmTranslation } from './recipe-translation-confirm.js';

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

/** The recipe commands' ports in the API: the module's services, and its queries of the read models. */
export const recipePorts = {
  inject: [RecipeReferences, RecipeNumbers, RecipeJobs, PG_POOL],
  build: (
    references: RecipeReferences,
    numbers: RecipeNumbers,
    jobs: RecipeJobs,
    pool: pg.Pool,
  ): RecipePorts => ({
    references,
    numbers,
    jobs,
    copyNames: (brand, texts) => copyNames(pool, brand, texts),
    refuseDeletingLinked: (brand, ids, lang) => refuseDeletingLinkedRecipes(pool, brand, ids, lang),
    confirmTranslation: (input, ctx) => confirmTranslation(pool, input, ctx),
  }),
};
