import type { Migration } from '@kb/platform';

/** Command-side table of recipe translation. */
export const recipeTranslateMigrations: Migration[] = [
  {
    id: 'api/recipes-translate-001-confirmations',
    sql: `
      -- Which recipe of which translation job was confirmed: a proposal is saved once. The row is claimed before
      -- the append and removed again when the append is refused (recipe changed since the proposal).
      CREATE TABLE recipe_translation_confirmations (
        run_id uuid NOT NULL,
        recipe_id uuid NOT NULL,
        brand_owner_code text NOT NULL,
        confirmed_by text NOT NULL,
        confirmed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (run_id, recipe_id)
      );
    `,
  },
];
