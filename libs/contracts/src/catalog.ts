import { z } from 'zod';
import { selection } from './request-parts.js';
import { text } from './text.js';
import { pageQuerySchema } from './paging.js';
import { ONLINE_CATEGORY_SORT_FIELDS } from './list-sort.js';
import { sortQueryShape } from './list-sort-schemas.js';

/**
 * Recipe reference data: brand languages, categories, tags, ingredient units, accessories and the
 * app's online categories. State-stored tables; every record belongs to one brand.
 */

/** Names per language code, e.g. `{ zh: '汤', en: 'Soup' }`. Empty strings are dropped. */
export const namesSchema = z
  .record(
    z.string().regex(/^[a-z]{2}(-[A-Za-z]{2,4})?$/, { message: 'lang_invalid' }),
    text().max(100, { message: 'name_too_long' }),
  )
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, v]) => v !== '')));
export type Names = Record<string, string>;

export const numberField = text({ message: 'number_required' })
  .min(1, { message: 'number_required' })
  .max(32, { message: 'number_too_long' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'number_format' });
export const sortField = z.coerce
  .number({ message: 'sort_numeric' })
  .int({ message: 'sort_numeric' })
  .min(0)
  .max(999999)
  .default(0);
const fileCode = z.string().uuid({ message: 'file_invalid' });
export const idSchema = z.object({ id: z.string().uuid({ message: 'not_found' }) });
export const idsSchema = z.object({ ids: selection(z.string().uuid({ message: 'not_found' })) });
/** Update = the add fields + id + the version the editor loaded ("only one record edited at a time"). */
export const versionField = z.coerce.number().int().min(1);

export const listFilterSchema = pageQuerySchema.extend({
  number: text().optional(),
  name: text().optional(),
  lang: text().optional(),
});
export type ListFilter = z.infer<typeof listFilterSchema>;
/** `/api/appOnlineCategory/list`: by name, sorted by name, sort value or recipe count. */
export const onlineCategoryListQuerySchema = listFilterSchema.extend(
  sortQueryShape(ONLINE_CATEGORY_SORT_FIELDS),
);
export const searchQuerySchema = z.object({
  keyword: text().default(''),
  lang: text().optional(),
});

// ---- brand languages
export const brandLanguagesSaveSchema = z
  .object({
    langs: z.array(text({ trim: false }).min(2)).min(1, { message: 'lang_required' }),
    mainLang: text({ trim: false }).min(2, { message: 'main_lang_required' }),
  })
  .refine((v) => v.langs.includes(v.mainLang), { message: 'main_lang_not_supported', path: ['mainLang'] });
export interface BrandLanguage {
  langCode: string;
  langName: string;
  nativeName: string;
  supported: boolean;
  main: boolean;
}

// ---- categories
export const categoryInputSchema = z.object({
  number: numberField,
  mainLang: text({ trim: false, message: 'main_lang_required' }).min(2, { message: 'main_lang_required' }),
  names: namesSchema,
  sort: sortField,
  pictureFileCode: fileCode.nullable().optional(),
});
export const categoryUpdateSchema = categoryInputSchema.extend({
  id: z.string().uuid({ message: 'not_found' }),
  version: versionField,
});
export interface RecipeCategory {
  id: string;
  number: string;
  mainLang: string;
  names: Names;
  name: string;
  sort: number;
  pictureFileCode: string | null;
  recipeCount: number;
  version: number;
  updatedAt: string;
}

// ---- tags (labels)
export const tagInputSchema = z.object({ number: numberField, names: namesSchema });
export const tagUpdateSchema = tagInputSchema.extend({
  id: z.string().uuid({ message: 'not_found' }),
  version: versionField,
});
/** A record that is a number and its names per language (recipe tags, fault types). */
export interface NumberedNames {
  id: string;
  number: string;
  names: Names;
  /** Its name in the caller's language. */
  name: string;
  version: number;
  updatedAt: string;
}
export type RecipeTag = NumberedNames;

// ---- ingredient units
export const unitInputSchema = z.object({ names: namesSchema });
export const unitUpdateSchema = unitInputSchema.extend({
  id: z.string().uuid({ message: 'not_found' }),
  version: versionField,
});
export interface IngredientUnit {
  id: string;
  names: Names;
  name: string;
  version: number;
  updatedAt: string;
}

// ---- accessories
export const ACCESSORY_TYPES = ['common', 'ironware', 'plastic', 'line'] as const;
export const accessoryInputSchema = z.object({
  number: numberField,
  names: namesSchema,
  photoFileCode: fileCode
    .or(z.literal('').transform(() => null))
    .nullable()
    .refine((v) => !!v, { message: 'image_required' }),
  xtPhotoFileCode: fileCode.nullable().optional(),
  code: text().max(64).default(''),
  accessoryCode: text().max(64).default(''),
  type: z.enum(ACCESSORY_TYPES, { message: 'accessory_type_invalid' }),
});
export const accessoryUpdateSchema = accessoryInputSchema.extend({
  id: z.string().uuid({ message: 'not_found' }),
  version: versionField,
});
export interface Accessory {
  id: string;
  number: string;
  names: Names;
  name: string;
  photoFileCode: string;
  xtPhotoFileCode: string | null;
  code: string;
  accessoryCode: string;
  type: (typeof ACCESSORY_TYPES)[number];
  version: number;
  updatedAt: string;
}

// ---- online categories (what the app shows for online recipes) and their ordered recipes
export const onlineCategoryBatchAddSchema = z.object({
  categories: z
    .array(z.object({ names: namesSchema, sort: sortField, pictureFileCode: fileCode.nullable().optional() }))
    .min(1, { message: 'select_required' })
    .max(100),
});
export const onlineCatRecipeBatchAddSchema = z.object({
  categoryId: z.string().uuid({ message: 'not_found' }),
  recipeIds: selection(z.string().uuid({ message: 'not_found' })),
});
export const onlineCatRecipeBatchDeleteSchema = onlineCatRecipeBatchAddSchema;
export interface OnlineCategory {
  id: string;
  names: Names;
  name: string;
  sort: number;
  pictureFileCode: string | null;
  recipeCount: number;
}
