import { z } from 'zod';
import { text } from './text.js';
import { timeInput } from './dates.js';
import { pageQuerySchema } from './paging.js';
import { REVIEW_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';

/**
 * App users' reviews of recipes (§7 `recipeUserEvaluation`, §3 recipe comments): a state-stored table of the
 * brand. §5: SN number, user and score are required; the content is optional (a score alone is a review).
 */

export const EVALUATION_SCORES = [1, 2, 3, 4, 5] as const;

const requiredText = (max: number, required: string, tooLong: string) =>
  text({ message: required }).min(1, { message: required }).max(max, { message: tooLong });

export const recipeEvaluationInputSchema = z
  .object({
    /** The reviewed recipe, by id … */
    recipeId: z.string().uuid({ message: 'evaluation_recipe_missing' }).optional(),
    /** … or by its number (the add screen's picker sends the id; imports may only know the number). */
    recipeNumber: text().max(32).optional(),
    sn: requiredText(64, 'evaluation_sn_required', 'evaluation_sn_too_long'),
    /** The app user's account (or nickname when the account is unknown). */
    userAccount: requiredText(64, 'evaluation_user_required', 'evaluation_user_too_long'),
    userNickname: text().max(64, { message: 'evaluation_user_too_long' }).default(''),
    score: z.coerce
      .number({ message: 'evaluation_score_required' })
      .int({ message: 'evaluation_score_range' })
      .min(1, { message: 'evaluation_score_range' })
      .max(5, { message: 'evaluation_score_range' }),
    content: text({ multiline: true }).max(500, { message: 'evaluation_content_too_long' }).default(''),
    /** When the user wrote it; now when not given. */
    evaluatedAt: timeInput('evaluation_time_invalid').optional(),
  })
  .refine((v) => !!v.recipeId || !!v.recipeNumber, {
    message: 'evaluation_recipe_required',
    path: ['recipeId'],
  });
export type RecipeEvaluationInput = z.input<typeof recipeEvaluationInputSchema>;

export const recipeEvaluationListQuerySchema = pageQuerySchema.extend({
  /** One recipe (the detail's comments). */
  recipeId: z.string().uuid({ message: 'evaluation_recipe_missing' }).optional(),
  /** Recipe number or name (any language) containing this text. */
  recipe: text().optional(),
  sn: text().optional(),
  /** Account or nickname containing this text. */
  user: text().optional(),
  score: z.coerce
    .number()
    .int({ message: 'evaluation_score_range' })
    .min(1, { message: 'evaluation_score_range' })
    .max(5, { message: 'evaluation_score_range' })
    .optional(),
  /** Written on or after this day / on or before this day (YYYY-MM-DD or ISO time). */
  dateFrom: timeInput('evaluation_time_invalid').optional(),
  dateTo: timeInput('evaluation_time_invalid').optional(),
  ...sortQueryShape(REVIEW_SORT_FIELDS),
});
export type RecipeEvaluationListQuery = z.input<typeof recipeEvaluationListQuerySchema>;

export const recipeStatisticsQuerySchema = z.object({
  recipeId: z.string().uuid({ message: 'evaluation_recipe_missing' }),
});

export interface RecipeEvaluation {
  id: string;
  recipeId: string;
  recipeNumber: string;
  recipeName: string;
  sn: string;
  userAccount: string;
  userNickname: string;
  score: number;
  content: string;
  evaluatedAt: string;
  version: number;
  updatedAt: string;
}

/** §3 recipe statistics, shown on /recipe-detail. */
export interface RecipeStatistics {
  /** App users who collected (favourited) the recipe. */
  collectionCount: number;
  /** Distinct app users who rated it. */
  raterCount: number;
  /** Mean score over its reviews, one decimal; null without reviews. */
  overallScore: number | null;
  reviewCount: number;
  /** Completed cooking sessions of the recipe that devices reported. */
  cookCount: number;
}
