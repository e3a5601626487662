import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ExistingRecipe } from '@kb/domain';
import { aggregateDetail, type AggregateDetail } from '../../../../common/aggregate-kit/aggregate-detail.js';
import { displayName } from '../../../../common/reference-entity/definition.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import type { RecipeDetail } from '@kb/contracts';
import { LIST_SELECT, toListItem, type RecipeListRow } from '../recipe-rows.js';
import { RecipeDetailQuery } from './recipe-detail.query.js';

const RECIPE_DETAIL: AggregateDetail = {
  listSelect: LIST_SELECT,
  alias: 'r',
  idColumn: 'recipe_id',
  detailTable: 'recipe_detail',
  notFound: 'recipe_not_found',
};

@QueryHandler(RecipeDetailQuery)
export class RecipeDetailHandler implements IQueryHandler<RecipeDetailQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, id }: RecipeDetailQuery): Promise<RecipeDetail> {
    const row = await aggregateDetail<RecipeListRow, ExistingRecipe>(this.pool, RECIPE_DETAIL, brand, id);
    const content = row.state.content;
    return {
      ...toListItem(row, lang),
      content,
      copiedFromRecipe: row.state.copiedFrom,
      labels: await this.labels(brand, lang, content),
    };
  }

  /** The names, in the reader's language, of what the content names by id or code (a screen shows no ids). */
  private async labels(
    brand: string,
    lang: string,
    content: ExistingRecipe['content'],
  ): Promise<RecipeDetail['labels']> {
    const unitIds = [
      ...new Set(
        content.servingVersions.flatMap((v) => v.ingredients.map((i) => i.unitId)).filter((u) => u !== null),
      ),
    ];
    const named = (table: string, ids: string[]) =>
      this.pool.query<{ id: string; names: Record<string, string> }>(
        `SELECT id::text AS id, names FROM ${table} WHERE brand_owner_code = $1 AND id::text = ANY($2::text[])`,
        [brand, ids],
      );
    const [units, tags, accessories, models] = await Promise.all([
      named('ingredient_units', unitIds),
      named('recipe_tags', content.tagIds),
      named('accessories', content.accessoryIds),
      this.pool.query<{ id: string; name_zh: string; name_en: string }>(
        'SELECT product_code AS id, name_zh, name_en FROM products WHERE product_code = ANY($1::text[])',
        [content.productCodes],
      ),
    ]);
    const byId = (result: pg.QueryResult<{ id: string; names: Record<string, string> }>) =>
      Object.fromEntries(result.rows.map((r) => [r.id, displayName(r.names, lang, content.mainLang)]));
    return {
      units: byId(units),
      tags: byId(tags),
      accessories: byId(accessories),
      models: Object.fromEntries(models.rows.map((m) => [m.id, lang === 'zh' ? m.name_zh : m.name_en])),
    };
  }
}
