import type { Migration } from '@kb/platform';
import { referenceTableDdl } from '../../common/reference-entity/definition.js';
import { bannerEntity, hotTagEntity, lockScreenAdEntity, themedGroupEntity } from './content.entities.js';

/** An ordered recipe link table; the (brand, recipe) index serves the recipe delete check. */
const linkTable = (table: string, parent: string, parentTable: string) => `
  CREATE TABLE ${table} (
    ${parent} uuid NOT NULL REFERENCES ${parentTable}(id) ON DELETE CASCADE,
    brand_owner_code text NOT NULL,
    recipe_id uuid NOT NULL,
    sort integer NOT NULL,
    PRIMARY KEY (${parent}, recipe_id)
  );
  CREATE INDEX ${table}_recipe ON ${table} (brand_owner_code, recipe_id);`;

/** Content operations: banners, themed groups, lock-screen ads, hot labels, H5 share ids. */
export const contentMigrations: Migration[] = [
  {
    id: 'api/content-001',
    sql: `
      ${referenceTableDdl(bannerEntity)}
      CREATE INDEX content_banners_brand ON content_banners (brand_owner_code, sort);
      ${linkTable('content_banner_recipes', 'banner_id', 'content_banners')}

      ${referenceTableDdl(themedGroupEntity)}
      ALTER TABLE content_groups ADD CONSTRAINT content_groups_number_key UNIQUE (brand_owner_code, number);
      ${linkTable('content_group_recipes', 'group_id', 'content_groups')}

      ${referenceTableDdl(lockScreenAdEntity)}
      CREATE INDEX content_lock_screen_ads_brand ON content_lock_screen_ads (brand_owner_code, sort);

      ${referenceTableDdl(hotTagEntity)}
      CREATE INDEX content_hot_tags_brand ON content_hot_tags (brand_owner_code, sort);

      -- The H5 share id of a recipe (made when a banner or group links it, or when staff ask for it).
      CREATE TABLE recipe_share_ids (
        recipe_id uuid PRIMARY KEY,
        brand_owner_code text NOT NULL,
        share_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
];
