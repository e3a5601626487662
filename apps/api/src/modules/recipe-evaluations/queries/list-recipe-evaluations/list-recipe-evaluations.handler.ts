import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { REVIEW_SORT_FIELDS } from '@kb/contracts';
import { likeContains, SqlWhere } from '@kb/platform';
import { listOrder } from '../../../../common/list-sort.js';
import { filteredList, type FilteredList } from '../../../../common/paging.js';
import type { BaseRow } from '../../../../common/reference-entity/definition.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { toEvaluation } from '../../recipe-evaluation.entity.js';
import { ListRecipeEvaluationsQuery, SearchRecipeEvaluationsQuery } from './list-recipe-evaluations.query.js';

/**
 * Reviews joined to their recipe in the recipe read model: a cleared recipe is gone from every screen, and so
 * are its reviews. `t` is the review, `r` the recipe.
 */
const REVIEWS = `recipe_evaluations t
  JOIN recipe_list r ON r.recipe_id = t.recipe_id AND r.brand_owner_code = t.brand_owner_code`;
const SELECT = `SELECT t.*, jsonb_build_object('number', r.number, 'names', r.names, 'mainLang', r.main_lang) AS recipe`;
const recipeMatches = (p: string) =>
  `(r.number ILIKE ${p} OR EXISTS (SELECT 1 FROM jsonb_each_text(r.names) n WHERE n.value ILIKE ${p}))`;
const userMatches = (p: string) => `(t.user_account ILIKE ${p} OR t.user_nickname ILIKE ${p})`;

/**
 * The review list's sortable columns, newest first without a sort. Reviews come from every app user: each column
 * has its index `(brand, column, id DESC)` (the time's is the list's own index read backwards). The recipe number
 * is the joined recipe's: its recipes are walked in the order of the recipe list's number index, each with its
 * reviews from `(brand, recipe_id, …)`.
 */
export const REVIEW_ORDER = listOrder<(typeof REVIEW_SORT_FIELDS)[number]>({
  keys: {
    recipeNumber: 'r.number text',
    sn: 't.sn text',
    userAccount: 't.user_account text',
    score: 't.score integer',
    evaluatedAt: 't.evaluated_at timestamptz',
  },
  tieBreak: 't.id text',
  natural: 't.evaluated_at DESC, t.id',
});

const REVIEW_LIST: FilteredList<(typeof REVIEW_SORT_FIELDS)[number]> = {
  select: `${SELECT} FROM ${REVIEWS}`,
  from: REVIEWS,
  order: REVIEW_ORDER,
};

@QueryHandler(ListRecipeEvaluationsQuery)
export class ListRecipeEvaluationsHandler implements IQueryHandler<ListRecipeEvaluationsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ brand, lang, filter: f }: ListRecipeEvaluationsQuery) {
    const w = new SqlWhere('t', brand).equals('score', f.score);
    if (f.recipeId) w.where(`t.recipe_id = ${w.param(f.recipeId)}::uuid`);
    if (f.recipe) w.where(recipeMatches(w.param(likeContains(f.recipe))));
    if (f.sn) w.where(`t.sn ILIKE ${w.param(likeContains(f.sn))}`);
    if (f.user) w.where(userMatches(w.param(likeContains(f.user))));
    if (f.dateFrom) w.where(`t.evaluated_at >= ${w.param(f.dateFrom)}`);
    // A day given as the end of the range includes that whole day.
    if (f.dateTo) w.where(`t.evaluated_at < ${w.param(f.dateTo)}::timestamptz + interval '1 day'`);
    return filteredList(this.pool, REVIEW_LIST, w, f, (rows: BaseRow[]) =>
      rows.map((row) => toEvaluation(row, lang)),
    );
  }
}

@QueryHandler(SearchRecipeEvaluationsQuery)
export class SearchRecipeEvaluationsHandler implements IQueryHandler<SearchRecipeEvaluationsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, keyword }: SearchRecipeEvaluationsQuery) {
    const { rows } = await this.pool.query<BaseRow>(
      `${SELECT} FROM ${REVIEWS} WHERE t.brand_owner_code = $1
          AND (${recipeMatches('$2')} OR t.sn ILIKE $2 OR ${userMatches('$2')})
        ORDER BY t.evaluated_at DESC, t.id LIMIT 50`,
      [brand, likeContains(keyword)],
    );
    return rows.map((row) => toEvaluation(row, lang));
  }
}
