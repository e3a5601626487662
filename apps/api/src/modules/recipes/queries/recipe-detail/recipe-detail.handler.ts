import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DomainError, type ExistingRecipe } from '@kb/domain';
import { PG_POOL } from '../../../../infra/tokens.js';
import { LIST_SELECT, toListItem, type RecipeListRow } from '../recipe-rows.js';
import { RecipeDetailQuery } from './recipe-detail.query.js';

@QueryHandler(RecipeDetailQuery)
export class RecipeDetailHandler implements IQueryHandler<RecipeDetailQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, id }: RecipeDetailQuery) {
    const { rows } = await this.pool.query<RecipeListRow & { state: ExistingRecipe }>(
      `SELECT l.*, d.state FROM (${LIST_SELECT} WHERE r.brand_owner_code = $1 AND r.recipe_id = $2) l
         JOIN recipe_detail d ON d.recipe_id = l.id::uuid`,
      [brand, id],
    );
    const row = rows[0];
    if (!row) throw new DomainError(404, 'recipe_not_found');
    return { ...toListItem(row, lang), content: row.state.content, copiedFromRecipe: row.state.copiedFrom };
  }
}
