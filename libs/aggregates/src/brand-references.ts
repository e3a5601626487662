import type pg from 'pg';

/** The kinds of record a write may name, each looked up among the caller's brand's own. */
export type ReferenceKind =
  | 'recipe'
  | 'image'
  | 'media'
  | 'audio'
  | 'onlineCategory'
  | 'recipeCategory'
  | 'recipeTag'
  | 'unit'
  | 'accessory'
  | 'model'
  | 'device';

/** For each kind: the brand's values among `$2` (an array of the named values; `$1` is the brand). */
const LOOKUPS: Record<ReferenceKind, string> = {
  // Cleared recipes are gone from the read model, so they cannot be linked either.
  recipe:
    'SELECT recipe_id::text AS v FROM recipe_list WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[])',
  image: `SELECT file_code::text AS v FROM files
           WHERE brand_owner_code = $1 AND file_code = ANY($2::uuid[]) AND purpose = 'image'`,
  media: `SELECT file_code::text AS v FROM files
           WHERE brand_owner_code = $1 AND file_code = ANY($2::uuid[]) AND purpose IN ('image', 'video')`,
  audio: `SELECT file_code::text AS v FROM files
           WHERE brand_owner_code = $1 AND file_code = ANY($2::uuid[]) AND purpose = 'audio'`,
  onlineCategory:
    'SELECT id::text AS v FROM app_online_categories WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
  recipeCategory:
    'SELECT id::text AS v FROM recipe_categories WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
  recipeTag: 'SELECT id::text AS v FROM recipe_tags WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
  unit: 'SELECT id::text AS v FROM ingredient_units WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
  accessory: 'SELECT id::text AS v FROM accessories WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
  model:
    'SELECT product_code AS v FROM brand_products WHERE brand_owner_code = $1 AND product_code = ANY($2::text[])',
  device: 'SELECT id::text AS v FROM devices WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
};

/** Which of `values` name records of `kind` that the brand has. */
export async function ownedAmong(
  db: pg.Pool | pg.PoolClient,
  brand: string,
  kind: ReferenceKind,
  values: readonly string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const { rows } = await db.query<{ v: string }>(LOOKUPS[kind], [brand, [...new Set(values)]]);
  return new Set(rows.map((r) => r.v));
}

/** Loads the brand's languages (main first); falls back to zh + en for a brand that never chose. */
export async function brandLanguages(
  db: pg.Pool | pg.PoolClient,
  brand: string,
): Promise<{ codes: string[]; main: string }> {
  const { rows } = await db.query<{ lang_code: string; is_main: boolean }>(
    'SELECT lang_code, is_main FROM brand_languages WHERE brand_owner_code = $1 ORDER BY is_main DESC, sort, lang_code',
    [brand],
  );
  if (!rows.length) return { codes: ['zh', 'en'], main: 'zh' };
  return {
    codes: rows.map((r) => r.lang_code),
    main: rows.find((r) => r.is_main)?.lang_code ?? rows[0]!.lang_code,
  };
}
