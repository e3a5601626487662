import type pg from 'pg';
import type { UiLang } from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { translate } from '../../common/messages.js';

/**
 * Deleting a recipe that a banner or a themed group links to is refused (README "Content"): the 409 names the
 * recipe and the banners or groups, so the editor unlinks it first. The recipes module calls this before it
 * moves recipes to the recycle bin.
 */
export async function refuseDeletingLinkedRecipes(
  db: pg.Pool | pg.PoolClient,
  brand: string,
  recipeIds: readonly string[],
  lang: UiLang,
): Promise<void> {
  if (!recipeIds.length) return;
  const { rows } = await db.query<{ kind: 'banner' | 'group'; number: string; names: string[] }>(
    `SELECT x.kind, r.number, array_agg(x.name ORDER BY x.name) AS names
       FROM (SELECT 'banner' AS kind, l.recipe_id, b.name FROM content_banner_recipes l
               JOIN content_banners b ON b.id = l.banner_id
              WHERE l.brand_owner_code = $1 AND l.recipe_id = ANY($2::uuid[])
             UNION ALL
             SELECT 'group', l.recipe_id, g.name FROM content_group_recipes l
               JOIN content_groups g ON g.id = l.group_id
              WHERE l.brand_owner_code = $1 AND l.recipe_id = ANY($2::uuid[])) x
       JOIN recipe_list r ON r.recipe_id = x.recipe_id AND r.brand_owner_code = $1
      GROUP BY x.kind, r.number
      ORDER BY r.number, x.kind
      LIMIT 1`,
    [brand, recipeIds],
  );
  const used = rows[0];
  if (!used) return;
  const kind = translate(`content_kind_${used.kind}`, lang) ?? used.kind;
  throw new AppError(409, 'recipe_linked_by_content', {
    number: used.number,
    kind,
    names: used.names.join('”, “'),
  });
}
