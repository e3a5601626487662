import {
  openTableFile,
  searchRecordWhere,
  SqlWhere,
  type JobOutcome,
  type SearchRecordExportJob,
} from '@kb/platform';
import type pg from 'pg';

/** Rows read per keyset batch: memory holds one batch, whatever the number of records. */
const BATCH = 5000;

const WIDTHS = [28, 30, 18, 8, 10, 10, 26];
const HEADERS = {
  zh: ['搜索词', '账号', '昵称', '语言', '结果数', '地区', '搜索时间'],
  en: ['Search terms', 'Account', 'Nickname', 'Language', 'Results', 'Region', 'Searched at'],
};

type Row = {
  seq: string;
  terms: string;
  account: string;
  nickname: string | null;
  lang: string;
  result_count: number;
  region: string | null;
  searched_at: Date;
};

/** The list's filter as SQL on `app_search_records t`, the brand as $1. */
function where(brand: string, f: SearchRecordExportJob['filter']): { sql: string; params: unknown[] } {
  const w = searchRecordWhere(new SqlWhere('t', brand), f);
  return { sql: w.sql, params: w.withBrand() };
}

/** What an export needs: a connection pool, the file store and where to report progress. */
export interface SearchRecordExportInput {
  job: SearchRecordExportJob;
  pool: pg.Pool;
  filesDir: string;
  progress(done: number, total: number): Promise<void>;
}

/**
 * Exports the search records matching the list's filter to CSV (UTF-8 with a BOM, so Excel reads it) or xlsx
 * (XlsxWriter: the sheet streamed into the zip), reading keyset batches of BATCH rows newest first: memory holds
 * one batch, never the whole export, and each write waits while the file's stream is full. Progress counts the
 * rows written of those matching at the start.
 */
export async function exportSearchRecords({
  job,
  pool,
  filesDir,
  progress,
}: SearchRecordExportInput): Promise<JobOutcome> {
  const { brandOwnerCode, format, filter, runId } = job;
  const { sql, params } = where(brandOwnerCode, filter);
  const total = Number(
    (await pool.query<{ n: string }>(`SELECT count(*) AS n FROM app_search_records t WHERE ${sql}`, params))
      .rows[0]?.n ?? 0,
  );
  const file = await openTableFile({
    filesDir,
    brandOwnerCode,
    runId,
    name: `search-records.${format}`,
    format,
    headers: HEADERS[job.lang],
    sheetName: job.lang === 'zh' ? '搜索记录' : 'Search records',
    widths: WIDTHS,
  });
  try {
    let after: string | null = null;
    let done = 0;
    for (;;) {
      const page: { rows: Row[] } = await pool.query<Row>(
        `SELECT t.seq::text, t.terms, t.account, t.nickname, t.lang, t.result_count, t.region, t.searched_at
       FROM app_search_records t WHERE ${sql} ${after ? `AND t.seq < $${params.length + 1}::bigint` : ''}
      ORDER BY t.seq DESC LIMIT ${BATCH}`,
        after ? [...params, after] : params,
      );
      for (const r of page.rows)
        await file.row([
          r.terms,
          r.account,
          r.nickname,
          r.lang,
          r.result_count,
          r.region,
          r.searched_at.toISOString(),
        ]);
      done += page.rows.length;
      await progress(Math.min(done, total), Math.max(total, done));
      if (page.rows.length < BATCH) break;
      after = page.rows[page.rows.length - 1]!.seq;
    }
    return { output: await file.finish(), summary: { rows: done, format } };
  } catch (error) {
    await file.abandon();
    throw error;
  }
}
