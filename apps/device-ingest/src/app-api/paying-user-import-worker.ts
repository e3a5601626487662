import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type ExcelJS from 'exceljs';
import {
  PAYING_IMPORT_COLUMNS,
  PAYING_IMPORT_HEADERS_ZH,
  PAYING_IMPORT_MAX_ROWS,
  payingImportRowSchema,
  type PayingImportColumn,
  type PayingImportOutcome,
  type PayingImportRow,
} from '@kb/contracts';
import { defineJobWorker, JobFailure, withTransaction, type JobWorkerDeps } from '@kb/platform';

/** Rows looked up and written per transaction. */
const BATCH = 500;

/** RFC 4180 CSV (quoted cells, doubled quotes, CRLF or LF), as lines of cells. */
export function parseCsv(body: string): string[][] {
  const lines: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',' || c === ';' || c === '\t') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      cells.push(cell);
      lines.push(cells);
      cells = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) throw new Error('unterminated quote');
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    lines.push(cells);
  }
  return lines;
}

/** An xlsx cell as the text a person sees: dates as `YYYY-MM-DD`, rich text and hyperlinks as their text. */
function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  // Loaded when an xlsx comes (tens of MB): the worker process does not carry it while idle.
  const { default: Excel } = await import('exceljs');
  const book = new Excel.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const lines: string[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, number) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(row.cellCount, PAYING_IMPORT_COLUMNS.length); c++)
      cells.push(cellText(row.getCell(c).value));
    lines[number - 1] = cells;
  });
  return Array.from(lines, (l) => l ?? []);
}

const headerKey = (h: string) => h.trim().toLowerCase().replace(/[\s_]/g, '');
const HEADER_NAMES = new Map<string, PayingImportColumn>(
  PAYING_IMPORT_COLUMNS.flatMap((c) => [
    [headerKey(c), c] as const,
    [headerKey(PAYING_IMPORT_HEADERS_ZH[c]), c] as const,
  ]),
);

interface Checked {
  row: number;
  account: string;
  value?: PayingImportRow;
  outcome?: PayingImportOutcome;
  code?: string;
  params?: Record<string, string | number>;
}

/**
 * Imports the brand's paying users from the uploaded template (csv or xlsx). The file is checked whole first: a
 * file that cannot be read, lacks a column of the template or holds no row (or too many) fails the run with a
 * message and changes nothing. Then each row is checked (the rules of libs/contracts), its account looked up
 * among the brand's own app users (another brand's account is "not found", never touched) and written: added,
 * updated, or unchanged when the record already says the same, so importing one file twice changes nothing the
 * second time. Every row is reported (row number as in the spreadsheet, account, outcome, reason).
 */
export const payingUserImportWorker = defineJobWorker({
  queue: 'paying-user-import',
  kind: 'paying-user-import',
  concurrency: 1,
  run: async (ctx, deps: JobWorkerDeps & { filesDir: string }) => {
    const { brandOwnerCode, fileCode, fileName, runId, actor } = ctx.data;
    const { rows: files } = await deps.pool.query<{ storage_path: string; mime: string }>(
      `SELECT storage_path, mime FROM files WHERE brand_owner_code = $1 AND file_code = $2 AND purpose = 'list'`,
      [brandOwnerCode, fileCode],
    );
    const file = files[0];
    if (!file) throw new JobFailure('paying_import_file_missing');
    let lines: string[][];
    try {
      const bytes = await readFile(path.resolve(deps.filesDir, file.storage_path));
      lines =
        file.mime === 'text/csv'
          ? parseCsv(bytes.toString('utf8').replace(/^\ufeff/, ''))
          : await readXlsx(bytes);
    } catch {
      throw new JobFailure('paying_import_unreadable');
    }
    const headerAt = lines.findIndex((l) => l.some((c) => c.trim() !== ''));
    const header = headerAt >= 0 ? lines[headerAt]!.map((h) => HEADER_NAMES.get(headerKey(h))) : [];
    const missing = PAYING_IMPORT_COLUMNS.filter((c) => !header.includes(c));
    if (missing.length > 0)
      throw new JobFailure('paying_import_columns_missing', {
        columns: missing.join(', '),
        expected: PAYING_IMPORT_COLUMNS.join(', '),
      });
    const column = (c: PayingImportColumn) => header.indexOf(c);
    const data = lines
      .map((cells, index) => ({ cells, row: index + 1 }))
      .slice(headerAt + 1)
      .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
    if (data.length === 0) throw new JobFailure('paying_import_empty');
    if (data.length > PAYING_IMPORT_MAX_ROWS)
      throw new JobFailure('paying_import_too_long', { max: PAYING_IMPORT_MAX_ROWS });

    const firstRowOf = new Map<string, number>();
    const checked: Checked[] = data.map(({ cells, row }) => {
      const raw = Object.fromEntries(PAYING_IMPORT_COLUMNS.map((c) => [c, cells[column(c)] ?? '']));
      const parsed = payingImportRowSchema.safeParse(raw);
      const account = String(raw.account).trim();
      if (!parsed.success)
        return { row, account, outcome: 'refused', code: parsed.error.issues[0]?.message ?? 'bad_request' };
      const first = firstRowOf.get(parsed.data.account);
      if (first !== undefined)
        return { row, account, outcome: 'refused', code: 'paying_import_repeated', params: { row: first } };
      firstRowOf.set(parsed.data.account, row);
      return { row, account, value: parsed.data };
    });

    const counts: Record<PayingImportOutcome, number> = { added: 0, updated: 0, unchanged: 0, refused: 0 };
    for (let start = 0; start < checked.length; start += BATCH) {
      const batch = checked.slice(start, start + BATCH);
      const valid = batch.filter((c) => c.value);
      if (valid.length > 0)
        await withTransaction(deps.pool, async (c) => {
          const { rows: users } = await c.query<{ id: string; account: string }>(
            'SELECT id, account FROM app_users WHERE brand_owner_code = $1 AND account = ANY($2::text[])',
            [brandOwnerCode, valid.map((v) => v.value!.account)],
          );
          const userOf = new Map(users.map((u) => [u.account, u.id]));
          const known = valid.filter((v) => {
            if (userOf.has(v.value!.account)) return true;
            v.outcome = 'refused';
            v.code = 'paying_import_account_unknown';
            return false;
          });
          if (known.length === 0) return;
          // Only a row that differs is written: the rest is unchanged (no new time, no new author).
          const { rows: written } = await c.query<{ app_user_id: string; added: boolean }>(
            `INSERT INTO paying_users AS p (brand_owner_code, app_user_id, vip_level, start_date, end_date,
                                            import_run_id, import_file_name, updated_by)
             SELECT $1, x.app_user_id, x.vip_level, x.start_date, x.end_date, $2, $3, $4
               FROM unnest($5::uuid[], $6::int[], $7::date[], $8::date[]) AS x(app_user_id, vip_level, start_date, end_date)
             ON CONFLICT (app_user_id) DO UPDATE
               SET vip_level = EXCLUDED.vip_level, start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date,
                   import_run_id = EXCLUDED.import_run_id, import_file_name = EXCLUDED.import_file_name,
                   updated_by = EXCLUDED.updated_by, updated_at = now()
               WHERE p.brand_owner_code = EXCLUDED.brand_owner_code
                 AND (p.vip_level, p.start_date, p.end_date)
                     IS DISTINCT FROM (EXCLUDED.vip_level, EXCLUDED.start_date, EXCLUDED.end_date)
             RETURNING app_user_id::text, (xmax = 0) AS added`,
            [
              brandOwnerCode,
              runId,
              fileName,
              actor,
              known.map((v) => userOf.get(v.value!.account)),
              known.map((v) => v.value!.vipLevel),
              known.map((v) => v.value!.startDate),
              known.map((v) => v.value!.endDate),
            ],
          );
          const outcomeOf = new Map(
            written.map((w) => [w.app_user_id, w.added ? 'added' : 'updated'] as const),
          );
          for (const v of known) v.outcome = outcomeOf.get(userOf.get(v.value!.account)!) ?? 'unchanged';
        });
      for (const c of batch) {
        const outcome = c.outcome ?? 'refused';
        counts[outcome]++;
        ctx.item({
          key: String(c.row),
          outcome,
          code: c.code,
          params: c.params,
          data: { row: c.row, account: c.account },
        });
      }
      await ctx.progress(Math.min(start + BATCH, checked.length), checked.length);
    }
    return { summary: { rows: checked.length, ...counts } };
  },
});
