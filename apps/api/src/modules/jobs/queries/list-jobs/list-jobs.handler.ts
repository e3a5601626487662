import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { listJobRuns } from '@kb/platform';
import { PG_POOL } from '../../../../infra/tokens.js';
import { toJobRun } from '../../job-runs.dto.js';
import { ListJobsQuery } from './list-jobs.query.js';

@QueryHandler(ListJobsQuery)
export class ListJobsHandler implements IQueryHandler<ListJobsQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ brand, lang, filter }: ListJobsQuery) {
    const [createdAt, id] = filter.after?.split('|') ?? [];
    const rows = await listJobRuns(this.pool, brand, {
      kind: filter.kind,
      after: createdAt && id ? { createdAt, id } : undefined,
      size: filter.size + 1,
    });
    const page = rows.slice(0, filter.size);
    const last = page.at(-1);
    return {
      list: page.map((r) => toJobRun(r, lang)),
      next: rows.length > filter.size && last ? `${last.created_at}|${last.id}` : null,
    };
  }
}
