import { z } from 'zod';
import { flag } from './request-parts.js';
import { text } from './text.js';
import { pageQuerySchema } from './paging.js';
import { numberField, sortField, versionField } from './catalog.js';
import { timeInput } from './dates.js';
import { UI_LANGS } from './envelope.js';

/**
 * Content operations (spec §3 banner and topic, §5, §7 ccBanner, specRecipe, lockScreenAds, hotTag):
 * what the app and the appliances show besides recipes. Every record belongs to one brand. Linked recipes are
 * the brand's released recipes, kept in the order the editor gives (`updateRefRecipe`, `deleteRefRecipe`).
 */

const uuid = z.string().uuid({ message: 'not_found' });
const imageCode = z.string().uuid({ message: 'file_invalid' });
const langCode = z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, { message: 'lang_invalid' });
/** Text per language code; empty strings are dropped. */
const perLanguage = (max: number, multiline = false) =>
  z
    .record(langCode, text({ multiline }).max(max, { message: 'text_too_long' }))
    .default({})
    .transform((texts) => Object.fromEntries(Object.entries(texts).filter(([, v]) => v !== '')));
const nameField = text({ message: 'name_required' })
  .min(1, { message: 'name_required' })
  .max(100, { message: 'name_too_long' });
/** A query-string or JSON flag. */
const distinctIds = (max: number) =>
  z
    .array(uuid)
    .max(max, { message: 'too_many' })
    .default([])
    .transform((ids) => [...new Set(ids)]);
const optionalTime = timeInput('time_invalid').nullable().default(null);
/** The online period: either end may be open; when both are given the end comes after the start. */
const onlinePeriod = {
  onlineStart: optionalTime,
  onlineEnd: optionalTime,
};
type Period = { onlineStart: Date | null; onlineEnd: Date | null };
const periodInOrder = (v: Period) => !v.onlineStart || !v.onlineEnd || v.onlineEnd > v.onlineStart;
const periodRule = { message: 'online_period_invalid', path: ['onlineEnd'] };

/** At most this many images where a record has several (§5: "at most 5 images in places"). */
export const MAX_CONTENT_IMAGES = 5;
/** At most this many recipes linked to one banner or themed group. */
export const MAX_LINKED_RECIPES = 500;

/** The time an answer carries (ISO 8601) or null. */
export type IsoTime = string;

// ---- the recipes linked to a banner or a themed group (ordered child links)

/** `<route>/refRecipeList`: one record's linked recipes in their order, paged. */
export const refRecipeListQuerySchema = pageQuerySchema.extend({ id: uuid });
/**
 * `<route>/updateRefRecipe`: add recipes, or move them. A recipe given with a `sort` takes that place; one
 * given without goes after the last. Recipes already linked keep their place unless a sort is given. Only the
 * brand's released recipes can be linked.
 */
export const updateRefRecipeSchema = z.object({
  id: uuid,
  recipes: z
    .array(
      z.object({
        recipeId: uuid,
        sort: z.coerce
          .number({ message: 'sort_numeric' })
          .int({ message: 'sort_numeric' })
          .min(0)
          .max(999999)
          .optional(),
      }),
    )
    .min(1, { message: 'select_required' })
    .max(MAX_LINKED_RECIPES),
});
/** `<route>/deleteRefRecipe`: remove recipes from the record. */
export const deleteRefRecipeSchema = z.object({
  id: uuid,
  recipeIds: z.array(uuid).min(1, { message: 'select_required' }).max(MAX_LINKED_RECIPES),
});
export type UpdateRefRecipeInput = z.output<typeof updateRefRecipeSchema>;

/** A linked recipe as the lists show it. */
export interface LinkedRecipe {
  recipeId: string;
  number: string;
  /** In the caller's language, else the recipe's main language. */
  name: string;
  pictureFileCode: string | null;
  status: string;
  online: boolean;
  sort: number;
}

// ---- banners (§7 ccBanner)

export const BANNER_LINK_KINDS = ['url', 'recipe'] as const;
export type BannerLinkKind = (typeof BANNER_LINK_KINDS)[number];
export const BANNER_POSITIONS = ['app_home', 'device_recipe_home'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

export const bannerInputSchema = z
  .object({
    name: nameField,
    /** A short code the app uses to tell banners apart (free text). */
    identification: text().max(64, { message: 'text_too_long' }).default(''),
    linkKind: z.enum(BANNER_LINK_KINDS, { message: 'banner_link_kind_invalid' }),
    /** Where a `url` banner leads (http or https). */
    url: text().max(2000, { message: 'text_too_long' }).default(''),
    /** Exactly 1 image (§5). */
    imageFileCodes: z.array(imageCode).length(1, { message: 'banner_image_one' }).default([]),
    position: z.enum(BANNER_POSITIONS, { message: 'banner_position_invalid' }),
    /** The linked recipes in order (released recipes of the brand); a `recipe` banner needs at least one. */
    recipeIds: distinctIds(MAX_LINKED_RECIPES),
    sort: sortField,
    ...onlinePeriod,
    online: flag.default(false),
  })
  .refine(periodInOrder, periodRule)
  .refine((v) => v.linkKind !== 'url' || /^https?:\/\/\S+$/i.test(v.url), {
    message: 'banner_url_invalid',
    path: ['url'],
  })
  .refine((v) => v.linkKind !== 'recipe' || v.recipeIds.length > 0, {
    message: 'banner_recipe_required',
    path: ['recipeIds'],
  });
export type BannerInput = z.output<typeof bannerInputSchema>;
export const bannerListQuerySchema = pageQuerySchema.extend({
  name: text().optional(),
  position: z.enum(BANNER_POSITIONS, { message: 'banner_position_invalid' }).optional(),
  online: flag.optional(),
});
export interface Banner {
  id: string;
  name: string;
  identification: string;
  linkKind: BannerLinkKind;
  url: string;
  imageFileCodes: string[];
  position: BannerPosition;
  recipeIds: string[];
  /** Numbers of the linked recipes, in order (the list's "recipe number" column). */
  recipeNumbers: string[];
  sort: number;
  onlineStart: IsoTime | null;
  onlineEnd: IsoTime | null;
  online: boolean;
  /**
   * The H5 share id a `recipe` banner opens (its first linked recipe, while that recipe is released and
   * online): the app opens `/h5/index.html?id=<shareId>`. Null otherwise.
   */
  shareId: string | null;
  version: number;
  updatedAt: IsoTime;
}

// ---- themed recipe groups (§7 specRecipe, §3 topic)

export const themedGroupInputSchema = z.object({
  name: nameField,
  /** Unique within the brand. */
  number: numberField,
  coverFileCode: imageCode.nullable().default(null),
  /** Description per supported language. */
  descriptions: perLanguage(2000, true),
  sort: sortField,
  /** The recipes in order, at creation; later changes go through updateRefRecipe / deleteRefRecipe. */
  recipeIds: distinctIds(MAX_LINKED_RECIPES),
});
export type ThemedGroupInput = z.output<typeof themedGroupInputSchema>;
export const themedGroupListQuerySchema = pageQuerySchema.extend({
  number: text().optional(),
  name: text().optional(),
});
export interface ThemedGroup {
  id: string;
  name: string;
  number: string;
  coverFileCode: string | null;
  descriptions: Record<string, string>;
  /** In the caller's language, else the brand's main language. */
  description: string;
  sort: number;
  recipeCount: number;
  /** Opens the group's H5 page: `/h5/index.html?id=<shareId>`. */
  shareId: string;
  version: number;
  updatedAt: IsoTime;
}

// ---- lock-screen ads (§7 lockScreenAds)

export const lockScreenAdInputSchema = z
  .object({
    name: nameField,
    imageFileCodes: z
      .array(imageCode)
      .min(1, { message: 'image_required' })
      .max(MAX_CONTENT_IMAGES, { message: 'images_too_many' }),
    /** Product codes of the brand's models the ad shows on. */
    modelCodes: z
      .array(text().min(1).max(64))
      .min(1, { message: 'model_required' })
      .max(200)
      .transform((codes) => [...new Set(codes)]),
    ...onlinePeriod,
    sort: sortField,
    online: flag.default(false),
  })
  .refine(periodInOrder, periodRule);
export type LockScreenAdInput = z.output<typeof lockScreenAdInputSchema>;
export const lockScreenAdListQuerySchema = pageQuerySchema.extend({
  name: text().optional(),
  modelCode: text().optional(),
  online: flag.optional(),
});
export interface LockScreenAd {
  id: string;
  name: string;
  imageFileCodes: string[];
  modelCodes: string[];
  onlineStart: IsoTime | null;
  onlineEnd: IsoTime | null;
  sort: number;
  online: boolean;
  version: number;
  updatedAt: IsoTime;
}

// ---- hot search labels (§7 hotTag)

export const hotTagInputSchema = z.object({
  /** Label text per language; the brand's main language is required. */
  labels: perLanguage(50),
  sort: sortField,
  online: flag.default(false),
});
export type HotTagInput = z.output<typeof hotTagInputSchema>;
export const hotTagListQuerySchema = pageQuerySchema.extend({
  label: text().optional(),
  lang: text().optional(),
  online: flag.optional(),
});
export interface HotTag {
  id: string;
  labels: Record<string, string>;
  /** In the caller's language, else the brand's main language. */
  label: string;
  sort: number;
  online: boolean;
  version: number;
  updatedAt: IsoTime;
}

/** Update of any content record = its add fields + id + the version the editor loaded. */
export const contentUpdateFields = z.object({ id: uuid, version: versionField });

// ---- the public H5 page (GET /api/h5/share, no login)

export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
export const h5ShareQuerySchema = z.object({
  /** 128 random bits, base64url. */
  id: text({ message: 'not_found' }).regex(SHARE_ID_PATTERN, { message: 'not_found' }),
  lang: z.enum(UI_LANGS, { message: 'lang_invalid' }).default('zh'),
});
/** An image the H5 page may show: `GET /api/h5/image?share=<shareId>&file=<fileCode>` (no login). */
export type H5ImageUrl = string;
export interface H5Ingredient {
  name: string;
  /** null: "to taste". */
  quantity: number | null;
  unit: string;
  description: string;
}
export interface H5Step {
  number: number;
  description: string;
  /** A picture of the step (videos are not shown on the page). */
  pictureUrl: H5ImageUrl | null;
  minutes: number | null;
  seconds: number | null;
}
export interface H5Recipe {
  kind: 'recipe';
  shareId: string;
  /** The language the texts are in: the one asked for when the recipe has it, else its main language. */
  lang: string;
  name: string;
  pictureUrl: H5ImageUrl | null;
  description: string;
  /** Portions of the version shown (the recipe's first serving version). */
  servings: number | null;
  ingredients: H5Ingredient[];
  steps: H5Step[];
}
export interface H5GroupRecipe {
  /** Opens this recipe's own H5 page. */
  shareId: string;
  name: string;
  pictureUrl: H5ImageUrl | null;
  description: string;
}
export interface H5Group {
  kind: 'group';
  shareId: string;
  lang: string;
  name: string;
  coverUrl: H5ImageUrl | null;
  description: string;
  /** Its released, online recipes in the group's order. */
  recipes: H5GroupRecipe[];
}
/** `data` of GET /api/h5/share; an unknown, other or no longer shown record is a 404 envelope. */
export type H5Share = H5Recipe | H5Group;

/** Staff: the share id of a released online recipe (made on first ask). `GET /api/h5/recipeShareId?recipeId=`. */
export const recipeShareIdQuerySchema = z.object({ recipeId: uuid });
export interface RecipeShareId {
  recipeId: string;
  shareId: string;
}

// ---- what devices see: GET /device/v1/content

export const deviceContentQuerySchema = z.object({
  /** The device's language; default the brand's main language. */
  lang: langCode.optional(),
});
export interface DeviceContentFeed {
  /** The language the texts are in (asked, else the brand's main one). */
  lang: string;
  /** Online banners for the device recipe home, in sort order, within their online period. */
  banners: {
    id: string;
    name: string;
    identification: string;
    imageFileCode: string;
    linkKind: BannerLinkKind;
    url: string;
    recipeIds: string[];
    shareId: string | null;
    sort: number;
  }[];
  /** Online lock-screen ads for the device's model, within their online period. */
  lockScreenAds: { id: string; name: string; imageFileCodes: string[]; sort: number }[];
  /** Themed groups with their released, online recipes in order. */
  groups: {
    id: string;
    number: string;
    name: string;
    description: string;
    coverFileCode: string | null;
    recipeIds: string[];
    shareId: string;
    sort: number;
  }[];
  /** Online hot search labels in the device's language (labels without that language fall back to the main). */
  hotTags: { id: string; label: string; sort: number }[];
}
