import { Body, Controller, Get, HttpCode, Inject, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type pg from 'pg';
import { z } from 'zod';
import {
  accessoryChoiceSchema,
  type BrandLanguage,
  brandLanguageSchema,
  brandLanguagesSavedSchema,
  brandLanguagesSaveSchema,
  pageQuerySchema,
  tagByLangSchema,
  text,
} from '@kb/contracts';
import { withTransaction } from '@kb/platform';
import { forbidden } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { ApiAnswer, ApiBodyFrom, ApiQueryFrom } from '../../common/openapi.js';
import { displayName } from '../../common/reference-entity/definition.js';
import { brandLanguages } from '@kb/aggregates';
import { requestContext } from '../../common/request-context.js';
import { boundedWholeList, MAX_WHOLE_LIST } from '../../common/paging.js';
import { parseBody, parseInput } from '../../common/validation.js';
import { Db } from '../../infra/db.js';
import { PG_POOL } from '../../infra/tokens.js';
import { AppError } from '../../common/app-error.js';
import { Permission } from '../../common/permission.decorator.js';

const tagsByLangQuery = z.object({
  brandOwnerCode: text({ trim: false }).optional(),
  lang: text({ trim: false }).min(2, { message: 'lang_required' }),
});
const listAllQuery = pageQuerySchema
  .pick({ onPage: true })
  .extend({ lang: text({ trim: false }).optional() });

/** Brand languages and the read-only lookups that recipe forms load. */
@ApiTags('recipe reference data')
@Permission('read')
@Controller()
export class CatalogController {
  constructor(
    private readonly db: Db,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  @Get('sysSupportLang/list')
  @ApiAnswer(z.array(brandLanguageSchema))
  @ApiOperation({
    summary: 'Every system language with whether the brand supports it and which is its main one',
  })
  async languages() {
    const brand = requestContext.brand();
    const { codes, main } = await brandLanguages(this.pool, brand);
    const rows = await this.db.global<{
      code: string;
      name_zh: string;
      name_en: string;
      native_name: string;
    }>('SELECT code, name_zh, name_en, native_name FROM sys_languages ORDER BY sort');
    const zh = requestContext.lang() === 'zh';
    const list: BrandLanguage[] = rows
      .map((r) => ({
        langCode: r.code,
        langName: zh ? r.name_zh : r.name_en,
        nativeName: r.native_name,
        supported: codes.includes(r.code),
        main: r.code === main,
      }))
      .sort((a, b) => Number(b.main) - Number(a.main) || Number(b.supported) - Number(a.supported));
    return ok(list);
  }

  @Permission('language.edit')
  @Post('sysSupportLang/save')
  @ApiAnswer(brandLanguagesSavedSchema)
  @HttpCode(200)
  @ApiOperation({ summary: 'Choose the brand’s languages and its main language' })
  @ApiBodyFrom(brandLanguagesSaveSchema)
  async saveLanguages(@Body() body: unknown) {
    const input = parseBody(brandLanguagesSaveSchema, body);
    const brand = requestContext.brand();
    const known = await this.db.global<{ code: string }>(
      'SELECT code FROM sys_languages WHERE code = ANY($1)',
      [input.langs],
    );
    if (known.length !== new Set(input.langs).size)
      throw new AppError(400, 'lang_not_supported', { lang: input.langs.join(', ') });
    await withTransaction(this.pool, async (c) => {
      await c.query('DELETE FROM brand_languages WHERE brand_owner_code = $1', [brand]);
      for (const [i, lang] of [
        input.mainLang,
        ...input.langs.filter((l) => l !== input.mainLang),
      ].entries()) {
        await c.query(
          'INSERT INTO brand_languages (brand_owner_code, lang_code, is_main, sort) VALUES ($1, $2, $3, $4)',
          [brand, lang, lang === input.mainLang, i],
        );
      }
    });
    return ok(await brandLanguages(this.pool, brand), 'saved');
  }

  @Get('common/loadTagsByLang')
  @ApiAnswer(z.array(tagByLangSchema))
  @ApiOperation({ summary: 'The brand’s tags that have a name in the given language' })
  @ApiQueryFrom(tagsByLangQuery)
  async tagsByLang(@Query() query: unknown) {
    const { brandOwnerCode, lang } = parseInput(tagsByLangQuery, query);
    if (brandOwnerCode && brandOwnerCode !== requestContext.brand()) throw forbidden();
    const rows = await this.db.scoped<{ id: string; number: string; name: string }>(
      `SELECT id, number, names ->> $2 AS name FROM recipe_tags WHERE brand_owner_code = $1 AND names ? $2 ORDER BY number`,
      [lang],
    );
    return ok(rows);
  }

  @Get('accessory/listAll')
  @ApiAnswer(z.array(accessoryChoiceSchema))
  @ApiOperation({ summary: 'Every accessory of the brand, named in the given language' })
  @ApiQueryFrom(listAllQuery)
  async accessoriesAll(@Query() query: unknown) {
    const { lang } = parseInput(listAllQuery, query);
    const { main } = await brandLanguages(this.pool, requestContext.brand());
    const rows = await this.db.scoped<{
      id: string;
      number: string;
      names: Record<string, string>;
      photo_file_code: string;
      xt_photo_file_code: string | null;
      code: string;
      accessory_code: string;
      type: string;
    }>(`SELECT * FROM accessories WHERE brand_owner_code = $1 ORDER BY number LIMIT ${MAX_WHOLE_LIST + 1}`);
    return ok(
      boundedWholeList(rows).map((r) => ({
        id: r.id,
        number: r.number,
        name: displayName(r.names, lang ?? requestContext.lang(), main),
        photo: r.photo_file_code,
        xtPhoto: r.xt_photo_file_code,
        code: r.code,
        accessoryCode: r.accessory_code,
        type: r.type,
      })),
    );
  }
}
