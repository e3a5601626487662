import type { Pool } from '@kb/platform';
import {
  referencedIds,
  type PackedRecipeSource,
  type ReferenceKind,
  type ReferenceNames,
} from './pack-contents.js';

/** The catalog table of each kind of reference; each keeps its names per language in `names`. */
const TABLES: Record<ReferenceKind, string> = {
  units: 'ingredient_units',
  categories: 'recipe_categories',
  tags: 'recipe_tags',
  accessories: 'accessories',
};

/** The names (per language) of the units, categories, tags and accessories these recipes use, of the brand. */
export async function loadReferenceNames(
  pool: Pool,
  brandOwnerCode: string,
  recipes: PackedRecipeSource[],
): Promise<ReferenceNames> {
  const ids = referencedIds(recipes);
  const entries = await Promise.all(
    (Object.keys(TABLES) as ReferenceKind[]).map(async (kind) => {
      if (ids[kind].length === 0) return [kind, new Map()] as const;
      const { rows } = await pool.query<{ id: string; names: Record<string, string> }>(
        `SELECT id::text, names FROM ${TABLES[kind]} WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
        [brandOwnerCode, ids[kind]],
      );
      return [kind, new Map(rows.map((r) => [r.id, r.names]))] as const;
    }),
  );
  return Object.fromEntries(entries) as ReferenceNames;
}
