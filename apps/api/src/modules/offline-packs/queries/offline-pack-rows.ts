import type { OfflinePackListItem, OfflinePackListQuery, UiLang } from '@kb/contracts';
import { likePrefix, SqlWhere } from '@kb/platform';
import { toOfflinePackBuild, type OfflinePackBuildRow } from '../offline-pack-builds.js';

/** An `offline_pack_list` row with the factory model, the sub-brand's name and its customer model (LIST_SELECT). */
export interface OfflinePackListRow {
  id: string;
  number: string;
  type: OfflinePackListItem['type'];
  product_code: string;
  factory_model: string | null;
  sub_brand_code: string;
  sub_brand_name: string | null;
  customer_model: string | null;
  recipe_count: number;
  test_status: OfflinePackListItem['testStatus'];
  release_status: OfflinePackListItem['releaseStatus'];
  released_at: Date | null;
  created_at: Date;
  created_by: string;
  updated_at: Date;
  updated_by: string;
  revision: string;
  recipe_ids: string[];
  /** The newest build (LATERAL join), null before the first. */
  build: OfflinePackBuildRow | null;
  [column: string]: unknown;
}

/** `o` is offline_pack_list; the models are looked up in the catalogue and the brand's own reference tables. */
export const OFFLINE_PACK_LIST_SELECT = `
  SELECT o.pack_id::text AS id, o.number, o.type, o.product_code, p.factory_model, o.sub_brand_code,
         s.name AS sub_brand_name, sp.customer_model, o.recipe_count, o.test_status, o.release_status, o.released_at,
         o.created_at, o.created_by, o.updated_at, o.updated_by, o.revision, o.recipe_ids::text[] AS recipe_ids,
         (SELECT to_jsonb(b) FROM offline_pack_builds b WHERE b.pack_id = o.pack_id
           ORDER BY b.requested_at DESC LIMIT 1) AS build
    FROM offline_pack_list o
    LEFT JOIN products p ON p.product_code = o.product_code
    LEFT JOIN sub_brands s ON s.brand_owner_code = o.brand_owner_code AND s.sub_brand_code = o.sub_brand_code
    LEFT JOIN sub_brand_products sp ON sp.brand_owner_code = o.brand_owner_code
         AND sp.sub_brand_code = o.sub_brand_code AND sp.product_code = o.product_code`;

export function toOfflinePackListItem(r: OfflinePackListRow, lang: UiLang): OfflinePackListItem {
  const content = {
    number: r.number,
    type: r.type,
    productCode: r.product_code,
    subBrandCode: r.sub_brand_code,
    recipeIds: r.recipe_ids,
  };
  return {
    id: r.id,
    number: r.number,
    type: r.type,
    productCode: r.product_code,
    factoryModel: r.factory_model,
    subBrandCode: r.sub_brand_code,
    subBrandName: r.sub_brand_name,
    customerModel: r.customer_model,
    recipeCount: r.recipe_count,
    testStatus: r.test_status,
    releaseStatus: r.release_status,
    releasedAt: r.released_at ? r.released_at.toISOString() : null,
    createdAt: r.created_at.toISOString(),
    createdBy: r.created_by,
    updatedAt: r.updated_at.toISOString(),
    updatedBy: r.updated_by,
    revision: Number(r.revision),
    build: r.build ? toOfflinePackBuild(r.build, content, lang) : null,
  };
}

/** The pack list's filter over a brand's `offline_pack_list o`. */
export function offlinePackListWhere(brand: string, f: Partial<OfflinePackListQuery>): SqlWhere {
  const w = new SqlWhere('o', brand)
    .equals('type', f.type)
    .equals('product_code', f.productCode)
    .equals('sub_brand_code', f.subBrandCode)
    .equals('test_status', f.testStatus)
    .equals('release_status', f.releaseStatus);
  if (f.number) w.where(`lower(o.number) LIKE ${w.param(likePrefix(f.number.toLowerCase()))}`);
  return w;
}
