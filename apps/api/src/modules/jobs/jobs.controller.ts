import path from 'node:path';
import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type pg from 'pg';
import { jobIdQuerySchema, jobListQuerySchema, jobRunPageSchema, jobRunSchema } from '@kb/contracts';
import { findJobRun } from '@kb/platform';
import { AppError } from '../../common/app-error.js';
import { ok } from '../../common/envelope.js';
import { sendDownload } from '../../common/file-download.js';
import { ApiAnswer, ApiFileAnswer, ApiQueryFrom } from '../../common/openapi.js';
import { Permission } from '../../common/permission.decorator.js';
import { requestContext } from '../../common/request-context.js';
import { parseInput } from '../../common/validation.js';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';
import { JobDetailQuery } from './queries/job-detail/job-detail.query.js';
import { ListJobsQuery } from './queries/list-jobs/list-jobs.query.js';

/** The long jobs of the brand (pack builds, recipe import, export, translation): progress, report, output. */
@ApiTags('jobs')
@Permission('read')
@Controller()
export class JobsController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('recipe/asyncTask/detail')
  @ApiOperation({
    summary:
      'One long job of the brand: state queued/running/succeeded/failed, progress, output file, error, and the per-item report once it has finished',
  })
  @ApiQueryFrom(jobIdQuerySchema)
  @ApiAnswer(jobRunSchema)
  async detail(@Query() query: unknown) {
    const { id } = parseInput(jobIdQuerySchema, query);
    return ok(
      await this.queries.execute(new JobDetailQuery(requestContext.brand(), requestContext.lang(), id)),
    );
  }

  @Get('jobs/list')
  @ApiOperation({ summary: 'The brand’s long jobs, newest first, optionally of one kind (keyset pages)' })
  @ApiQueryFrom(jobListQuerySchema)
  @ApiAnswer(jobRunPageSchema)
  async list(@Query() query: unknown) {
    const filter = parseInput(jobListQuerySchema, query);
    return ok(
      await this.queries.execute(new ListJobsQuery(requestContext.brand(), requestContext.lang(), filter)),
    );
  }

  @Get('jobs/download')
  @ApiOperation({ summary: 'Download the output file of a finished job of the brand (404 when it has none)' })
  @ApiFileAnswer('application/zip')
  @ApiQueryFrom(jobIdQuerySchema)
  async download(@Query() query: unknown, @Res() res: Response): Promise<void> {
    const { id } = parseInput(jobIdQuerySchema, query);
    const row = await findJobRun(this.pool, requestContext.brand(), id);
    if (!row || row.state !== 'succeeded' || !row.output_path || !row.output_name)
      throw new AppError(404, 'job_output_missing');
    sendDownload(res, {
      fullPath: path.resolve(this.config.FILES_DIR, row.output_path),
      size: Number(row.output_size ?? 0),
      name: row.output_name,
      type: row.output_name.endsWith('.zip') ? 'application/zip' : 'application/octet-stream',
      missingCode: 'job_output_missing',
    });
  }
}
