import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { openTableFile, type TableFileSpec } from './table-file.js';

describe('openTableFile', () => {
  let filesDir: string;
  beforeEach(async () => {
    filesDir = await mkdtemp(path.join(tmpdir(), 'table-file-'));
  });
  afterEach(async () => {
    await rm(filesDir, { recursive: true, force: true });
  });

  const spec = (format: 'csv' | 'xlsx'): TableFileSpec => ({
    filesDir,
    brandOwnerCode: 'DEMO',
    runId: 'run-1',
    name: `devices.${format}`,
    format,
    headers: ['SN', 'Faults'],
    sheetName: 'Devices',
    widths: [20, 8],
  });

  it('writes a CSV Excel reads (BOM, header row, a missing cell empty) and moves it into place when finished', async () => {
    const file = await openTableFile(spec('csv'));
    await file.row(['SN-1', 3]);
    await file.row(['SN "2"', undefined]);
    const written = await file.finish();
    expect(written).toEqual({
      path: path.join('DEMO', 'jobs', 'run-1', 'devices.csv'),
      name: 'devices.csv',
      size: expect.any(Number),
    });
    const text = await readFile(path.join(filesDir, written.path), 'utf8');
    expect(text).toBe('\ufeffSN,Faults\r\nSN-1,3\r\n"SN ""2""",\r\n');
    expect(written.size).toBe(Buffer.byteLength(text));
    expect(await readdir(path.join(filesDir, 'DEMO', 'jobs', 'run-1'))).toEqual(['devices.csv']);
  });

  it('writes an xlsx sheet of the header and the rows', async () => {
    const file = await openTableFile(spec('xlsx'));
    await file.row(['SN-1', 3]);
    const written = await file.finish();
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(path.join(filesDir, written.path))) as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Devices')!;
    expect([sheet.getRow(1).values, sheet.getRow(2).values]).toEqual([
      [undefined, 'SN', 'Faults'],
      [undefined, 'SN-1', 3],
    ]);
  });

  it('leaves nothing behind when abandoned', async () => {
    const file = await openTableFile(spec('csv'));
    await file.row(['SN-1', 3]);
    await file.abandon();
    expect(await readdir(path.join(filesDir, 'DEMO', 'jobs', 'run-1'))).toEqual([]);
  });
});
