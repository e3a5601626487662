/**
 * One CSV cell (RFC 4180): quoted when it holds a separator, a quote or a line break. A text a spreadsheet would
 * run as a formula (=, +, -, @, tab or CR first, and not a number) gets a leading apostrophe, so a record's name
 * typed by one user never runs as a formula on the machine of the one who opens the export.
 */
export function csvCell(value: unknown): string {
  const cell = value === null || value === undefined ? '' : String(value);
  const text = /^[=+\-@\t\r]/.test(cell) && Number.isNaN(Number(cell)) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV line of cells, CRLF-ended. */
export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The byte-order mark a CSV starts with, so spreadsheet programs read it as UTF-8 (Chinese text right). */
export const CSV_BOM = '\uFEFF';
