import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { RECIPE_EXPORT_JOB, RECIPE_EXPORT_QUEUE } from '@kb/platform';
import { APP_CONFIG, type AppConfig } from '../../../../config.js';
import { AppError } from '../../../../common/app-error.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { JobLauncher } from '../../../jobs/job-launcher.js';
import { listConditions } from '../../queries/list-recipes/list-recipes.handler.js';
import { ExportRecipesCommand } from './export-recipes.command.js';

@CommandHandler(ExportRecipesCommand)
export class ExportRecipesHandler implements ICommandHandler<ExportRecipesCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly launcher: JobLauncher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ actor, ids, filter }: ExportRecipesCommand) {
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
}
