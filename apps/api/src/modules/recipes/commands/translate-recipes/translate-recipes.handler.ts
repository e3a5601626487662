import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { TRANSLATION_JOB, TRANSLATION_QUEUE } from '@kb/platform';
import { AppError } from '../../../../common/app-error.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { JobLauncher } from '../../../jobs/job-launcher.js';
import { TranslateRecipesCommand } from './translate-recipes.command.js';

@CommandHandler(TranslateRecipesCommand)
export class TranslateRecipesHandler implements ICommandHandler<TranslateRecipesCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly launcher: JobLauncher,
  ) {}

  async execute({ actor, body }: TranslateRecipesCommand) {
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
