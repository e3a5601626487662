import { PassThrough, Writable } from 'node:stream';
import { crc32, inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { columnName, XlsxWriter, type XlsxCell, type XlsxOptions } from './xlsx-writer.js';

/** Writes the rows into an xlsx and answers its bytes. */
async function xlsxOf(rows: XlsxCell[][], options: Partial<XlsxOptions> = {}): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new XlsxWriter(out, { sheetName: '搜索记录', headers: ['Terms', 'Results'], ...options });
  for (const row of rows) await book.row(row);
  await book.finish();
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

describe('XlsxWriter', () => {
  it('writes a workbook Excel readers open: a bold header, text and numbers as given, formulas never run', async () => {
    const book = await read(
      await xlsxOf([
        ['番茄汤', 3],
        ['=HYPERLINK("x")', 0],
        ['a < b & "c"', null],
        ['  padded  ', 1.5],
        ['nul\u0000 and bell\u0007 dropped', 2],
      ]),
    );
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('搜索记录');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Terms', 'Results']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).values).toEqual([undefined, '番茄汤', 3]);
    expect(sheet.getRow(3).getCell(1).value).toBe('=HYPERLINK("x")');
    expect(sheet.getRow(3).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(2).value).toBe(0);
    expect(sheet.getRow(4).values).toEqual([undefined, 'a < b & "c"']);
    expect(sheet.getRow(5).values).toEqual([undefined, '  padded  ', 1.5]);
    expect(sheet.getRow(6).getCell(1).value).toBe('nul and bell dropped');
    expect(sheet.rowCount).toBe(6);
  });

  it('goes on in a next sheet, under the same header, past the rows a sheet holds', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => [`term ${i + 1}`, i + 1]);
    const book = await read(await xlsxOf(rows, { maxRowsPerSheet: 4 }));
    expect(book.worksheets.map((s) => s.name)).toEqual(['搜索记录', '搜索记录 2', '搜索记录 3']);
    const texts = book.worksheets.map((s) =>
      s
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1).join('|')),
    );
    expect(texts).toEqual([
      ['Terms|Results', 'term 1|1', 'term 2|2', 'term 3|3'],
      ['Terms|Results', 'term 4|4', 'term 5|5', 'term 6|6'],
      ['Terms|Results', 'term 7|7'],
    ]);
  });

  it('writes only the header for no rows', async () => {
    const book = await read(await xlsxOf([]));
    expect(book.worksheets[0]!.rowCount).toBe(1);
  });

  it('is a whole zip: every entry inflates to its recorded size and CRC-32, matching its data descriptor', async () => {
    const zip = await xlsxOf(Array.from({ length: 20_000 }, (_, i) => [`row ${i}`, i]));
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const count = zip.readUInt16LE(end + 10);
    let at = zip.readUInt32LE(end + 16);
    const seen: string[] = [];
    for (let i = 0; i < count; i++) {
      expect(zip.readUInt32LE(at)).toBe(0x02014b50);
      const [flags, crc, compressed, size] = [8, 16, 20, 24].map((o) =>
        o === 8 ? zip.readUInt16LE(at + o) : zip.readUInt32LE(at + o),
      ) as [number, number, number, number];
      const nameLength = zip.readUInt16LE(at + 28);
      const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
      const local = zip.readUInt32LE(at + 42);
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = inflateRawSync(zip.subarray(start, start + compressed));
      expect([name, data.length, crc32(data) >>> 0]).toEqual([name, size, crc]);
      if (flags & 0x0008) {
        // Descriptor: signature, CRC, compressed and full size after the data.
        const d = start + compressed;
        expect([
          zip.readUInt32LE(d),
          zip.readUInt32LE(d + 4),
          zip.readUInt32LE(d + 8),
          zip.readUInt32LE(d + 12),
        ]).toEqual([0x08074b50, crc, compressed, size]);
      }
      seen.push(`${name}${flags & 0x0008 ? ' (streamed)' : ''}`);
      at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    // Every part is piped into the archive, so each carries its CRC and sizes in a descriptor after its data.
    expect(seen.sort()).toEqual([
      '[Content_Types].xml (streamed)',
      '_rels/.rels (streamed)',
      'xl/_rels/workbook.xml.rels (streamed)',
      'xl/styles.xml (streamed)',
      'xl/workbook.xml (streamed)',
      'xl/worksheets/sheet1.xml (streamed)',
    ]);
  });

  it('waits while its stream is full: a slow file holds the writer back instead of filling memory', async () => {
    let received = 0;
    let release: () => void = () => undefined;
    const slow = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _enc, done) {
        received += chunk.length;
        release = done;
      },
    });
    const book = new XlsxWriter(slow, { sheetName: 's', headers: ['a'] });
    let written = 0;
    const writing = (async () => {
      for (let i = 0; i < 200_000; i++) {
        await book.row([`${i} ${'x'.repeat(40)} ${Math.random()}`]);
        written = i + 1;
      }
    })();
    // The file took one chunk and answers nothing more, so the writer must come to a stop: wait until it has not
    // moved for 200 ms. It stops well short of its 200,000 rows, once the pipes between the sheet and the file
    // (ours and the zip library's, a few of 16-64 KiB each) are full.
    let stalledAt = -1;
    const deadline = Date.now() + 20_000;
    while (written !== stalledAt && Date.now() < deadline) {
      stalledAt = written;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(written).toBe(stalledAt);
    expect(received).toBeGreaterThan(0);
    expect(written).toBeLessThan(40_000);
    // Let it drain: it finishes.
    slow._write = (chunk: Buffer, _enc, done) => {
      received += chunk.length;
      done();
    };
    release();
    await writing;
    await book.finish();
    expect(written).toBe(200_000);
  });
});

describe('columnName', () => {
  it('names columns as Excel does', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
