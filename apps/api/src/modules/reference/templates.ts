import { loadExcel } from '../../common/excel.js';
import { PAYING_IMPORT_COLUMNS } from '@kb/contracts';

// The example row shows each column's form; an account no app user has is reported "not found" if left in.
const PAYING_EXAMPLE = ['user@example.com', 1, '2026-01-01', '2026-12-31'];

async function payingUserWorkbook(): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet('paying-users');
  sheet.addRow([...PAYING_IMPORT_COLUMNS]);
  sheet.addRow(PAYING_EXAMPLE);
  sheet.columns.forEach((c) => (c.width = 22));
  // Text cells, so a spreadsheet keeps an account such as 00123 and dates as written.
  for (const col of [1, 3, 4]) sheet.getColumn(col).numFmt = '@';
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Import templates served by `/api/common/downloadImportAccountTpl`: CSV is UTF-8 with a BOM so Excel opens it
 * right; the paying-user template also comes as xlsx.
 */
export const IMPORT_TEMPLATES: Record<string, { contentType: string; body: () => Buffer | Promise<Buffer> }> =
  {
    'vip-user-import.csv': {
      contentType: 'text/csv; charset=utf-8',
      body: () =>
        Buffer.from(`\ufeff${PAYING_IMPORT_COLUMNS.join(',')}\n${PAYING_EXAMPLE.join(',')}\n`, 'utf8'),
    },
    'vip-user-import.xlsx': {
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body: payingUserWorkbook,
    },
    'notice-custom-users.csv': {
      contentType: 'text/csv; charset=utf-8',
      body: () => Buffer.from('\ufeffaccount\nuser@example.com\n', 'utf8'),
    },
  };
