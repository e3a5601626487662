import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** An H5 share id: 128 random bits, base64url (22 characters); it cannot be guessed from anything else. */
export const newShareId = () => randomBytes(16).toString('base64url');

/**
 * Gives each of the brand's recipes among `recipeIds` a share id if it has none yet, and answers them all
 * (recipe id → share id). Recipes of another brand or unknown ones get none.
 */
export async function ensureRecipeShareIds(
  db: pg.Pool | pg.PoolClient,
  brand: string,
  recipeIds: readonly string[],
): Promise<Map<string, string>> {
  if (!recipeIds.length) return new Map();
  await db.query(
    `INSERT INTO recipe_share_ids (recipe_id, brand_owner_code, share_id)
     SELECT r.recipe_id, r.brand_owner_code, s.share_id
       FROM unnest($2::uuid[], $3::text[]) AS s(recipe_id, share_id)
       JOIN recipe_list r ON r.recipe_id = s.recipe_id AND r.brand_owner_code = $1
     ON CONFLICT (recipe_id) DO NOTHING`,
    [brand, recipeIds, recipeIds.map(() => newShareId())],
  );
  const { rows } = await db.query<{ recipe_id: string; share_id: string }>(
    `SELECT recipe_id::text AS recipe_id, share_id FROM recipe_share_ids
      WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])`,
    [brand, recipeIds],
  );
  return new Map(rows.map((r) => [r.recipe_id, r.share_id]));
}
