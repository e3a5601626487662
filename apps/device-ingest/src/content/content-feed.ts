import { createHash } from 'node:crypto';
import type { DeviceContentFeed } from '@kb/contracts';
import type { Pool } from '@kb/platform';

/** How long a built feed is served before it is read again: a content change reaches devices within this. */
export const CONTENT_FEED_TTL_MS = 2_000;
/** How long a device's model is trusted (a device changes model only when activated again). */
const MODEL_TTL_MS = 60_000;

interface Built {
  json: string;
  etag: string;
  until: number;
}

const pick = (texts: Record<string, string> | null, lang: string, main: string) =>
  texts?.[lang] || texts?.[main] || Object.values(texts ?? {})[0] || '';

/** Online and within its online period (either end may be open). */
const LIVE = `t.online AND (t.online_start IS NULL OR t.online_start <= now())
  AND (t.online_end IS NULL OR t.online_end > now())`;

/** The ids (and share ids) of a record's released, online recipes in order. */
const shownRecipes = (table: string, parent: string) => `
  SELECT coalesce(jsonb_agg(jsonb_build_array(l.recipe_id, s.share_id) ORDER BY l.sort), '[]')
    FROM ${table} l
    JOIN recipe_list r ON r.recipe_id = l.recipe_id AND r.brand_owner_code = l.brand_owner_code
    LEFT JOIN recipe_share_ids s ON s.recipe_id = l.recipe_id
   WHERE l.${parent} = t.id AND r.status = 'released' AND r.online`;

/**
 * What a device shows besides recipes (GET /device/v1/content): its brand's online banners for the device
 * recipe home, the lock-screen ads for its model, the themed groups and the hot labels, in its language. Built
 * feeds are shared by every device of the same brand, language and model for CONTENT_FEED_TTL_MS, so 10,000
 * devices polling cost a handful of queries a second; the ETag lets an unchanged feed answer 304 without a body.
 */
export class ContentFeeds {
  private readonly built = new Map<string, Built>();
  private readonly building = new Map<string, Promise<Built>>();
  private readonly models = new Map<string, { model: string | null; until: number }>();

  constructor(
    private readonly pool: Pool,
    private readonly ttlMs = CONTENT_FEED_TTL_MS,
  ) {}

  /** The feed of a device: its JSON envelope and ETag. */
  async feed(device: { deviceId: string; brandOwnerCode: string }, lang: string | undefined): Promise<Built> {
    const model = await this.modelOf(device.deviceId);
    const key = `${device.brandOwnerCode}\u0000${lang ?? ''}\u0000${model ?? ''}`;
    const hit = this.built.get(key);
    if (hit && hit.until > Date.now()) return hit;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(device.brandOwnerCode, lang, model).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    const built = await pending;
    if (this.built.size > 10_000) this.built.clear();
    this.built.set(key, built);
    return built;
  }

  private async modelOf(deviceId: string): Promise<string | null> {
    const hit = this.models.get(deviceId);
    if (hit && hit.until > Date.now()) return hit.model;
    const { rows } = await this.pool.query<{ product_code: string | null }>(
      'SELECT product_code FROM devices WHERE id = $1',
      [deviceId],
    );
    const model = rows[0]?.product_code ?? null;
    if (this.models.size > 200_000) this.models.clear();
    this.models.set(deviceId, { model, until: Date.now() + MODEL_TTL_MS });
    return model;
  }

  private async build(brand: string, asked: string | undefined, model: string | null): Promise<Built> {
    const langs = await this.pool.query<{ lang_code: string; is_main: boolean }>(
      'SELECT lang_code, is_main FROM brand_languages WHERE brand_owner_code = $1 ORDER BY is_main DESC, sort',
      [brand],
    );
    const main = langs.rows[0]?.lang_code ?? 'zh';
    const lang = asked && langs.rows.some((l) => l.lang_code === asked) ? asked : main;
    const [banners, ads, groups, tags] = await Promise.all([
      this.pool.query<{
        id: string;
        name: string;
        identification: string;
        image: string;
        link_kind: 'url' | 'recipe';
        url: string;
        sort: number;
        recipes: [string, string | null][];
      }>(
        `SELECT t.id, t.name, t.identification, t.image_file_codes ->> 0 AS image, t.link_kind, t.url, t.sort,
                (${shownRecipes('content_banner_recipes', 'banner_id')}) AS recipes
           FROM content_banners t
          WHERE t.brand_owner_code = $1 AND t.position = 'device_recipe_home' AND ${LIVE}
          ORDER BY t.sort, t.created_at, t.id`,
        [brand],
      ),
      this.pool.query<{ id: string; name: string; image_file_codes: string[]; sort: number }>(
        `SELECT t.id, t.name, t.image_file_codes, t.sort FROM content_lock_screen_ads t
          WHERE t.brand_owner_code = $1 AND t.model_codes ? $2 AND ${LIVE}
          ORDER BY t.sort, t.created_at, t.id`,
        [brand, model ?? ''],
      ),
      this.pool.query<{
        id: string;
        number: string;
        name: string;
        descriptions: Record<string, string>;
        cover_file_code: string | null;
        share_id: string;
        sort: number;
        recipes: [string, string | null][];
      }>(
        `SELECT t.id, t.number, t.name, t.descriptions, t.cover_file_code::text AS cover_file_code, t.share_id, t.sort,
                (${shownRecipes('content_group_recipes', 'group_id')}) AS recipes
           FROM content_groups t WHERE t.brand_owner_code = $1
          ORDER BY t.sort, t.number`,
        [brand],
      ),
      this.pool.query<{ id: string; labels: Record<string, string>; sort: number }>(
        `SELECT t.id, t.labels, t.sort FROM content_hot_tags t
          WHERE t.brand_owner_code = $1 AND t.online ORDER BY t.sort, t.created_at, t.id`,
        [brand],
      ),
    ]);
    const feed: DeviceContentFeed = {
      lang,
      banners: banners.rows
        .filter((b) => b.link_kind === 'url' || b.recipes.length > 0)
        .map((b) => ({
          id: b.id,
          name: b.name,
          identification: b.identification,
          imageFileCode: b.image,
          linkKind: b.link_kind,
          url: b.url,
          recipeIds: b.recipes.map(([id]) => id),
          shareId: b.link_kind === 'recipe' ? (b.recipes[0]?.[1] ?? null) : null,
          sort: b.sort,
        })),
      lockScreenAds: ads.rows.map((a) => ({
        id: a.id,
        name: a.name,
        imageFileCodes: a.image_file_codes,
        sort: a.sort,
      })),
      groups: groups.rows.map((g) => ({
        id: g.id,
        number: g.number,
        name: g.name,
        description: pick(g.descriptions, lang, main),
        coverFileCode: g.cover_file_code,
        recipeIds: g.recipes.map(([id]) => id),
        shareId: g.share_id,
        sort: g.sort,
      })),
      hotTags: tags.rows.map((t) => ({ id: t.id, label: pick(t.labels, lang, main), sort: t.sort })),
    };
    const json = JSON.stringify({ status: 200, desc: 'ok', data: feed });
    const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
    return { json, etag, until: Date.now() + this.ttlMs };
  }
}

/** Whether an If-None-Match header names the ETag (a list, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}
