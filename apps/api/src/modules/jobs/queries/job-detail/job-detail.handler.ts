import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { findJobRun } from '@kb/platform';
import { AppError } from '../../../../common/app-error.js';
import { PG_POOL } from '../../../../infra/tokens.js';
import { toJobRun } from '../../job-runs.dto.js';
import { JobDetailQuery } from './job-detail.query.js';

@QueryHandler(JobDetailQuery)
export class JobDetailHandler implements IQueryHandler<JobDetailQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, id }: JobDetailQuery) {
    const row = await findJobRun(this.pool, brand, id, { results: 'whenFinished' });
    if (!row) throw new AppError(404, 'job_not_found');
    return toJobRun(row, lang);
  }
}
