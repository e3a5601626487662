import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  roleCan,
  type RecipeImportCheck,
  type RecipeListQuery,
  type RecipeImportMapping,
  type RecipeTranslateBody,
} from '@kb/contracts';
import { checkRecipeArchive, type Actor } from '@kb/aggregates';
import {
  RECIPE_EXPORT_JOB,
  RECIPE_EXPORT_QUEUE,
  JobFailure,
  RECIPE_IMPORT_JOB,
  RECIPE_IMPORT_QUEUE,
  TRANSLATION_JOB,
  TRANSLATION_QUEUE,
} from '@kb/platform';
import { AppError } from '../../common/app-error.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';
import { JobLauncher } from '../jobs/job-launcher.js';
import { listConditions } from './queries/list-recipes/list-recipes.handler.js';

/** The long jobs started from the recipe screens (export, import, translation), each checked in the caller's brand first. */
@Injectable()
export class RecipeJobs {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly launcher: JobLauncher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An export of the given recipes, or of every recipe the list's filter shows, into one zip. */
  async startExport(actor: Actor, ids: string[] | undefined, filter: Partial<RecipeListQuery>) {
    const max = this.config.RECIPE_EXPORT_MAX;
    // The brand's own recipes only (never the cleared ones), in the list's order.
    const { where, params, order } = listConditions(actor.brand, ids ? { status: undefined } : filter);
    const selected = ids ? ` AND r.recipe_id = ANY($${params.push(ids)}::uuid[])` : '';
    const { rows } = await this.pool.query<{ id: string }>(
      `SELECT r.recipe_id::text AS id FROM recipe_list r WHERE ${where}${selected} ORDER BY ${order}
        LIMIT ${max + 1}`,
      params,
    );
    if (rows.length === 0) throw new AppError(400, 'recipe_export_none');
    if (rows.length > max) throw new AppError(400, 'recipe_export_too_many', { max });
    return this.launcher.start(actor, {
      queue: RECIPE_EXPORT_QUEUE,
      job: RECIPE_EXPORT_JOB,
      kind: 'recipe-export',
      payload: { recipeIds: rows.map((r) => r.id) },
      params: { count: rows.length, selected: !!ids },
      total: rows.length,
    });
  }

  /** The upload must be the brand's own, and a zip by its bytes (the file store checked them at upload). */
  private async uploadedZip(actor: Actor, fileCode: string) {
    const { rows } = await this.pool.query<{ mime: string; storage_path: string }>(
      `SELECT mime, storage_path FROM files WHERE brand_owner_code = $1 AND file_code = $2`,
      [actor.brand, fileCode],
    );
    if (!rows[0]) throw new AppError(404, 'recipe_import_file_missing');
    if (rows[0].mime !== 'application/zip') throw new AppError(415, 'recipe_import_not_zip');
    return rows[0];
  }

  /** The references of an uploaded zip the brand lacks: the import's mapping step, before anything is written. */
  async checkImport(actor: Actor, fileCode: string): Promise<RecipeImportCheck> {
    const zip = await this.uploadedZip(actor, fileCode);
    try {
      return await checkRecipeArchive(this.pool, this.config.FILES_DIR, actor.brand, zip.storage_path);
    } catch (error) {
      if (error instanceof JobFailure) throw new AppError(400, error.code, error.params);
      throw error;
    }
  }

  /** An import of an uploaded recipe zip (file store code, purpose `zip`), with the mapping step's choices. */
  async startImport(actor: Actor, fileCode: string, fileName: string, mapping?: RecipeImportMapping) {
    await this.uploadedZip(actor, fileCode);
    const langs = Object.entries(mapping?.langs ?? {});
    // Enabling a language for the brand is the language settings' permission; creating a reference, its own.
    if (langs.some(([, choice]) => choice === 'enable') && !roleCan(actor.role, 'language.edit'))
      throw new AppError(403, 'recipe_import_enable_forbidden');
    const creates = { categories: 'category.edit', tags: 'tag.edit', units: 'unit.edit' } as const;
    for (const [kind, permission] of Object.entries(creates))
      if (mapping?.create[kind as keyof typeof creates].length && !roleCan(actor.role, permission))
        throw new AppError(403, 'forbidden');
    if (langs.length) {
      const known = await this.pool.query<{ code: string }>(
        'SELECT code FROM sys_languages WHERE code = ANY($1)',
        [langs.map(([l]) => l)],
      );
      const unknown = langs.find(([l]) => !known.rows.some((r) => r.code === l));
      if (unknown) throw new AppError(400, 'recipe_import_lang_unknown', { lang: unknown[0] });
    }
    return this.launcher.start(actor, {
      queue: RECIPE_IMPORT_QUEUE,
      job: RECIPE_IMPORT_JOB,
      kind: 'recipe-import',
      payload: { fileCode, fileName, mapping },
      params: { fileName },
    });
  }

  /** A translation of the selected recipes; its proposal is reviewed at asyncTask/detail. */
  async startTranslation(actor: Actor, body: RecipeTranslateBody) {
    const { ids, sourceLang, targetLangs } = body;
    // Every id named must be a recipe of the caller's brand (never a cleared one).
    const { rows } = await this.pool.query<{ id: string; langs: string[] }>(
      `SELECT recipe_id::text AS id, langs FROM recipe_list
        WHERE brand_owner_code = $1 AND recipe_id = ANY($2::uuid[]) AND status <> 'cleared'`,
      [actor.brand, ids],
    );
    if (rows.length < ids.length) throw new AppError(404, 'recipe_not_found');
    // §5: multi-language recipes must be selected; single-language ones among them are reported per recipe.
    if (!rows.some((r) => r.langs.length > 1))
      throw new AppError(400, 'recipe_translate_multi_lang_required');
    return this.launcher.start(actor, {
      queue: TRANSLATION_QUEUE,
      job: TRANSLATION_JOB,
      kind: 'recipe-translate',
      payload: { recipeIds: ids, sourceLang, targetLangs },
      params: { count: ids.length, sourceLang, targetLangs },
      total: ids.length,
    });
  }
}
