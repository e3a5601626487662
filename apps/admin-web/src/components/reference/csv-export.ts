import type { DataTableColumn } from 'mantine-datatable';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * A reference list's column, which is also its CSV export column: one declaration gives both, so the file holds
 * what the list shows. `csv` says what the cell holds when the column draws something else than text (a badge,
 * a thumbnail); `false` leaves the column out of the file. Without it the cell is the text the column renders,
 * else the record's value (a list joined by ", ").
 */
export type ReferenceColumn<T> = DataTableColumn<T> & { csv?: ((record: T) => CsvValue) | false };

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).join(', ');
  return typeof value === 'object' ? '' : String(value);
};

/**
 * Quotes a cell when it holds a separator, a quote or a line break (RFC 4180). A text a spreadsheet would run as
 * a formula (=, +, -, @ first, and not a number) gets a leading apostrophe: a record's name must not run there.
 */
const quoted = (cell: string) => {
  const text = /^[=+\-@\t\r]/.test(cell) && Number.isNaN(Number(cell)) ? `'${cell}` : cell;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

function cellOf<T>(column: ReferenceColumn<T>, record: T, index: number): string {
  if (column.csv) return cellText(column.csv(record));
  const shown = column.render?.(record, index);
  if (typeof shown === 'string' || typeof shown === 'number') return String(shown);
  return cellText((record as Record<string, unknown>)[column.accessor as string]);
}

/**
 * The CSV of these rows under these columns' titles: UTF-8 with a byte-order mark (so spreadsheet programs read
 * Chinese text right), CRLF line ends.
 */
export function csvOf<T>(columns: ReferenceColumn<T>[], rows: T[]): string {
  const exported = columns.filter((c) => c.csv !== false);
  const header = exported.map((c) => (typeof c.title === 'string' ? c.title : String(c.accessor)));
  const lines = [header, ...rows.map((r, i) => exported.map((c) => cellOf(c, r, i)))];
  return '\uFEFF' + lines.map((cells) => cells.map(quoted).join(',')).join('\r\n') + '\r\n';
}

/** Hands a text to the browser as a downloaded file. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the click; the object URL is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
