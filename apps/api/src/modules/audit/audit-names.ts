import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { AuditNames, UiLang } from '@kb/contracts';
import { displayName } from '../../common/reference-entity/definition.js';
import { PG_POOL } from '../../infra/tokens.js';
import type { NameRefs } from './audit-subject.js';

const NAMED_TABLES = {
  units: 'ingredient_units',
  tags: 'recipe_tags',
  accessories: 'accessories',
  categories: 'recipe_categories',
} as const;

/**
 * The names of what a stream's states refer to, in the reader's language, from the brand's reference tables.
 * Those tables keep current names only: a record renamed since shows its name of today, one deleted shows its id
 * (the diff falls back to the id).
 */
@Injectable()
export class AuditNamesLoader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async load(brand: string, lang: UiLang, refs: NameRefs[]): Promise<AuditNames> {
    const all = (key: keyof AuditNames) => [...new Set(refs.flatMap((r) => r[key] ?? []))];
    const named = async (key: keyof typeof NAMED_TABLES) => {
      const ids = all(key);
      if (ids.length === 0) return {};
      const { rows } = await this.pool.query<{ id: string; names: Record<string, string> }>(
        `SELECT id::text AS id, names FROM ${NAMED_TABLES[key]}
          WHERE brand_owner_code = $1 AND id::text = ANY($2::text[])`,
        [brand, ids],
      );
      return Object.fromEntries(rows.map((r) => [r.id, displayName(r.names, lang, lang)]));
    };
    const models = async () => {
      const codes = all('models');
      if (codes.length === 0) return {};
      const { rows } = await this.pool.query<{ id: string; name_zh: string; name_en: string }>(
        'SELECT product_code AS id, name_zh, name_en FROM products WHERE product_code = ANY($1::text[])',
        [codes],
      );
      return Object.fromEntries(rows.map((m) => [m.id, lang === 'zh' ? m.name_zh : m.name_en]));
    };
    const recipes = async () => {
      const ids = all('recipes');
      if (ids.length === 0) return {};
      const { rows } = await this.pool.query<{ id: string; number: string; names: Record<string, string>; main_lang: string }>(
        `SELECT recipe_id::text AS id, number, names, main_lang FROM recipe_list
          WHERE brand_owner_code = $1 AND recipe_id::text = ANY($2::text[])`,
        [brand, ids],
      );
      return Object.fromEntries(
        rows.map((r) => [r.id, [r.number, displayName(r.names, lang, r.main_lang)].filter(Boolean).join(' ')]),
      );
    };
    const [units, tags, accessories, categories, modelNames, recipeNames] = await Promise.all([
      named('units'),
      named('tags'),
      named('accessories'),
      named('categories'),
      models(),
      recipes(),
    ]);
    return { units, tags, accessories, categories, models: modelNames, recipes: recipeNames };
  }
}
