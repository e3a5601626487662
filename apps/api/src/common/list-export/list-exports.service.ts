import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type pg from 'pg';
import type { JobRun } from '@kb/contracts';
import {
  defineJobWorker,
  LIST_EXPORT_FORMATS,
  LIST_EXPORT_JOB,
  LIST_EXPORT_QUEUE,
  openTableFile,
  type JobOutcome,
  type JobWorkerDeps,
  type ListExportJob,
} from '@kb/platform';
import { hostJobWorker } from '../hosted-job-worker.js';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { PG_POOL } from '../../infra/tokens.js';
import { JobLauncher } from '../../modules/jobs/job-launcher.js';
import { actorOfRequest } from '../actor.js';
import { requestContext } from '../request-context.js';
import { parseBody, parseInput } from '../validation.js';
import { listExportOf, type ExportedList } from './list-export.js';

/** Rows read per page of an export: memory holds one page, whatever the number of rows. */
const BATCH = 500;

const formatSchema = z.object({
  format: z.enum(LIST_EXPORT_FORMATS, { message: 'format_invalid' }).default('csv'),
});

interface ExportDeps extends JobWorkerDeps {
  filesDir: string;
  moduleRef: ModuleRef;
}

/**
 * Writes one list export: reads the list's pages as its `/list` route does (inside the asker's brand and
 * language, as a viewer: reading is all it does) and streams them into CSV (UTF-8 with a BOM, so Excel reads it)
 * or xlsx. Progress counts the rows written of those the list counted at the start.
 */
async function writeExport(
  job: ListExportJob,
  deps: ExportDeps,
  progress: (done: number, total: number) => Promise<void>,
): Promise<JobOutcome> {
  const declaration = listExportOf(job.list);
  const service = deps.moduleRef.get(declaration.service, { strict: false });
  const lang = job.lang;
  const file = await openTableFile({
    filesDir: deps.filesDir,
    brandOwnerCode: job.brandOwnerCode,
    runId: job.runId,
    name: `${declaration.fileName}.${job.format}`,
    format: job.format,
    headers: declaration.columns.map((c) => c.header[lang]),
    sheetName: declaration.sheetName[lang],
    widths: declaration.columns.map((c) => c.width ?? 16),
  });
  const user = {
    id: job.actor,
    account: job.actor,
    name: job.actor,
    email: '',
    role: 'viewer' as const,
    brandOwnerCode: job.brandOwnerCode,
    brandName: job.brandOwnerCode,
    firstLogin: false,
  };
  try {
    const done = await requestContext.run({ requestId: job.runId, lang, ip: 'job', user }, async () => {
      const query = parseInput(declaration.schema, job.query) as object;
      let written = 0;
      let after: string | undefined;
      for (let pageNum = 1; ; pageNum++) {
        const page = await declaration.page(service, {
          ...query,
          pageNum,
          pageSize: BATCH,
          onPage: true,
          after,
        });
        for (const row of page.list) await file.row(declaration.columns.map((c) => c.value(row, lang)));
        written += page.list.length;
        await progress(Math.min(written, page.total), Math.max(page.total, written));
        if (page.list.length < BATCH || page.nextCursor === null) return written;
        after = page.nextCursor;
      }
    });
    return { output: await file.finish(), summary: { rows: done, format: job.format } };
  } catch (error) {
    await file.abandon();
    throw error;
  }
}

const listExportWorker = defineJobWorker({
  queue: LIST_EXPORT_QUEUE,
  kind: 'list-export',
  concurrency: 1,
  run: (ctx, deps: ExportDeps) => writeExport(ctx.data, deps, (done, total) => ctx.progress(done, total)),
});

/**
 * The list kit's exports: `start` checks the list's query as its `/list` route would (a bad filter is refused
 * here, not in the job) and starts the job; the worker, in this process, writes the file.
 */
@Injectable()
export class ListExports implements OnModuleInit, OnApplicationShutdown {
  private worker?: { close(): Promise<void> };

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly launcher: JobLauncher,
    private readonly moduleRef: ModuleRef,
  ) {}

  async start(list: ExportedList, body: unknown): Promise<JobRun> {
    const declaration = listExportOf(list);
    const { format } = parseInput(formatSchema, body);
    const query = { ...(body as Record<string, unknown>) };
    for (const paging of ['format', 'pageNum', 'pageSize', 'onPage', 'after']) delete query[paging];
    // A key the list does not know is refused, as on every write (a misspelled filter would export everything).
    const parsed = parseBody(declaration.schema, query) as object;
    // Reads the first row as the job will: a filter the list refuses (a range ending before it starts) is
    // refused now, in the asker's language.
    const service = this.moduleRef.get(declaration.service, { strict: false });
    const first = await declaration.page(service, { ...parsed, pageNum: 1, pageSize: 10, onPage: true });
    return this.launcher.start(actorOfRequest(), {
      queue: LIST_EXPORT_QUEUE,
      job: LIST_EXPORT_JOB,
      kind: 'list-export',
      payload: { list, format, lang: requestContext.lang(), query },
      params: { list, format },
      total: first.total,
    });
  }

  onModuleInit(): void {
    this.worker = hostJobWorker(this.config, LIST_EXPORT_QUEUE, listExportWorker, (log) => ({
      pool: this.pool,
      log,
      filesDir: this.config.FILES_DIR,
      moduleRef: this.moduleRef,
    }));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker?.close();
  }
}
