import {
  type Banner,
  bannerInputSchema,
  bannerListQuerySchema,
  type BannerInput,
  type HotTag,
  hotTagInputSchema,
  type HotTagInput,
  hotTagListQuerySchema,
  type LockScreenAd,
  lockScreenAdInputSchema,
  type LockScreenAdInput,
  lockScreenAdListQuerySchema,
  type ThemedGroup,
  themedGroupInputSchema,
  type ThemedGroupInput,
  themedGroupListQuerySchema,
  bannerSchema,
  hotTagSchema,
  lockScreenAdSchema,
  themedGroupSchema,
} from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { checkBrandReferences, eachReference } from '../../common/brand-references.js';
import {
  type BaseRow,
  type Column,
  displayName,
  EXPORT,
  exportColumn,
  exportTime,
  isoTime,
  listOf,
  namesFilters,
  namesCell,
  namesOf,
  type RecipeLinks,
  type ReferenceEntity,
  worded,
} from '../../common/reference-entity/definition.js';
import { assertOwnImages } from '../catalog/catalog.entities.js';
import { ensureRecipeShareIds, newShareId } from './share-ids.js';

const optionalIso = (d: unknown) => (d ? isoTime(d) : null);
const strings = (v: unknown) => (Array.isArray(v) ? v.map(String) : []);
const onlineFilter = (online: boolean, bind: (v: unknown) => string) => `t.online = ${bind(online)}`;
const nameFilter = (name: string, bind: (v: unknown) => string) => `t.name ILIKE ${bind(`%${name}%`)}`;

// The export columns the content lists share: headers as the list screens title them, enums worded.
const column = exportColumn;
const nameColumn = column('名称', 'Name', (r) => r.name);
const sortColumn = EXPORT.sort;
const onlineWords = worded({ true: { zh: '已上线', en: 'Online' }, false: { zh: '未上线', en: 'Offline' } });
const onlineColumn = column('上线', 'Online', (r, { lang }) => onlineWords(Boolean(r.online), lang));
const periodColumn = column('上线时间', 'Online period', (r) =>
  r.online_start || r.online_end
    ? `${exportTime(r.online_start) || '…'} – ${exportTime(r.online_end) || '…'}`
    : '',
);
const updatedAtColumn = EXPORT.updatedAt;
const positionWords = worded({
  app_home: { zh: 'APP首页', en: 'App home' },
  device_recipe_home: { zh: '设备菜谱首页', en: 'Device recipe home' },
});
const linkKindWords = worded({
  url: { zh: '网页链接', en: 'Web link' },
  recipe: { zh: '菜谱', en: 'Recipe' },
});

/** Columns every timed, sorted content record has. */
function periodColumns<
  I extends { onlineStart: Date | null; onlineEnd: Date | null; sort: number; online: boolean },
>(): Record<string, Column<I>> {
  return {
    online_start: { type: 'timestamptz', value: (i) => i.onlineStart },
    online_end: { type: 'timestamptz', value: (i) => i.onlineEnd },
    sort: { type: 'integer NOT NULL DEFAULT 0', value: (i) => i.sort },
    online: { type: 'boolean NOT NULL DEFAULT false', value: (i) => i.online },
  };
}

export const BANNER_RECIPES: RecipeLinks = {
  table: 'content_banner_recipes',
  parentColumn: 'banner_id',
  recipeIdType: 'uuid',
  releasedOnly: true,
  onLinked: (ctx, recipeIds) => ensureRecipeShareIds(ctx.client, ctx.brand, recipeIds),
};
export const GROUP_RECIPES: RecipeLinks = {
  table: 'content_group_recipes',
  parentColumn: 'group_id',
  recipeIdType: 'uuid',
  releasedOnly: true,
  onLinked: (ctx, recipeIds) => ensureRecipeShareIds(ctx.client, ctx.brand, recipeIds),
};

/** Banners (§7 ccBanner): 1 image, a link to a URL or to recipes, shown on the app home or the device recipe home. */
export const bannerEntity: ReferenceEntity<BannerInput, Banner> = {
  dtoSchema: bannerSchema,
  route: 'ccBanner',
  label: 'banners',
  editPermission: 'content.edit',
  table: 'content_banners',
  addSchema: bannerInputSchema,
  tableColumns: {
    name: { type: 'text NOT NULL', value: (i) => i.name },
    identification: { type: "text NOT NULL DEFAULT ''", value: (i) => i.identification },
    link_kind: { type: "text NOT NULL CHECK (link_kind IN ('url', 'recipe'))", value: (i) => i.linkKind },
    url: { type: "text NOT NULL DEFAULT ''", value: (i) => (i.linkKind === 'url' ? i.url : '') },
    image_file_codes: { type: "jsonb NOT NULL DEFAULT '[]'", value: (i) => i.imageFileCodes },
    position: {
      type: "text NOT NULL CHECK (position IN ('app_home', 'device_recipe_home'))",
      value: (i) => i.position,
    },
    ...periodColumns<BannerInput>(),
  },
  list: listOf(bannerListQuerySchema, {
    name: nameFilter,
    position: (position, bind) => `t.position = ${bind(position)}`,
    online: onlineFilter,
  }),
  searchColumns: ['name', 'identification'],
  orderBy: 't.sort, t.created_at, t.id',
  exportFile: 'banners',
  exportColumns: {
    name: nameColumn,
    identification: column('标识', 'Identification', (r) => r.identification),
    position: column('展示位置', 'Position', (r, { lang }) => positionWords(r.position, lang)),
    linkKind: column('链接类型', 'Link type', (r, { lang }) => linkKindWords(r.link_kind, lang)),
    recipeNumbers: column('菜谱编号', 'Recipe numbers', (r) =>
      ((r.linked as [string, string][] | null) ?? []).map(([, number]) => number).join(', '),
    ),
    sort: sortColumn,
    period: periodColumn,
    online: onlineColumn,
    updatedAt: updatedAtColumn,
  },
  links: BANNER_RECIPES,
  linksOf: (i) => i.recipeIds,
  validate: (i, ctx) => assertOwnImages(i.imageFileCodes, ctx, 'imageFileCodes'),
  // The linked recipes in order with their numbers, and the share id of the first one the H5 page shows.
  extraSelect: `
    (SELECT coalesce(jsonb_agg(jsonb_build_array(l.recipe_id, r.number) ORDER BY l.sort), '[]')
       FROM content_banner_recipes l
       JOIN recipe_list r ON r.recipe_id = l.recipe_id AND r.brand_owner_code = l.brand_owner_code
      WHERE l.banner_id = t.id) AS linked,
    (SELECT s.share_id FROM content_banner_recipes l
       JOIN recipe_list r ON r.recipe_id = l.recipe_id AND r.brand_owner_code = l.brand_owner_code
       JOIN recipe_share_ids s ON s.recipe_id = l.recipe_id
      WHERE l.banner_id = t.id AND t.link_kind = 'recipe' AND r.status = 'released' AND r.online
      ORDER BY l.sort LIMIT 1) AS share_id`,
  toDto: (r) => {
    const linked = (r.linked as [string, string][] | null) ?? [];
    return {
      id: r.id,
      name: String(r.name),
      identification: String(r.identification),
      linkKind: r.link_kind as Banner['linkKind'],
      url: String(r.url),
      imageFileCodes: strings(r.image_file_codes),
      position: r.position as Banner['position'],
      recipeIds: linked.map(([id]) => id),
      recipeNumbers: linked.map(([, number]) => number),
      sort: Number(r.sort),
      onlineStart: optionalIso(r.online_start),
      onlineEnd: optionalIso(r.online_end),
      online: Boolean(r.online),
      shareId: (r.share_id as string | null) ?? null,
      version: r.version,
      updatedAt: isoTime(r.updated_at),
    };
  },
};

/** Themed recipe groups (§7 specRecipe, §3 topic): unique number, cover, description per language, ordered recipes. */
export const themedGroupEntity: ReferenceEntity<ThemedGroupInput, ThemedGroup> = {
  dtoSchema: themedGroupSchema,
  route: 'specRecipe',
  label: 'themed recipe groups',
  editPermission: 'content.edit',
  table: 'content_groups',
  addSchema: themedGroupInputSchema,
  tableColumns: {
    name: { type: 'text NOT NULL', value: (i) => i.name },
    number: { type: 'text NOT NULL', value: (i) => i.number },
    cover_file_code: { type: 'uuid', value: (i) => i.coverFileCode },
    descriptions: { type: "jsonb NOT NULL DEFAULT '{}'", value: (i) => i.descriptions },
    sort: { type: 'integer NOT NULL DEFAULT 0', value: (i) => i.sort },
    share_id: { type: 'text NOT NULL UNIQUE' },
  },
  insertOnly: () => ({ share_id: newShareId() }),
  numberColumn: 'number',
  list: listOf(themedGroupListQuerySchema, {
    number: (number, bind) => `t.number ILIKE ${bind(`%${number}%`)}`,
    name: nameFilter,
  }),
  searchColumns: ['name'],
  orderBy: 't.sort, t.number',
  exportFile: 'themed-recipe-groups',
  exportColumns: {
    number: EXPORT.number,
    name: nameColumn,
    description: column('描述', 'Description', (r, { lang, mainLang }) =>
      displayName(namesOf(r, 'descriptions'), lang, mainLang),
    ),
    recipeCount: column('菜谱数', 'Recipes', (r) => Number(r.recipe_count ?? 0)),
    sort: sortColumn,
    updatedAt: updatedAtColumn,
  },
  links: GROUP_RECIPES,
  // The form sends recipes at creation; later the recipe list screen moves them one by one.
  linksOf: (i) => (i.recipeIds.length ? i.recipeIds : undefined),
  validate: async (i, ctx) => {
    await assertOwnImages(i.coverFileCode ? [i.coverFileCode] : [], ctx, 'coverFileCode');
    const foreign = Object.keys(i.descriptions).find((lang) => !ctx.brandLangs.codes.includes(lang));
    if (foreign)
      throw new AppError(
        400,
        'lang_not_supported',
        { lang: foreign },
        { fieldErrors: { [`descriptions.${foreign}`]: 'lang_not_supported' } },
      );
  },
  extraSelect: '(SELECT count(*) FROM content_group_recipes l WHERE l.group_id = t.id) AS recipe_count',
  toDto: (r, { lang, mainLang }) => {
    const descriptions = namesOf(r, 'descriptions');
    return {
      id: r.id,
      name: String(r.name),
      number: String(r.number),
      coverFileCode: (r.cover_file_code as string | null) ?? null,
      descriptions,
      description: displayName(descriptions, lang, mainLang),
      sort: Number(r.sort),
      recipeCount: Number(r.recipe_count ?? 0),
      shareId: String(r.share_id),
      version: r.version,
      updatedAt: isoTime(r.updated_at),
    };
  },
};

/** Lock-screen ads (§7 lockScreenAds): up to 5 images, shown on the models named. */
export const lockScreenAdEntity: ReferenceEntity<LockScreenAdInput, LockScreenAd> = {
  dtoSchema: lockScreenAdSchema,
  route: 'lockScreenAds',
  label: 'lock-screen ads',
  editPermission: 'content.edit',
  table: 'content_lock_screen_ads',
  addSchema: lockScreenAdInputSchema,
  tableColumns: {
    name: { type: 'text NOT NULL', value: (i) => i.name },
    image_file_codes: { type: "jsonb NOT NULL DEFAULT '[]'", value: (i) => i.imageFileCodes },
    model_codes: { type: "jsonb NOT NULL DEFAULT '[]'", value: (i) => i.modelCodes },
    ...periodColumns<LockScreenAdInput>(),
  },
  list: listOf(lockScreenAdListQuerySchema, {
    name: nameFilter,
    modelCode: (code, bind) => `t.model_codes ? ${bind(code)}`,
    online: onlineFilter,
  }),
  searchColumns: ['name'],
  orderBy: 't.sort, t.created_at, t.id',
  exportFile: 'lock-screen-ads',
  exportColumns: {
    name: nameColumn,
    models: column('适用机型', 'Models', (r) => strings(r.model_codes).join(', ')),
    sort: sortColumn,
    period: periodColumn,
    online: onlineColumn,
    updatedAt: updatedAtColumn,
  },
  validate: async (i, ctx) => {
    await assertOwnImages(i.imageFileCodes, ctx, 'imageFileCodes');
    await checkBrandReferences(
      ctx.client,
      ctx.brand,
      eachReference('modelCodes', 'model', i.modelCodes),
      ctx.lang,
    );
  },
  toDto: (r: BaseRow) => ({
    id: r.id,
    name: String(r.name),
    imageFileCodes: strings(r.image_file_codes),
    modelCodes: strings(r.model_codes),
    onlineStart: optionalIso(r.online_start),
    onlineEnd: optionalIso(r.online_end),
    sort: Number(r.sort),
    online: Boolean(r.online),
    version: r.version,
    updatedAt: isoTime(r.updated_at),
  }),
};

const perLanguage = namesFilters('labels');

/** Hot search labels (§7 hotTag): label per language (main language required, unique per language). */
export const hotTagEntity: ReferenceEntity<HotTagInput, HotTag> = {
  dtoSchema: hotTagSchema,
  route: 'hotTag',
  label: 'hot search labels',
  editPermission: 'content.edit',
  table: 'content_hot_tags',
  addSchema: hotTagInputSchema,
  tableColumns: {
    labels: { type: "jsonb NOT NULL DEFAULT '{}'", value: (i) => i.labels },
    sort: { type: 'integer NOT NULL DEFAULT 0', value: (i) => i.sort },
    online: { type: 'boolean NOT NULL DEFAULT false', value: (i) => i.online },
  },
  namesColumn: 'labels',
  uniqueNames: true,
  list: listOf(hotTagListQuerySchema, {
    label: (label, bind, q) => perLanguage.text(label, bind, q.lang),
    lang: (lang, bind, q) => (q.label ? null : perLanguage.lang(lang, bind)),
    online: onlineFilter,
  }),
  orderBy: 't.sort, t.created_at, t.id',
  exportFile: 'hot-search-labels',
  exportColumns: {
    label: EXPORT.name('labels', '标签', 'Label'),
    languages: column('语言', 'Language', (r, { langNames }) => namesCell(namesOf(r, 'labels'), langNames)),
    sort: sortColumn,
    online: onlineColumn,
    updatedAt: updatedAtColumn,
  },
  toDto: (r, { lang, mainLang }) => {
    const labels = namesOf(r, 'labels');
    return {
      id: r.id,
      labels,
      label: displayName(labels, lang, mainLang),
      sort: Number(r.sort),
      online: Boolean(r.online),
      version: r.version,
      updatedAt: isoTime(r.updated_at),
    };
  },
};

export const CONTENT_ENTITIES = [bannerEntity, themedGroupEntity, lockScreenAdEntity, hotTagEntity];
