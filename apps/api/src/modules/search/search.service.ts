import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  PERMISSION_ROLES,
  type Permission,
  type SearchHit,
  type SearchKind,
  type StaffRole,
  type UiLang,
} from '@kb/contracts';
import { likePrefix } from '@kb/platform';
import { PG_POOL } from '../../infra/tokens.js';
import { nameContains } from '../recipes/queries/recipe-rows.js';

/** Hits per kind: the palette shows a handful, the user types more to narrow. */
const PER_KIND = 5;

interface Finder {
  kind: SearchKind;
  /** What the caller needs to see this kind of record. */
  permission: Permission;
  /**
   * SQL answering `id`, `title`, `detail` of the brand's ($1) records matching: $2 is the text as typed, $3 its
   * lowercased LIKE prefix pattern, $4 the caller's language. Each lookup is an indexed prefix or equality match.
   */
  sql: (text: string, add: (value: unknown) => string) => string;
}

const FINDERS: Finder[] = [
  {
    kind: 'recipe',
    permission: 'read',
    sql: (text, add) => `SELECT r.recipe_id::text AS id, r.number AS title,
        coalesce(r.names ->> $4, r.names ->> r.main_lang) AS detail
      FROM recipe_list r
      WHERE r.brand_owner_code = $1 AND r.status <> 'cleared'
        AND (lower(r.number) LIKE $3 OR ${nameContains(text, add)})
      ORDER BY (lower(r.number) LIKE $3) DESC, r.updated_at DESC LIMIT ${PER_KIND}`,
  },
  {
    kind: 'apk',
    permission: 'read',
    sql: () => `SELECT apk_id::text AS id, version_number AS title, product_code AS detail
      FROM apk_list
      WHERE brand_owner_code = $1 AND (lower(version_number) LIKE $3 OR lower(apk_version) LIKE $3)
      ORDER BY updated_at DESC LIMIT ${PER_KIND}`,
  },
  {
    kind: 'offlinePack',
    permission: 'read',
    sql: () => `SELECT pack_id::text AS id, number AS title, product_code AS detail
      FROM offline_pack_list
      WHERE brand_owner_code = $1 AND lower(number) LIKE $3
      ORDER BY updated_at DESC LIMIT ${PER_KIND}`,
  },
  {
    kind: 'device',
    permission: 'read',
    sql: () => `SELECT id::text AS id, sn AS title, product_code AS detail
      FROM devices
      WHERE brand_owner_code = $1 AND (sn LIKE $5 OR sn LIKE upper($5))
      ORDER BY seq DESC LIMIT ${PER_KIND}`,
  },
  {
    kind: 'appUser',
    permission: 'read',
    sql: () => `SELECT id::text AS id, account AS title, nickname AS detail
      FROM app_users
      WHERE brand_owner_code = $1 AND (account = $2 OR lower(account) LIKE $3)
      ORDER BY (account = $2) DESC, account LIMIT ${PER_KIND}`,
  },
  {
    kind: 'notice',
    permission: 'read',
    sql: () => `SELECT id::text AS id, label AS title, seq::text AS detail
      FROM notices
      WHERE brand_owner_code = $1 AND (lower(label) LIKE $3 OR seq::text = $2)
      ORDER BY created_at DESC LIMIT ${PER_KIND}`,
  },
];

/**
 * The command palette's record search: within the caller's brand, only the kinds the caller's role may see, a few
 * best hits per kind. All kinds are asked at once (one statement), each through its own index.
 */
@Injectable()
export class SearchService {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async search(brand: string, role: StaffRole, lang: UiLang, text: string): Promise<SearchHit[]> {
    const finders = FINDERS.filter((f) => PERMISSION_ROLES[f.permission].includes(role));
    if (finders.length === 0) return [];
    const params: unknown[] = [brand, text, likePrefix(text.toLowerCase()), lang, likePrefix(text)];
    const add = (value: unknown) => {
      params.push(value);
      return `$${params.length}`;
    };
    const union = finders
      .map((f) => `(SELECT '${f.kind}' AS kind, hits.* FROM (${f.sql(text, add)}) hits)`)
      .join('\nUNION ALL\n');
    const { rows } = await this.pool.query<SearchHit>(union, params);
    return rows.map((r) => ({ kind: r.kind, id: r.id, title: r.title, detail: r.detail ?? null }));
  }
}
