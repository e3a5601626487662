import type { Migration } from '@kb/platform';

/** Command-side tables of the recipe module (the read models live in @kb/read-models). */
export const recipesMigrations: Migration[] = [
  {
    id: 'api/recipes-001-numbers',
    sql: `
      -- Which recipe holds which number in a brand: the uniqueness claim of add, copy and renumbering saves
      -- (see recipe-numbers.ts). A row is written in a transaction that commits only after the append.
      CREATE TABLE recipe_numbers (
        brand_owner_code text NOT NULL,
        number text NOT NULL,
        recipe_id uuid NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (brand_owner_code, number)
      );
      CREATE INDEX recipe_numbers_recipe ON recipe_numbers (recipe_id);
    `,
  },
];
