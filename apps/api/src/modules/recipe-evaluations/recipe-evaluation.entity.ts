import {
  recipeEvaluationInputSchema,
  type Names,
  type RecipeEvaluation,
  recipeEvaluationSchema,
} from '@kb/contracts';
import type { z } from 'zod';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';
import {
  displayName,
  type BaseRow,
  type EntityContext,
  type ReferenceEntity,
} from '../../common/reference-entity/definition.js';

type EvaluationInput = z.output<typeof recipeEvaluationInputSchema>;

/**
 * The reviewed recipe's number and names, from the recipe read model (cleared recipes are gone from it), as one
 * jsonb column `recipe` of every review row.
 */
export const RECIPE_OF_EVALUATION = `(SELECT jsonb_build_object('number', r.number, 'names', r.names, 'mainLang', r.main_lang)
     FROM recipe_list r WHERE r.recipe_id = t.recipe_id AND r.brand_owner_code = t.brand_owner_code) AS recipe`;

/**
 * The review must name a recipe of the caller's brand that is not cleared (by id, or by number). The number is
 * resolved here, so `columns` always writes the recipe's id.
 */
async function resolveRecipe(input: EvaluationInput, ctx: EntityContext): Promise<void> {
  const { rows } = await ctx.client.query<{ id: string }>(
    `SELECT recipe_id::text AS id FROM recipe_list
      WHERE brand_owner_code = $1 AND ${input.recipeId ? 'recipe_id = $2::uuid' : 'number = $2'}`,
    [ctx.brand, input.recipeId ?? input.recipeNumber],
  );
  const found = rows[0];
  if (!found) {
    const field = input.recipeId ? 'recipeId' : 'recipeNumber';
    throw new AppError(
      400,
      'evaluation_recipe_missing',
      {},
      {
        fieldErrors: {
          [field]: translate('evaluation_recipe_missing', ctx.lang) ?? 'evaluation_recipe_missing',
        },
      },
    );
  }
  input.recipeId = found.id;
}

const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : String(d));

export function toEvaluation(row: BaseRow, lang: string): RecipeEvaluation {
  const recipe = row.recipe as { number: string; names: Names; mainLang: string } | null;
  return {
    id: row.id,
    recipeId: String(row.recipe_id),
    recipeNumber: recipe?.number ?? '',
    recipeName: recipe ? displayName(recipe.names, lang, recipe.mainLang) : '',
    sn: String(row.sn),
    userAccount: String(row.user_account),
    userNickname: String(row.user_nickname),
    score: Number(row.score),
    content: String(row.content),
    evaluatedAt: iso(row.evaluated_at),
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

/**
 * §7 `recipeUserEvaluation`: add, update, detail, delete and batchDelete come from the reference-entity factory;
 * the list and search (filters by recipe, SN, user, score and date) are this module's own queries.
 */
export const recipeEvaluationEntity: ReferenceEntity<EvaluationInput, RecipeEvaluation> = {
  dtoSchema: recipeEvaluationSchema,
  route: 'recipeUserEvaluation',
  editPermission: 'review.edit',
  addPermission: 'review.add',
  label: 'recipe reviews',
  table: 'recipe_evaluations',
  addSchema: recipeEvaluationInputSchema,
  orderBy: 't.evaluated_at DESC, t.id',
  endpoints: ['add', 'update', 'detail', 'delete', 'batchDelete'],
  extraSelect: RECIPE_OF_EVALUATION,
  validate: resolveRecipe,
  columns: (i) => ({
    recipe_id: i.recipeId,
    sn: i.sn,
    user_account: i.userAccount,
    user_nickname: i.userNickname,
    score: i.score,
    content: i.content,
    // Without a time, a new review is written now and an edited one keeps its time.
    ...(i.evaluatedAt ? { evaluated_at: i.evaluatedAt } : {}),
  }),
  toDto: (row, { lang }) => toEvaluation(row, lang),
};
