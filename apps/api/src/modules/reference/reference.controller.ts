import { Body, Controller, Get, HttpCode, Post, Query, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import {
  areaSchema,
  type BrandIndexCount,
  brandIndexCountSchema,
  type CategoryRankingItem,
  categoryRankingItemSchema,
  countrySchema,
  deviceModesSchema,
  DICT_TYPES,
  type DictItem,
  dictItemSchema,
  HEATING_MODE_NAMES,
  HEATING_MODES,
  listAnswerSchema,
  pageQuerySchema,
  productSchema,
  productTreeNodeSchema,
  rankingPeriodSchema,
  type RecipeRankingItem,
  recipeRankingItemSchema,
  subBrandProductSchema,
  subBrandSchema,
  systemLanguageSchema,
  text,
  WORK_MODES,
} from '@kb/contracts';
import { AppError, forbidden } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiFileAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { requestContext } from '../../common/request-context.js';
import { pagedQuery } from '../../common/paging.js';
import { parseInput } from '../../common/validation.js';
import { Db } from '../../infra/db.js';
import { IMPORT_TEMPLATES } from './templates.js';
import { Permission } from '../../common/permission.decorator.js';

const brandQuery = z.object({ brandOwnerCode: text({ trim: false }).optional() });
const rankingQuery = brandQuery.extend({ days: rankingPeriodSchema });
const subBrandQuery = z.object({ subBrandCode: text({ trim: false }).min(1, { message: 'bad_request' }) });
const areaQuery = z.object({
  countryCode: text({ trim: false }).optional(),
  parentCode: text({ trim: false }).optional(),
});
const dictQuery = z.object({ dictTypeFlag: z.enum(DICT_TYPES, { message: 'dict_type_invalid' }) });
const templateQuery = z.object({ fileName: text({ trim: false }).min(1, { message: 'file_name_empty' }) });

/** A reference load may name the brand; it must be the caller's own. */
function assertOwnBrand(query: unknown): void {
  const { brandOwnerCode } = parseInput(brandQuery, query);
  if (brandOwnerCode && brandOwnerCode !== requestContext.brand()) throw forbidden();
}

const localized = <T extends { name_zh: string; name_en: string }>(row: T) =>
  requestContext.lang() === 'zh' ? row.name_zh : row.name_en;

@ApiTags('reference')
@Permission('read')
@Controller()
export class ReferenceController {
  constructor(private readonly db: Db) {}

  @Get('common/loadBrandOwnerProduct')
  @ApiAnswer(z.array(productSchema))
  @ApiOperation({ summary: 'Models the caller’s brand sells' })
  @ApiQueryFrom(brandQuery)
  async loadBrandOwnerProduct(@Query() query: unknown) {
    assertOwnBrand(query);
    const rows = await this.db.scoped<ProductRow>(
      `SELECT p.* FROM brand_products bp JOIN products p USING (product_code) WHERE bp.brand_owner_code = $1 ORDER BY p.sort`,
    );
    return ok(rows.map(toProduct));
  }

  @Get('common/loadSubBrand')
  @ApiAnswer(z.array(subBrandSchema))
  @ApiOperation({ summary: 'Sub-brands of the caller’s brand' })
  @ApiQueryFrom(brandQuery)
  async loadSubBrand(@Query() query: unknown) {
    assertOwnBrand(query);
    const rows = await this.db.scoped<{ sub_brand_code: string; name: string }>(
      'SELECT sub_brand_code, name FROM sub_brands WHERE brand_owner_code = $1 ORDER BY sort, sub_brand_code',
    );
    return ok(rows.map((r) => ({ subBrandCode: r.sub_brand_code, subBrandName: r.name })));
  }

  @Get('common/loadSubBrandProduct')
  @ApiAnswer(z.array(subBrandProductSchema))
  @ApiOperation({ summary: 'Models of one sub-brand with their customer model names' })
  @ApiQueryFrom(subBrandQuery)
  async loadSubBrandProduct(@Query() query: unknown) {
    const { subBrandCode } = parseInput(subBrandQuery, query);
    const rows = await this.db.scoped<ProductRow & { customer_model: string }>(
      `SELECT p.*, sp.customer_model FROM sub_brand_products sp JOIN products p USING (product_code)
       WHERE sp.brand_owner_code = $1 AND sp.sub_brand_code = $2 ORDER BY p.sort`,
      [subBrandCode],
    );
    return ok(rows.map((r) => ({ ...toProduct(r), customerModel: r.customer_model })));
  }

  @Get('common/loadBrandProductTree')
  @ApiAnswer(z.array(productTreeNodeSchema))
  @ApiOperation({ summary: 'Brand → sub-brands → models, for cascading pickers' })
  @ApiQueryFrom(brandQuery)
  async loadBrandProductTree(@Query() query: unknown) {
    assertOwnBrand(query);
    const brand = requestContext.user();
    const subs = await this.db.scoped<{ sub_brand_code: string; name: string }>(
      'SELECT sub_brand_code, name FROM sub_brands WHERE brand_owner_code = $1 ORDER BY sort, sub_brand_code',
    );
    const products = await this.db.scoped<ProductRow & { sub_brand_code: string; customer_model: string }>(
      `SELECT p.*, sp.sub_brand_code, sp.customer_model FROM sub_brand_products sp JOIN products p USING (product_code)
       WHERE sp.brand_owner_code = $1 ORDER BY p.sort`,
    );
    return ok([
      {
        value: brand.brandOwnerCode,
        label: brand.brandName,
        children: subs.map((s) => ({
          value: s.sub_brand_code,
          label: s.name,
          children: products
            .filter((p) => p.sub_brand_code === s.sub_brand_code)
            .map((p) => ({
              value: p.product_code,
              label: `${p.customer_model} (${p.factory_model})`,
              potType: p.pot_type,
            })),
        })),
      },
    ]);
  }

  @Get('common/loadCountry')
  @ApiAnswer(z.array(countrySchema))
  @ApiOperation({ summary: 'Countries' })
  async loadCountry() {
    const rows = await this.db.global<{ code: string; name_zh: string; name_en: string }>(
      'SELECT code, name_zh, name_en FROM countries ORDER BY sort',
    );
    return ok(
      rows.map((r) => ({
        countryCode: r.code,
        countryName: localized(r),
        nameZh: r.name_zh,
        nameEn: r.name_en,
      })),
    );
  }

  @Get('common/loadProduct')
  @ApiAnswer(z.array(productSchema))
  @ApiOperation({ summary: 'The platform’s catalogue of appliance models' })
  async loadProduct() {
    const rows = await this.db.global<ProductRow>('SELECT * FROM products ORDER BY sort');
    return ok(rows.map(toProduct));
  }

  @Get('common/loadArea')
  @ApiAnswer(z.array(areaSchema))
  @ApiOperation({ summary: 'Regions: provinces/states of a country, or cities of a region' })
  @ApiQueryFrom(areaQuery)
  async loadArea(@Query() query: unknown) {
    const { countryCode, parentCode } = parseInput(areaQuery, query);
    const rows = await this.db.global<{
      code: string;
      country_code: string;
      parent_code: string | null;
      name_zh: string;
      name_en: string;
      level: number;
    }>(
      `SELECT * FROM areas WHERE ($1::text IS NULL OR country_code = $1)
         AND (CASE WHEN $2::text IS NULL THEN level = 1 ELSE parent_code = $2 END)
       ORDER BY code`,
      [countryCode ?? null, parentCode ?? null],
    );
    return ok(
      rows.map((r) => ({
        areaCode: r.code,
        countryCode: r.country_code,
        parentCode: r.parent_code,
        areaName: localized(r),
        level: r.level,
      })),
    );
  }

  @Get('common/loadDict')
  @ApiAnswer(z.array(dictItemSchema))
  @ApiOperation({ summary: 'A dictionary: INGREDIENTS_UNIT, HOT_WIND_MODE or WORK_MODE' })
  @ApiQueryFrom(dictQuery)
  async loadDict(@Query() query: unknown) {
    const { dictTypeFlag } = parseInput(dictQuery, query);
    const rows = await this.db.global<{
      dict_type: string;
      code: string;
      name_zh: string;
      name_en: string;
      sort: number;
    }>('SELECT * FROM dict_items WHERE dict_type = $1 ORDER BY sort', [dictTypeFlag]);
    const items: DictItem[] = rows.map((r) => ({
      dictType: dictTypeFlag,
      code: r.code,
      name: localized(r),
      nameZh: r.name_zh,
      nameEn: r.name_en,
      sort: r.sort,
    }));
    return ok(items);
  }

  @Get('common/loadSysSupportLang')
  @ApiAnswer(listAnswerSchema(systemLanguageSchema))
  @ApiOperation({ summary: 'Languages the system supports (onPage=false for all)' })
  @ApiQueryFrom(pageQuerySchema)
  async loadSysSupportLang(@Query() query: unknown) {
    const page = parseInput(pageQuerySchema, query);
    const result = await pagedQuery(
      (sql, params) => this.db.global(sql, params),
      'SELECT code, name_zh, name_en, native_name FROM sys_languages ORDER BY sort',
      [],
      page,
      (r: { code: string; name_zh: string; name_en: string; native_name: string }) => ({
        langCode: r.code,
        langName: localized(r),
        nativeName: r.native_name,
      }),
    );
    return ok(page.onPage ? result : result.list);
  }

  @Get('common/loadBrandIndexCount')
  @ApiAnswer(brandIndexCountSchema)
  @ApiOperation({ summary: 'Home counts of the caller’s brand' })
  @ApiQueryFrom(brandQuery)
  async loadBrandIndexCount(@Query() query: unknown) {
    assertOwnBrand(query);
    // Recipes: every recipe not cleared (the recipe_list read model, recycle bin included, and how many of them
    // are in the bin, so the screen can say so); categories: the brand's recipe categories; devices: @kb/devices
    // (its kept per-brand counts; online counted, device-ingest keeps it current); users: the brand's app users
    // (bound to its devices or registered in the app).
    const [counts] = await this.db.scoped<{
      recipes: string;
      recycled: string;
      categories: string;
      devices: string;
      online: string;
      activated: string;
      users: string;
    }>(
      `SELECT (SELECT count(*) FROM recipe_list WHERE brand_owner_code = $1) AS recipes,
              (SELECT count(*) FROM recipe_list WHERE brand_owner_code = $1 AND status = 'recycle_bin') AS recycled,
              coalesce((SELECT total FROM brand_row_counts WHERE kind = 'app_users' AND brand_owner_code = $1), 0)
                AS users,
              (SELECT count(*) FROM recipe_categories WHERE brand_owner_code = $1) AS categories,
              coalesce(c.total, 0) AS devices, coalesce(c.activated, 0) AS activated,
              (SELECT count(*) FROM devices WHERE brand_owner_code = $1 AND online) AS online
         FROM (SELECT 1) one LEFT JOIN device_brand_counts c ON c.brand_owner_code = $1`,
    );
    const count: BrandIndexCount = {
      recipeCount: Number(counts?.recipes ?? 0),
      recipeCategoryCount: Number(counts?.categories ?? 0),
      deviceCount: Number(counts?.devices ?? 0),
      onlineDeviceCount: Number(counts?.online ?? 0),
      activatedDeviceCount: Number(counts?.activated ?? 0),
      userCount: Number(counts?.users ?? 0),
      recycledRecipeCount: Number(counts?.recycled ?? 0),
    };
    return ok(count);
  }

  @Get('common/loadBrandRecipeRanking')
  @ApiAnswer(z.array(recipeRankingItemSchema))
  @ApiOperation({
    summary:
      'Most cooked recipes of the caller’s brand over the last `days` days (7, 30, 90; 0 all time): completed cooking sessions devices reported',
  })
  @ApiQueryFrom(rankingQuery)
  async loadBrandRecipeRanking(@Query() query: unknown) {
    assertOwnBrand(query);
    const { days } = parseInput(rankingQuery, query);
    const rows = await this.db.scoped<{ id: string; number: string; name: string; cooks: string }>(
      `SELECT r.recipe_id::text AS id, r.number,
              coalesce(r.names ->> $2, r.names ->> r.main_lang, r.number) AS name, k.cooks
         FROM (SELECT recipe_id, sum(cooks) AS cooks FROM recipe_cook_daily
                WHERE brand_owner_code = $1 AND ($3 = 0 OR day > current_date - $3::int)
                GROUP BY recipe_id) k
         JOIN recipe_list r ON r.recipe_id = k.recipe_id AND r.brand_owner_code = $1
        ORDER BY k.cooks DESC, r.number LIMIT 10`,
      [requestContext.lang(), days],
    );
    const ranking: RecipeRankingItem[] = rows.map((r) => ({
      recipeId: r.id,
      recipeNumber: r.number,
      recipeName: r.name,
      count: Number(r.cooks),
    }));
    return ok(ranking);
  }

  @Get('common/loadRecipeCategoryRanking')
  @ApiAnswer(z.array(categoryRankingItemSchema))
  @ApiOperation({
    summary:
      'Recipe categories of the caller’s brand whose recipes were cooked most over the last `days` days (7, 30, 90; 0 all time)',
  })
  @ApiQueryFrom(rankingQuery)
  async loadRecipeCategoryRanking(@Query() query: unknown) {
    assertOwnBrand(query);
    const { days } = parseInput(rankingQuery, query);
    const rows = await this.db.scoped<{ id: string; number: string; name: string; count: string }>(
      `SELECT c.id::text AS id, c.number,
              coalesce(c.names ->> $2, c.names ->> c.main_lang, c.number) AS name, sum(k.cooks) AS count
         FROM recipe_cook_daily k
         JOIN recipe_list r ON r.recipe_id = k.recipe_id AND r.brand_owner_code = k.brand_owner_code
         JOIN recipe_categories c ON c.id = r.category_id AND c.brand_owner_code = r.brand_owner_code
        WHERE k.brand_owner_code = $1 AND ($3 = 0 OR k.day > current_date - $3::int)
        GROUP BY c.id ORDER BY sum(k.cooks) DESC, c.sort, c.number LIMIT 10`,
      [requestContext.lang(), days],
    );
    const ranking: CategoryRankingItem[] = rows.map((r) => ({
      categoryId: r.id,
      categoryNumber: r.number,
      categoryName: r.name,
      count: Number(r.count),
    }));
    return ok(ranking);
  }

  @Get('common/downloadImportAccountTpl')
  @ApiOperation({ summary: 'Download an import template by file name' })
  @ApiFileAnswer('text/csv')
  @ApiQuery({ name: 'fileName', required: true, enum: Object.keys(IMPORT_TEMPLATES) })
  async downloadImportAccountTpl(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const { fileName } = parseInput(templateQuery, query);
    const template = IMPORT_TEMPLATES[fileName];
    if (!template) throw new AppError(404, 'template_not_found');
    res.setHeader('Content-Type', template.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
    res.send(await template.body());
  }

  @Post('cofarSdk/allDevModes')
  @ApiAnswer(deviceModesSchema)
  @HttpCode(200)
  @ApiConsumes('application/x-www-form-urlencoded', 'application/json')
  // The device SDK posts an empty form; nothing in it is read.
  @ApiBodyFrom(z.object({}))
  @ApiOperation({ summary: 'Device working and heating modes with their defaults and ranges' })
  allDevModes(@Body() _body: unknown) {
    const zh = requestContext.lang() === 'zh';
    return ok({
      workModes: WORK_MODES.map((m) => ({
        ...m,
        name: zh ? m.nameZh : m.nameEn,
        notes: zh ? m.notesZh : m.notesEn,
      })),
      heatingModes: HEATING_MODES.map((code) => ({ code, name: HEATING_MODE_NAMES[code][zh ? 'zh' : 'en'] })),
    });
  }
}

interface ProductRow {
  product_code: string;
  name_zh: string;
  name_en: string;
  pot_type: string;
  factory_model: string;
}

function toProduct(r: ProductRow) {
  return {
    productCode: r.product_code,
    productName: localized(r),
    potType: r.pot_type,
    factoryModel: r.factory_model,
  };
}
