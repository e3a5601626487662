import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadExcel } from '../../common/excel.js';
import type pg from 'pg';
import { appUserAccountSchema } from '@kb/contracts';
import { AppError, badRequest } from '../../common/app-error.js';

/** The most accounts one list may name. */
export const MAX_LIST_ACCOUNTS = 100_000;
/** Unknown accounts kept by name (the count is kept whole). */
const NAMED_UNKNOWN = 100;

const HEADER = /^(account|账号|帐号)$/i;

/** Row numbers of bad rows named in the refusal; the rest are counted by the user when they fix the file. */
const NAMED_BAD_ROWS = 5;

interface Cell {
  row: number;
  value: string;
}

/** The first column of a csv or xlsx list with its row numbers, without its header and blanks. */
async function cellsOf(bytes: Buffer, mime: string): Promise<Cell[]> {
  const cells: Cell[] = [];
  if (mime === 'text/csv') {
    const body = bytes.toString('utf8').replace(/^\ufeff/, '');
    body.split(/\r?\n/).forEach((line, i) => {
      const first = line.split(/[,;\t]/)[0] ?? '';
      cells.push({ row: i + 1, value: first.replace(/^"(.*)"$/, '$1') });
    });
  } else {
    const book = new (await loadExcel()).Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    book.worksheets[0]?.eachRow((row) => {
      const value = row.getCell(1).value;
      const textValue =
        value && typeof value === 'object' && 'text' in value ? String(value.text) : String(value ?? '');
      cells.push({ row: row.number, value: textValue });
    });
  }
  const filled = cells.filter((c) => c.value.trim().length > 0);
  if (filled[0] && HEADER.test(filled[0].value.trim())) filled.shift();
  return filled;
}

/**
 * The accounts of a list, without repeats. A row that is no valid account (too long, control characters) refuses
 * the whole list naming its rows: dropping it would leave a user out without anyone noticing.
 */
function accountsOf(cells: Cell[]): string[] {
  const bad: number[] = [];
  const accounts: string[] = [];
  for (const cell of cells) {
    const parsed = appUserAccountSchema.safeParse(cell.value);
    if (parsed.success) accounts.push(parsed.data);
    else bad.push(cell.row);
  }
  if (bad.length) {
    const rows = bad.slice(0, NAMED_BAD_ROWS).join(', ') + (bad.length > NAMED_BAD_ROWS ? ' …' : '');
    throw badRequest('notice_user_file_bad_rows', { rows, count: bad.length });
  }
  return [...new Set(accounts)];
}

export interface ReadAccounts {
  fileName: string;
  userIds: string[];
  unknown: string[];
  unknownCount: number;
}

/**
 * Reads an uploaded list (`/api/file/upload` purpose `list`) of the brand and matches its accounts with the brand's
 * app users. Unknown accounts are answered (the first 100 by name, and their count), never dropped silently.
 */
export async function readAccountList(
  db: pg.Pool | pg.PoolClient,
  filesDir: string,
  brand: string,
  fileCode: string,
): Promise<ReadAccounts> {
  const { rows } = await db.query<{ storage_path: string; mime: string; original_name: string }>(
    `SELECT storage_path, mime, original_name FROM files
      WHERE brand_owner_code = $1 AND file_code = $2 AND purpose = 'list'`,
    [brand, fileCode],
  );
  const file = rows[0];
  if (!file)
    throw new AppError(
      400,
      'notice_user_file_required',
      {},
      { fieldErrors: { userFileCode: 'notice_user_file_required' } },
    );
  let cells: Cell[];
  try {
    cells = await cellsOf(await readFile(path.resolve(filesDir, file.storage_path)), file.mime);
  } catch {
    throw badRequest('notice_user_file_unreadable');
  }
  const accounts = accountsOf(cells);
  if (accounts.length === 0) throw badRequest('notice_user_file_empty');
  if (accounts.length > MAX_LIST_ACCOUNTS)
    throw badRequest('notice_user_file_too_long', { max: MAX_LIST_ACCOUNTS });
  const found = await db.query<{ id: string; account: string }>(
    'SELECT id, account FROM app_users WHERE brand_owner_code = $1 AND account = ANY($2::text[])',
    [brand, accounts],
  );
  const known = new Set(found.rows.map((r) => r.account));
  const unknown = accounts.filter((a) => !known.has(a));
  return {
    fileName: file.original_name,
    userIds: found.rows.map((r) => r.id),
    unknown: unknown.slice(0, NAMED_UNKNOWN),
    unknownCount: unknown.length,
  };
}
