import type { Migration } from '@kb/platform';
import { brandTableDdl } from '../../common/brand-table.js';

/** App users' reviews of recipes: a state-stored table of the brand (§7 `recipeUserEvaluation`). */
export const recipeEvaluationsMigrations: Migration[] = [
  {
    id: 'api/recipe-evaluations-001',
    sql: `
      ${brandTableDdl(
        'recipe_evaluations',
        `-- The reviewed recipe (its stream id); checked against the brand's recipe_list on every write.
        recipe_id uuid NOT NULL,
        sn text NOT NULL,
        user_account text NOT NULL,
        user_nickname text NOT NULL DEFAULT '',
        score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
        content text NOT NULL DEFAULT '',
        evaluated_at timestamptz NOT NULL DEFAULT now()`,
      )}
      CREATE INDEX recipe_evaluations_brand_time ON recipe_evaluations (brand_owner_code, evaluated_at DESC, id);
      CREATE INDEX recipe_evaluations_recipe ON recipe_evaluations (brand_owner_code, recipe_id, evaluated_at DESC);
    `,
  },
];
