import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import {
  type H5Group,
  type H5GroupRecipe,
  type H5Recipe,
  type H5Share,
  h5ShareQuerySchema,
  type RecipeContent,
  recipeShareIdQuerySchema,
  recipeShareIdSchema,
  SHARE_ID_PATTERN,
  h5ShareSchema,
  text,
  type UiLang,
} from '@kb/contracts';
import { notFound } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiFileAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { Public } from '../../common/public.decorator.js';
import { displayName } from '../../common/reference-entity/definition.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';
import { sendStoredFile } from '../files/files.controller.js';
import { ensureRecipeShareIds } from './share-ids.js';

const imageQuery = z.object({
  share: text({ message: 'not_found' }).regex(SHARE_ID_PATTERN, { message: 'not_found' }),
  file: z.string().uuid({ message: 'not_found' }),
});

/** A released, online recipe behind a share id, with its content (recipe_detail) and brand. */
interface SharedRecipeRow {
  share_id: string;
  brand_owner_code: string;
  picture_file_code: string | null;
  content: RecipeContent;
}

const SHOWN_RECIPE = `
  SELECT s.share_id, r.brand_owner_code, r.picture_file_code::text AS picture_file_code, d.state -> 'content' AS content
    FROM recipe_share_ids s
    JOIN recipe_list r ON r.recipe_id = s.recipe_id AND r.brand_owner_code = s.brand_owner_code
    JOIN recipe_detail d ON d.recipe_id = s.recipe_id
   WHERE r.status = 'released' AND r.online`;

/** The language of the texts shown: the asked one when the recipe has a name in it, else its main language. */
const textLang = (c: RecipeContent, lang: UiLang) => (c.texts[lang]?.name ? lang : c.mainLang);
const imageUrl = (share: string, file: string | null | undefined) =>
  file ? `/api/h5/image?share=${encodeURIComponent(share)}&file=${file}` : null;

/**
 * The public H5 page's data (no login): a released, online recipe or a themed group, addressed by its share
 * id (128 random bits). Anything else (unknown id, another record, a recipe recalled or offline) is a 404.
 */
@ApiTags('H5 share page')
@Controller('h5')
export class H5Controller {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('share')
  @ApiAnswer(h5ShareSchema)
  @ApiOperation({
    summary: 'What the H5 page shows for a share id (public; released online recipes and groups only)',
  })
  @ApiQueryFrom(h5ShareQuerySchema)
  async share(@Query() query: unknown) {
    const { id, lang } = parseInput(h5ShareQuerySchema, query);
    const shared = (await this.group(id, lang)) ?? (await this.recipe(id, lang));
    if (!shared) throw notFound();
    return ok<H5Share>(shared);
  }

  @Public()
  @Get('image')
  @ApiFileAnswer('image/*')
  @ApiOperation({ summary: 'An image the H5 page of a share id shows (public)' })
  @ApiQuery({ name: 'share', required: true })
  @ApiQuery({ name: 'file', required: true })
  async image(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const { share, file } = parseInput(imageQuery, query);
    const shared = (await this.group(share, 'zh')) ?? (await this.recipe(share, 'zh'));
    if (!shared || !imagesOf(shared).has(file)) throw notFound();
    const { rows } = await this.pool.query<{
      mime: string;
      size: number;
      original_name: string;
      storage_path: string;
    }>(
      `SELECT mime, size, original_name, storage_path FROM files WHERE file_code = $1 AND purpose = 'image'`,
      [file],
    );
    if (!rows[0]) throw notFound();
    sendStoredFile(res, this.config, rows[0]);
  }

  @Permission('read')
  @Get('recipeShareId')
  @ApiAnswer(recipeShareIdSchema)
  @ApiOperation({ summary: 'The H5 share id of one of the brand’s recipes (made on first ask)' })
  @ApiQueryFrom(recipeShareIdQuerySchema)
  async recipeShareId(@Query() query: unknown) {
    const { recipeId } = parseInput(recipeShareIdQuerySchema, query);
    const ids = await ensureRecipeShareIds(this.pool, requestContext.brand(), [recipeId]);
    const shareId = ids.get(recipeId);
    if (!shareId) throw notFound();
    return ok({ recipeId, shareId });
  }

  private async recipe(shareId: string, lang: UiLang): Promise<H5Recipe | null> {
    const { rows } = await this.pool.query<SharedRecipeRow>(`${SHOWN_RECIPE} AND s.share_id = $1`, [shareId]);
    const row = rows[0];
    if (!row) return null;
    const c = row.content;
    const shown = textLang(c, lang);
    const version = c.servingVersions[0];
    const unitIds = [...new Set((version?.ingredients ?? []).map((i) => i.unitId).filter((u) => u !== null))];
    const units = await this.pool.query<{ id: string; names: Record<string, string> }>(
      'SELECT id::text AS id, names FROM ingredient_units WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])',
      [row.brand_owner_code, unitIds],
    );
    const unit = new Map(units.rows.map((u) => [u.id, displayName(u.names, shown, c.mainLang)]));
    const images = await this.images(
      (version?.steps ?? []).map((s) => s.mediaFileCode).filter((f): f is string => !!f),
    );
    return {
      kind: 'recipe',
      shareId,
      lang: shown,
      name: c.texts[shown]?.name ?? '',
      pictureUrl: imageUrl(shareId, row.picture_file_code),
      description: c.texts[shown]?.description ?? '',
      servings: version?.servings ?? null,
      ingredients: (version?.ingredients ?? []).map((i) => ({
        name: displayName(i.names, shown, c.mainLang),
        quantity: i.quantity,
        unit: i.unitId ? (unit.get(i.unitId) ?? '') : '',
        description: displayName(i.descriptions, shown, c.mainLang),
      })),
      steps: (version?.steps ?? []).map((s) => ({
        number: s.number,
        description: displayName(s.descriptions, shown, c.mainLang),
        pictureUrl:
          s.mediaFileCode && images.has(s.mediaFileCode) ? imageUrl(shareId, s.mediaFileCode) : null,
        minutes: s.minutes,
        seconds: s.seconds,
      })),
    };
  }

  /** Which of the files are images (a step's media may be a video, which the page does not show). */
  private async images(codes: string[]): Promise<Set<string>> {
    if (!codes.length) return new Set();
    const { rows } = await this.pool.query<{ code: string }>(
      `SELECT file_code::text AS code FROM files WHERE file_code = ANY($1::uuid[]) AND purpose = 'image'`,
      [codes],
    );
    return new Set(rows.map((r) => r.code));
  }

  private async group(shareId: string, lang: UiLang): Promise<H5Group | null> {
    const { rows } = await this.pool.query<{
      id: string;
      brand_owner_code: string;
      name: string;
      cover_file_code: string | null;
      descriptions: Record<string, string>;
    }>(
      `SELECT id, brand_owner_code, name, cover_file_code::text AS cover_file_code, descriptions
         FROM content_groups WHERE share_id = $1`,
      [shareId],
    );
    const g = rows[0];
    if (!g) return null;
    const recipes = await this.pool.query<SharedRecipeRow>(
      `SELECT x.* FROM content_group_recipes l
         JOIN LATERAL (${SHOWN_RECIPE} AND s.recipe_id = l.recipe_id AND s.brand_owner_code = l.brand_owner_code) x ON true
        WHERE l.group_id = $1 AND l.brand_owner_code = $2
        ORDER BY l.sort`,
      [g.id, g.brand_owner_code],
    );
    const main = await this.pool.query<{ lang_code: string }>(
      'SELECT lang_code FROM brand_languages WHERE brand_owner_code = $1 AND is_main',
      [g.brand_owner_code],
    );
    return {
      kind: 'group',
      shareId,
      lang,
      name: g.name,
      coverUrl: imageUrl(shareId, g.cover_file_code),
      description: displayName(g.descriptions, lang, main.rows[0]?.lang_code ?? 'zh'),
      recipes: recipes.rows.map((r): H5GroupRecipe => {
        const shown = textLang(r.content, lang);
        return {
          shareId: r.share_id,
          name: r.content.texts[shown]?.name ?? '',
          pictureUrl: imageUrl(shareId, r.picture_file_code),
          description: r.content.texts[shown]?.description ?? '',
        };
      }),
    };
  }
}

/** The file codes the answer's image URLs name. */
function imagesOf(shared: H5Share): Set<string> {
  const urls =
    shared.kind === 'recipe'
      ? [shared.pictureUrl, ...shared.steps.map((s) => s.pictureUrl)]
      : [shared.coverUrl, ...shared.recipes.map((r) => r.pictureUrl)];
  return new Set(
    urls.filter((u): u is string => !!u).map((u) => new URL(u, 'http://h5').searchParams.get('file')!),
  );
}
