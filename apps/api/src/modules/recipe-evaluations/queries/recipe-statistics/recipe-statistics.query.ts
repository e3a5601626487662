import { Query } from '@nestjs/cqrs';
import type { RecipeStatistics } from '@kb/contracts';

/** §3 recipe statistics: collection count, rater count, overall score. */
export class RecipeStatisticsQuery extends Query<RecipeStatistics> {
  constructor(
    readonly brand: string,
    readonly recipeId: string,
  ) {
    super();
  }
}
