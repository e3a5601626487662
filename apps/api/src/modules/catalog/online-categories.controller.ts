import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import {
  addedSchema,
  deletedSchema,
  idListSchema,
  idSchema,
  idsSchema,
  listAnswerSchema,
  type OnlineCategory,
  onlineCategoryBatchAddSchema,
  onlineCategoryDetailSchema,
  onlineCategorySchema,
  onlineCategoryListQuerySchema,
  onlineCatRecipeBatchAddSchema,
  onlineCatRecipeBatchDeleteSchema,
  removedSchema,
} from '@kb/contracts';
import { withTransaction } from '@kb/platform';
import { AppError, notFound } from '../../common/app-error.js';
import { checkBrandReferences } from '../../common/brand-references.js';
import { orderClause, listOrder } from '../../common/list-sort.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { boundedWholeList } from '../../common/paging.js';
import { displayName, type RecipeLinks } from '../../common/reference-entity/definition.js';
import { checkLinkable, removeLinks, upsertLinks } from '../../common/reference-entity/recipe-links.js';
import { brandLanguages } from '@kb/aggregates';
import { requestContext } from '../../common/request-context.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { Db } from '../../infra/db.js';
import { PG_POOL } from '../../infra/tokens.js';
import { Permission } from '../../common/permission.decorator.js';
import { deleteBrandRecords } from '../../common/brand-records.js';

interface CategoryRow {
  id: string;
  names: Record<string, string>;
  sort: number;
  picture_file_code: string | null;
  recipe_count: string;
}

/**
 * The online category list's sortable columns in SQL; by name it sorts by the name shown (in the caller's
 * language, else the brand's main one) once the names are read. A brand has tens of categories.
 */
const ONLINE_CATEGORY_ORDER = listOrder<'sort' | 'recipeCount'>({
  keys: {
    sort: 'c.sort integer',
    recipeCount: 'recipe_count bigint',
  },
  tieBreak: 'c.id text',
  natural: 'c.sort, c.created_at',
});

/** Ascending by name, the tie by id the other way (as orderClause breaks ties); descending reversed. */
function byName(list: OnlineCategory[], order: 'asc' | 'desc' | undefined): OnlineCategory[] {
  const asc = [...list].sort((a, b) =>
    a.name === b.name ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.name < b.name ? -1 : 1,
  );
  return order === 'desc' ? asc.reverse() : asc;
}

/** An online category's ordered recipes (any recipe of the brand still in the read model). */
const ONLINE_CATEGORY_RECIPES: RecipeLinks = {
  table: 'app_online_category_recipes',
  parentColumn: 'category_id',
  recipeIdType: 'text',
  releasedOnly: false,
};

/**
 * The app's online-recipe categories and their ordered recipes (§7 appOnlineCategory, appOnlineCatRecipe).
 * Recipes are referenced by id; their names and states come from the recipe read model once it exists.
 */
@ApiTags('online categories')
@Permission('read')
@Controller()
export class OnlineCategoriesController {
  constructor(
    private readonly db: Db,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  private async toDto(rows: CategoryRow[]): Promise<OnlineCategory[]> {
    const { main } = await brandLanguages(this.pool, requestContext.brand());
    const lang = requestContext.lang();
    return rows.map((r) => ({
      id: r.id,
      names: r.names,
      name: displayName(r.names, lang, main),
      sort: r.sort,
      pictureFileCode: r.picture_file_code,
      recipeCount: Number(r.recipe_count),
    }));
  }

  @Get('appOnlineCategory/list')
  @ApiAnswer(listAnswerSchema(onlineCategorySchema))
  @ApiOperation({ summary: 'Online categories with their recipe counts (filter by name)' })
  @ApiQueryFrom(onlineCategoryListQuerySchema)
  async list(@Query() query: unknown) {
    const f = parseInput(onlineCategoryListQuerySchema, query);
    const order =
      f.orderBy === 'name'
        ? ONLINE_CATEGORY_ORDER.natural
        : orderClause(ONLINE_CATEGORY_ORDER, { orderBy: f.orderBy, order: f.order });
    const rows = await this.db.scoped<CategoryRow>(
      `SELECT c.*, (SELECT count(*) FROM app_online_category_recipes r WHERE r.category_id = c.id) AS recipe_count
       FROM app_online_categories c
       WHERE c.brand_owner_code = $1
         AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM jsonb_each_text(c.names) n WHERE n.value ILIKE '%' || $2 || '%'))
       ORDER BY ${order}`,
      [f.name ?? null],
    );
    const named = await this.toDto(rows);
    const list = f.orderBy === 'name' ? byName(named, f.order) : named;
    if (!f.onPage) return ok(boundedWholeList(list));
    const start = (f.pageNum - 1) * f.pageSize;
    return ok({
      list: list.slice(start, start + f.pageSize),
      total: list.length,
      pageNum: f.pageNum,
      pageSize: f.pageSize,
    });
  }

  @Get('appOnlineCategory/detail')
  @ApiAnswer(onlineCategoryDetailSchema)
  @ApiOperation({ summary: 'One online category with its ordered recipe ids' })
  @ApiQueryFrom(idSchema)
  async detail(@Query() query: unknown) {
    const { id } = parseInput(idSchema, query);
    const rows = await this.db.scoped<CategoryRow>(
      `SELECT c.*, (SELECT count(*) FROM app_online_category_recipes r WHERE r.category_id = c.id) AS recipe_count
       FROM app_online_categories c WHERE c.brand_owner_code = $1 AND c.id = $2`,
      [id],
    );
    if (!rows[0]) throw notFound();
    const recipes = await this.db.scoped<{ recipe_id: string; sort: number }>(
      'SELECT recipe_id, sort FROM app_online_category_recipes WHERE brand_owner_code = $1 AND category_id = $2 ORDER BY sort',
      [id],
    );
    const [category] = await this.toDto(rows);
    return ok({ ...category, recipes: recipes.map((r) => ({ recipeId: r.recipe_id, sort: r.sort })) });
  }

  @Permission('onlineCategory.edit')
  @Post('appOnlineCategory/batchAdd')
  @ApiAnswer(idListSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Create several online categories at once' })
  @ApiBodyFrom(onlineCategoryBatchAddSchema)
  async batchAdd(@Body() body: unknown) {
    const { categories } = parseBody(onlineCategoryBatchAddSchema, body);
    const brand = requestContext.brand();
    const { codes, main } = await brandLanguages(this.pool, brand);
    categories.forEach((c, i) => {
      if (!c.names[main]) {
        throw new AppError(
          400,
          'main_name_required',
          {},
          { fieldErrors: { [`categories.${i}.names.${main}`]: 'main_name_required' } },
        );
      }
      const foreign = Object.keys(c.names).find((l) => !codes.includes(l));
      if (foreign) throw new AppError(400, 'lang_not_supported', { lang: foreign });
    });
    await checkBrandReferences(
      this.pool,
      brand,
      categories.map((c, i) => ({
        field: `categories.${i}.pictureFileCode`,
        kind: 'image' as const,
        value: c.pictureFileCode,
      })),
      requestContext.lang(),
    );
    const ids = await withTransaction(this.pool, async (client) => {
      const out: string[] = [];
      for (const c of categories) {
        const { rows } = await client.query<{ id: string }>(
          'INSERT INTO app_online_categories (brand_owner_code, names, sort, picture_file_code) VALUES ($1, $2, $3, $4) RETURNING id',
          [brand, JSON.stringify(c.names), c.sort, c.pictureFileCode ?? null],
        );
        out.push(rows[0]!.id);
      }
      return out;
    });
    return ok({ ids }, 'saved');
  }

  @Permission('onlineCategory.edit')
  @Post('appOnlineCategory/batchDelete')
  @ApiAnswer(deletedSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Delete online categories (their recipe links go with them)' })
  @ApiBodyFrom(idsSchema)
  async batchDelete(@Body() body: unknown) {
    const { ids } = parseBody(idsSchema, body);
    // Their recipe links go with them (the links' foreign key).
    return ok(
      await deleteBrandRecords(this.pool, requestContext.brand(), { table: 'app_online_categories' }, ids),
    );
  }

  @Permission('onlineCategory.edit')
  @Post('appOnlineCatRecipe/batchAdd')
  @ApiAnswer(addedSchema)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Append recipes to an online category, in the order given (already linked ones are kept)',
  })
  @ApiBodyFrom(onlineCatRecipeBatchAddSchema)
  async addRecipes(@Body() body: unknown) {
    const { categoryId, recipeIds } = parseBody(onlineCatRecipeBatchAddSchema, body);
    const added = await withTransaction(this.pool, async (client) => {
      const brand = requestContext.brand();
      const cat = await client.query(
        'SELECT 1 FROM app_online_categories WHERE brand_owner_code = $1 AND id = $2 FOR UPDATE',
        [brand, categoryId],
      );
      if (!cat.rowCount) throw notFound();
      const ctx = { client, brand, lang: requestContext.lang() };
      await checkLinkable(ctx, ONLINE_CATEGORY_RECIPES, recipeIds);
      return upsertLinks(
        ctx,
        ONLINE_CATEGORY_RECIPES,
        categoryId,
        recipeIds.map((recipeId) => ({ recipeId })),
        false,
      );
    });
    return ok({ added }, 'saved');
  }

  @Permission('onlineCategory.edit')
  @Post('appOnlineCatRecipe/batchDelete')
  @ApiAnswer(removedSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Remove recipes from an online category' })
  @ApiBodyFrom(onlineCatRecipeBatchDeleteSchema)
  async removeRecipes(@Body() body: unknown) {
    const { categoryId, recipeIds } = parseBody(onlineCatRecipeBatchDeleteSchema, body);
    const removed = await removeLinks(
      this.pool,
      ONLINE_CATEGORY_RECIPES,
      requestContext.brand(),
      categoryId,
      recipeIds,
    );
    return ok({ removed });
  }
}
