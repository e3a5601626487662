import { Query } from '@nestjs/cqrs';
import type { Page, RecipeEvaluation, recipeEvaluationListQuerySchema, UiLang } from '@kb/contracts';
import type { z } from 'zod';

export type RecipeEvaluationFilter = z.output<typeof recipeEvaluationListQuerySchema>;

/** The brand's reviews, newest first, filtered by recipe, SN, user, score and date; paged or whole. */
export class ListRecipeEvaluationsQuery extends Query<Page<RecipeEvaluation> | RecipeEvaluation[]> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly filter: RecipeEvaluationFilter,
  ) {
    super();
  }
}

/** Quick lookup: reviews whose recipe (number or name), SN or user contains the keyword, at most 50. */
export class SearchRecipeEvaluationsQuery extends Query<RecipeEvaluation[]> {
  constructor(
    readonly brand: string,
    readonly lang: UiLang,
    readonly keyword: string,
  ) {
    super();
  }
}
