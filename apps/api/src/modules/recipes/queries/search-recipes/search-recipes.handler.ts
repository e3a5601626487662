import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../../../../infra/tokens.js';
import { listConditions } from '../list-recipes/list-recipes.handler.js';
import { LIST_SELECT, likeLiteral, toListItem, type RecipeListRow } from '../recipe-rows.js';
import { SearchRecipesQuery } from './search-recipes.query.js';

const LIMIT = 50;

@QueryHandler(SearchRecipesQuery)
export class SearchRecipesHandler implements IQueryHandler<SearchRecipesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, keyword, status }: SearchRecipesQuery) {
    const { where, params, order } = listConditions(brand, { status });
    let match = '';
    if (keyword) {
      const prefix = `$${params.push(`${likeLiteral(keyword.toLowerCase())}%`)}`;
      const part = `$${params.push(`%${likeLiteral(keyword)}%`)}`;
      match = ` AND (lower(r.number) LIKE ${prefix} OR r.names_text ILIKE ${part})`;
    }
    const { rows } = await this.pool.query<RecipeListRow>(
      `${LIST_SELECT} WHERE ${where}${match} ORDER BY ${order} LIMIT ${LIMIT}`,
      params,
    );
    return rows.map((r) => toListItem(r, lang));
  }
}
