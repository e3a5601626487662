import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { RecipeStatistics } from '@kb/contracts';
import { notFound } from '../../../../common/app-error.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { RecipeStatisticsQuery } from './recipe-statistics.query.js';

@QueryHandler(RecipeStatisticsQuery)
export class RecipeStatisticsHandler implements IQueryHandler<RecipeStatisticsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, recipeId }: RecipeStatisticsQuery): Promise<RecipeStatistics> {
    const { rows } = await this.pool.query<{
      raters: string;
      reviews: string;
      score: string | null;
      favourites: number | null;
      cooks: number | null;
    }>(
      `SELECT count(DISTINCT e.user_account) AS raters, count(e.id) AS reviews,
              round(avg(e.score)::numeric, 1)::text AS score, min(s.favourites) AS favourites, min(s.cooks) AS cooks
         FROM recipe_list r
         LEFT JOIN recipe_evaluations e ON e.recipe_id = r.recipe_id AND e.brand_owner_code = r.brand_owner_code
         LEFT JOIN recipe_app_stats s ON s.recipe_id = r.recipe_id AND s.brand_owner_code = r.brand_owner_code
        WHERE r.brand_owner_code = $1 AND r.recipe_id = $2::uuid
        GROUP BY r.recipe_id`,
      [brand, recipeId],
    );
    const row = rows[0];
    if (!row) throw notFound('evaluation_recipe_missing');
    return {
      // Favourites and cooks as the companion app and the devices reported them (recipe_app_stats).
      collectionCount: Number(row.favourites ?? 0),
      cookCount: Number(row.cooks ?? 0),
      raterCount: Number(row.raters),
      overallScore: row.score === null ? null : Number(row.score),
      reviewCount: Number(row.reviews),
    };
  }
}
