import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { csvLine } from '@kb/contracts';
import { XlsxWriter, type XlsxCell } from './xlsx-writer.js';

/** What a job's table file is: where it goes in the file store, its format and its header row. */
export interface TableFileSpec {
  filesDir: string;
  brandOwnerCode: string;
  runId: string;
  /** The file's name with its extension (`devices.xlsx`). */
  name: string;
  format: 'csv' | 'xlsx';
  headers: string[];
  /** The xlsx sheet's name and column widths. */
  sheetName: string;
  widths: number[];
}

/** A table file being written: its rows, then `finish` (the file in place) or `abandon` (nothing left). */
export interface TableFile {
  /** Writes a row; waits while the file's stream is full. */
  row(values: XlsxCell[]): Promise<void>;
  /** Closes the file and moves it into place: where it is in the file store (relative), its name and size. */
  finish(): Promise<{ path: string; name: string; size: number }>;
  abandon(): Promise<void>;
}

/**
 * Opens a job's export file at `<brand>/jobs/<runId>/<name>` in the file store: CSV (UTF-8 with a BOM, so Excel
 * reads it) or xlsx (XlsxWriter: the sheet streamed into the zip), its header row written. Rows go to a `.part`
 * file renamed into place when finished, so a download never meets half a file.
 */
export async function openTableFile(spec: TableFileSpec): Promise<TableFile> {
  const relative = path.join(spec.brandOwnerCode, 'jobs', spec.runId, spec.name);
  const target = path.join(spec.filesDir, relative);
  const partial = `${target}.part`;
  await mkdir(path.dirname(target), { recursive: true });
  const out = createWriteStream(partial);
  let row: (values: XlsxCell[]) => Promise<void>;
  let close: () => Promise<void>;
  if (spec.format === 'csv') {
    row = async (values) => {
      if (!out.write(csvLine(values.map((v) => v ?? null)))) await once(out, 'drain');
    };
    close = async () => {
      out.end();
      await once(out, 'finish');
    };
    out.write('\ufeff');
    await row(spec.headers);
  } else {
    const book = new XlsxWriter(out, {
      sheetName: spec.sheetName,
      headers: spec.headers,
      widths: spec.widths,
    });
    row = (values) => book.row(values);
    close = async () => {
      await book.finish();
    };
  }
  return {
    row,
    async finish() {
      await close();
      await rename(partial, target);
      const { size } = await stat(target);
      return { path: relative, name: spec.name, size };
    },
    async abandon() {
      out.destroy();
      await rm(partial, { force: true });
    },
  };
}
