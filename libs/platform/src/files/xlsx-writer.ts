import type { Writable } from 'node:stream';
import { withoutInvalidText } from '@kb/contracts';
import { ZipWriter, type WrittenZip, type ZipEntryStream } from './zip-writer.js';

/** A cell: text, a number, or empty. */
export type XlsxCell = string | number | null | undefined;

/** Rows a sheet holds in Excel, the header included (the format's limit). */
export const XLSX_MAX_ROWS = 1_048_576;

/** Sheet XML gathered before it is handed to the zip: few, large writes. */
const CHUNK = 64 * 1024;

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Text as XML 1.0 holds it: what the text rule refuses and U+FFFE/U+FFFF dropped, markup escaped. */
const escapeXml = (text: string) =>
  withoutInvalidText(text)
    .replace(/[\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(value: XlsxCell, ref: string, style: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number')
    return Number.isFinite(value) ? `<c r="${ref}"${style}><v>${value}</v></c>` : '';
  const text = escapeXml(value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  // Inline strings: text is never read as a formula, whatever it starts with.
  return `<c r="${ref}" t="inlineStr"${style}><is><t${space}>${text}</t></is></c>`;
}

export interface XlsxOptions {
  /** The sheet's name; a second sheet and on (past Excel's row limit) are named "<name> 2", "<name> 3". */
  sheetName: string;
  /** The header row: bold, frozen, repeated atop every sheet. */
  headers: string[];
  /** Column widths in characters, in header order. */
  widths?: number[];
  /** Rows per sheet, the header included (Excel's limit unless told; smaller in tests). */
  maxRowsPerSheet?: number;
}

/**
 * An xlsx workbook (Office Open XML SpreadsheetML: inline strings, one bold header style) written row by row
 * straight into a zip: the sheet is one streamed, deflated entry, so memory holds about one 64 KiB chunk whatever
 * the number of rows, and every write waits while the file's stream is full. Past Excel's 1,048,576 rows a
 * sheet the rows go on in a next sheet under the same header. The workbook parts are written at the end, when
 * the sheets are known.
 */
export class XlsxWriter {
  private readonly zip: ZipWriter;
  private sheets = 0;
  private sheet: ZipEntryStream | null = null;
  private rowInSheet = 0;
  private pending = '';
  private readonly maxRows: number;

  constructor(
    out: Writable,
    private readonly options: XlsxOptions,
  ) {
    this.zip = new ZipWriter(out, new Date());
    this.maxRows = Math.min(options.maxRowsPerSheet ?? XLSX_MAX_ROWS, XLSX_MAX_ROWS);
  }

  private async flush(): Promise<void> {
    if (!this.pending) return;
    const chunk = this.pending;
    this.pending = '';
    await this.sheet!.write(chunk);
  }

  private async openSheet(): Promise<void> {
    this.sheets += 1;
    this.sheet = await this.zip.open(`xl/worksheets/sheet${this.sheets}.xml`);
    this.rowInSheet = 0;
    const cols = this.options.widths?.length
      ? `<cols>${this.options.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`
      : '';
    this.pending += `${XML}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>${cols}<sheetData>`;
    this.addRow(this.options.headers, ' s="1"');
  }

  private async closeSheet(): Promise<void> {
    this.pending += '</sheetData></worksheet>';
    await this.flush();
    await this.sheet!.end();
    this.sheet = null;
  }

  private addRow(values: readonly XlsxCell[], style = ''): void {
    this.rowInSheet += 1;
    const r = this.rowInSheet;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) xml += cellXml(values[i], `${columnName(i)}${r}`, style);
    this.pending += `${xml}</row>`;
  }

  /** Appends a row of values under the header. */
  async row(values: readonly XlsxCell[]): Promise<void> {
    if (this.sheet && this.rowInSheet >= this.maxRows) await this.closeSheet();
    if (!this.sheet) await this.openSheet();
    this.addRow(values);
    if (this.pending.length >= CHUNK) await this.flush();
  }

  /** Ends the last sheet, writes the workbook's parts and ends the stream. */
  async finish(): Promise<WrittenZip> {
    if (!this.sheet && this.sheets === 0) await this.openSheet();
    if (this.sheet) await this.closeSheet();
    const numbers = Array.from({ length: this.sheets }, (_, i) => i + 1);
    const name = (n: number) =>
      escapeXml(n === 1 ? this.options.sheetName : `${this.options.sheetName} ${n}`);
    const parts: [string, string][] = [
      [
        '[Content_Types].xml',
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${numbers.map((n) => `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}</Types>`,
      ],
      [
        '_rels/.rels',
        `<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
      [
        'xl/workbook.xml',
        `<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets>${numbers.map((n) => `<sheet name="${name(n)}" sheetId="${n}" r:id="rId${n}"/>`).join('')}</sheets></workbook>`,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `<Relationships xmlns="${RELS}">${numbers.map((n) => `<Relationship Id="rId${n}" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet${n}.xml"/>`).join('')}<Relationship Id="rId${this.sheets + 1}" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
      ],
      [
        'xl/styles.xml',
        `<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
      ],
    ];
    for (const [path, xml] of parts) await this.zip.add(path, Buffer.from(`${XML}${xml}`, 'utf8'));
    return this.zip.finish();
  }
}
