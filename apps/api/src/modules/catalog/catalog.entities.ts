import {
  accessoryInputSchema,
  categoryInputSchema,
  tagInputSchema,
  unitInputSchema,
  type Accessory,
  type IngredientUnit,
  type Names,
  type RecipeCategory,
  type RecipeTag,
  accessorySchema,
  ingredientUnitSchema,
  numberedNamesSchema,
  recipeCategorySchema,
} from '@kb/contracts';
import { AppError } from '../../common/app-error.js';
import { ownedAmong } from '@kb/aggregates';
import {
  displayName,
  EXPORT,
  exportColumn,
  isoTime,
  namesOf,
  numberedNamesDto,
  type EntityContext,
  type ReferenceEntity,
} from '../../common/reference-entity/definition.js';
import type { z } from 'zod';

/** Files named by a record must be images the brand uploaded. */
export async function assertOwnImages(
  codes: (string | null | undefined)[],
  ctx: EntityContext,
  field: string,
) {
  const wanted = codes.filter((c): c is string => !!c);
  if (!wanted.length) return;
  const owned = await ownedAmong(ctx.client, ctx.brand, 'image', wanted);
  if (owned.size !== new Set(wanted).size)
    throw new AppError(400, 'file_invalid', {}, { fieldErrors: { [field]: 'file_invalid' } });
}

export const recipeCategoryEntity: ReferenceEntity<z.output<typeof categoryInputSchema>, RecipeCategory> = {
  dtoSchema: recipeCategorySchema,
  route: 'recipeCategory',
  editPermission: 'category.edit',
  label: 'recipe categories',
  table: 'recipe_categories',
  addSchema: categoryInputSchema,
  namesColumn: 'names',
  numberColumn: 'number',
  mainLangOf: (input) => input.mainLang,
  orderBy: 't.sort, t.number',
  exportFile: 'recipe-categories',
  exportColumns: {
    number: EXPORT.number,
    name: EXPORT.name(),
    names: EXPORT.names(),
    sort: EXPORT.sort,
    recipeCount: exportColumn('菜谱数', 'Recipes', (r) => Number(r.recipe_count ?? 0)),
    updatedAt: EXPORT.updatedAt,
  },
  columns: (i) => ({
    number: i.number,
    main_lang: i.mainLang,
    names: i.names,
    sort: i.sort,
    picture_file_code: i.pictureFileCode ?? null,
  }),
  validate: (i, ctx) => assertOwnImages([i.pictureFileCode], ctx, 'pictureFileCode'),
  // Recipes (the recipe_list read model; cleared ones are gone from it) that name the category.
  extraSelect: `(SELECT count(*) FROM recipe_list r
                  WHERE r.brand_owner_code = t.brand_owner_code AND r.category_id = t.id) AS recipe_count`,
  beforeDelete: async (ids, ctx) => {
    const { rows } = await ctx.client.query<{ names: Names; main_lang: string; count: string }>(
      `SELECT c.names, c.main_lang, count(*) AS count
         FROM recipe_categories c JOIN recipe_list r ON r.category_id = c.id AND r.brand_owner_code = c.brand_owner_code
        WHERE c.brand_owner_code = $1 AND c.id = ANY($2::uuid[])
        GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`,
      [ctx.brand, ids],
    );
    const used = rows[0];
    if (used)
      throw new AppError(409, 'recipe_category_in_use', {
        name: displayName(used.names, ctx.lang, used.main_lang),
        count: Number(used.count),
      });
  },
  toDto: (r, { lang }) => {
    const names = namesOf(r);
    return {
      id: r.id,
      number: String(r.number),
      mainLang: String(r.main_lang),
      names,
      name: displayName(names, lang, String(r.main_lang)),
      sort: Number(r.sort),
      pictureFileCode: (r.picture_file_code as string | null) ?? null,
      recipeCount: Number(r.recipe_count ?? 0),
      version: r.version,
      updatedAt: isoTime(r.updated_at),
    };
  },
};

export const recipeTagEntity: ReferenceEntity<z.output<typeof tagInputSchema>, RecipeTag> = {
  dtoSchema: numberedNamesSchema,
  route: 'recipeTag',
  editPermission: 'tag.edit',
  label: 'recipe tags',
  table: 'recipe_tags',
  addSchema: tagInputSchema,
  namesColumn: 'names',
  numberColumn: 'number',
  orderBy: 't.number',
  exportFile: 'recipe-tags',
  exportColumns: {
    number: EXPORT.number,
    name: EXPORT.name(),
    names: EXPORT.names(),
    updatedAt: EXPORT.updatedAt,
  },
  columns: (i) => ({ number: i.number, names: i.names }),
  toDto: numberedNamesDto,
};

export const ingredientUnitEntity: ReferenceEntity<z.output<typeof unitInputSchema>, IngredientUnit> = {
  dtoSchema: ingredientUnitSchema,
  route: 'boUnit',
  editPermission: 'unit.edit',
  label: 'ingredient units',
  table: 'ingredient_units',
  addSchema: unitInputSchema,
  namesColumn: 'names',
  uniqueNames: true,
  orderBy: 't.created_at, t.id',
  endpoints: ['list', 'add', 'update', 'detail', 'delete'],
  exportFile: 'ingredient-units',
  exportColumns: { name: EXPORT.name(), names: EXPORT.names(), updatedAt: EXPORT.updatedAt },
  columns: (i) => ({ names: i.names }),
  toDto: (r, { lang, mainLang }) => {
    const names: Names = namesOf(r);
    return {
      id: r.id,
      names,
      name: displayName(names, lang, mainLang),
      version: r.version,
      updatedAt: isoTime(r.updated_at),
    };
  },
};

export const accessoryEntity: ReferenceEntity<z.output<typeof accessoryInputSchema>, Accessory> = {
  dtoSchema: accessorySchema,
  route: 'accessory',
  editPermission: 'accessory.edit',
  label: 'accessories',
  table: 'accessories',
  addSchema: accessoryInputSchema,
  namesColumn: 'names',
  numberColumn: 'number',
  orderBy: 't.number',
  exportFile: 'accessories',
  exportColumns: {
    number: EXPORT.number,
    name: EXPORT.name(),
    code: exportColumn('编码', 'Code', (r) => r.code),
    accessoryCode: exportColumn('配件编码', 'Accessory code', (r) => r.accessory_code),
    updatedAt: EXPORT.updatedAt,
  },
  columns: (i) => ({
    number: i.number,
    names: i.names,
    photo_file_code: i.photoFileCode,
    xt_photo_file_code: i.xtPhotoFileCode ?? null,
    code: i.code,
    accessory_code: i.accessoryCode,
    type: i.type,
  }),
  validate: async (i, ctx) => {
    await assertOwnImages([i.photoFileCode], ctx, 'photoFileCode');
    await assertOwnImages([i.xtPhotoFileCode], ctx, 'xtPhotoFileCode');
  },
  toDto: (r, { lang, mainLang }) => {
    const names = namesOf(r);
    return {
      id: r.id,
      number: String(r.number),
      names,
      name: displayName(names, lang, mainLang),
      photoFileCode: String(r.photo_file_code),
      xtPhotoFileCode: (r.xt_photo_file_code as string | null) ?? null,
      code: String(r.code),
      accessoryCode: String(r.accessory_code),
      type: r.type as Accessory['type'],
      version: r.version,
      updatedAt: isoTime(r.updated_at),
    };
  },
};
