import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { PG_POOL } from '../../../../infra/tokens.js';
import { listConditions } from '../list-recipes/list-recipes.handler.js';
import { LIST_SELECT, likeLiteral, nameContains, toListItem, type RecipeListRow } from '../recipe-rows.js';
import { SearchRecipesQuery } from './search-recipes.query.js';

const LIMIT = 50;

@QueryHandler(SearchRecipesQuery)
export class SearchRecipesHandler implements IQueryHandler<SearchRecipesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, keyword, status }: SearchRecipesQuery) {
    const { where, params, order } = listConditions(brand, { status });
    let match = '';
    if (keyword) {
      const add = (v: unknown) => `$${params.push(v)}`;
      const prefix = add(`${likeLiteral(keyword.toLowerCase())}%`);
      match = ` AND (lower(r.number) LIKE ${prefix} OR ${nameContains(keyword, add)})`;
    }
    const { rows } = await this.pool.query<RecipeListRow>(
      `${LIST_SELECT} WHERE ${where}${match} ORDER BY ${order} LIMIT ${LIMIT}`,
      params,
    );
    return rows.map((r) => toListItem(r, lang));
  }
}
