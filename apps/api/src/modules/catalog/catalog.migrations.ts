import type { Migration } from '@kb/platform';
import { brandTableDdl, numberKey } from '../../common/brand-table.js';

/** Recipe reference data (state-stored, one brand per row). */
export const catalogMigrations: Migration[] = [
  {
    id: 'api/004-catalog',
    sql: `
      CREATE TABLE brand_languages (
        brand_owner_code text NOT NULL REFERENCES brands(code),
        lang_code text NOT NULL REFERENCES sys_languages(code),
        is_main boolean NOT NULL DEFAULT false,
        sort integer NOT NULL DEFAULT 0,
        PRIMARY KEY (brand_owner_code, lang_code)
      );
      CREATE UNIQUE INDEX brand_languages_one_main ON brand_languages (brand_owner_code) WHERE is_main;

      ${brandTableDdl(
        'recipe_categories',
        `number text NOT NULL,
        main_lang text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}',
        sort integer NOT NULL DEFAULT 0,
        picture_file_code uuid`,
        { constraints: [numberKey('recipe_categories')] },
      )}
      ${brandTableDdl(
        'recipe_tags',
        `number text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}'`,
        { constraints: [numberKey('recipe_tags')] },
      )}
      ${brandTableDdl('ingredient_units', `names jsonb NOT NULL DEFAULT '{}'`)}
      CREATE INDEX ingredient_units_brand ON ingredient_units (brand_owner_code);
      ${brandTableDdl(
        'accessories',
        `number text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}',
        photo_file_code uuid NOT NULL,
        xt_photo_file_code uuid,
        code text NOT NULL DEFAULT '',
        accessory_code text NOT NULL DEFAULT '',
        type text NOT NULL CHECK (type IN ('common', 'ironware', 'plastic', 'line'))`,
        { constraints: [numberKey('accessories')] },
      )}
    `,
  },
  {
    id: 'api/005-online-categories',
    sql: `
      -- The categories the app shows for online recipes, each with its ordered recipes.
      CREATE TABLE app_online_categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        brand_owner_code text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}',
        sort integer NOT NULL DEFAULT 0,
        picture_file_code uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX app_online_categories_brand ON app_online_categories (brand_owner_code, sort);
      CREATE TABLE app_online_category_recipes (
        category_id uuid NOT NULL REFERENCES app_online_categories(id) ON DELETE CASCADE,
        brand_owner_code text NOT NULL,
        recipe_id text NOT NULL,
        sort integer NOT NULL,
        PRIMARY KEY (category_id, recipe_id)
      );
    `,
  },
];
