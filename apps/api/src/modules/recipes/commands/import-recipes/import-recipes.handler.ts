import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { RECIPE_IMPORT_JOB, RECIPE_IMPORT_QUEUE } from '@kb/platform';
import { AppError } from '../../../../common/app-error.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { JobLauncher } from '../../../jobs/job-launcher.js';
import { ImportRecipesCommand } from './import-recipes.command.js';

@CommandHandler(ImportRecipesCommand)
export class ImportRecipesHandler implements ICommandHandler<ImportRecipesCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    private readonly launcher: JobLauncher,
  ) {}

  async execute({ actor, fileCode, fileName }: ImportRecipesCommand) {
    // The upload must be the brand's own, and a zip by its bytes (the file store checked them at upload).
    const { rows } = await this.pool.query<{ mime: string }>(
      `SELECT mime FROM files WHERE brand_owner_code = $1 AND file_code = $2`,
      [actor.brand, fileCode],
    );
    if (!rows[0]) throw new AppError(404, 'recipe_import_file_missing');
    if (rows[0].mime !== 'application/zip') throw new AppError(415, 'recipe_import_not_zip');
    return this.launcher.start(actor, {
      queue: RECIPE_IMPORT_QUEUE,
      job: RECIPE_IMPORT_JOB,
      kind: 'recipe-import',
      payload: { fileCode, fileName },
      params: { fileName },
    });
  }
}
