import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from '@kb/platform';
import { from as copyFrom } from 'pg-copy-streams';
import { storableJson, storableJsonText, storableText } from './storable.js';

/** Columns as declared (`name type, …`), with their names and types in that order. */
export interface RecordColumns {
  names: string[];
  /** The declared type of each column, lowercased (`uuid`, `text[]`, `timestamptz`, …). */
  types: string[];
}

export function recordColumns(declaration: string): RecordColumns {
  const columns = declaration.split(',').map((c) => c.trim().split(/\s+/));
  return {
    names: columns.map((c) => c[0]!),
    types: columns.map((c) => c.slice(1).join(' ').toLowerCase()),
  };
}

type Encode = (value: unknown) => string;

const NULL = '\\N';
const COPY_SPECIAL = /[\\\n\r\t]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** A field of COPY's text format: backslash, newline, carriage return and tab escaped. */
function copyText(text: string): string {
  return COPY_SPECIAL.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!) : text;
}

/** A value as the text of one field (or array element), made storable (see storable.ts). */
function scalar(value: unknown): string {
  if (typeof value === 'string') return storableText(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return storableText(String(value));
}

/** JSON escapes other than \" and \\ (control characters), which an array literal would read differently. */
const OTHER_JSON_ESCAPE = /\\[^"\\]/;

/**
 * An array literal (`{"a","b"}`): every element quoted, so commas, braces and spaces in the text are kept.
 * JSON.stringify writes exactly that for strings and numbers, quotes and backslashes escaped the same way, at a
 * fraction of the cost of escaping element by element; the slow form remains for control characters and nulls.
 */
function arrayLiteral(values: readonly unknown[]): string {
  // A NUL or a lone surrogate comes out of JSON.stringify escaped (\u0000, \ud800), so it takes the slow form too,
  // where each element is made storable.
  const json = JSON.stringify(values);
  if (
    !OTHER_JSON_ESCAPE.test(json) &&
    !values.some((v) => v === null || v === undefined || typeof v === 'object')
  )
    return `{${json.slice(1, -1)}}`;
  return `{${values
    .map((v) => (v === null || v === undefined ? 'NULL' : `"${scalar(v).replace(/[\\"]/g, '\\$&')}"`))
    .join(',')}}`;
}

function encoderFor(type: string): Encode {
  if (type.endsWith('[]')) {
    return (v) => {
      if (!Array.isArray(v)) throw new TypeError(`Expected an array for a ${type} column, got ${typeof v}`);
      return copyText(arrayLiteral(v));
    };
  }
  if (type === 'json' || type === 'jsonb')
    return (v) => (typeof v === 'string' ? copyText(storableJsonText(v)) : json(v));
  // An object or array given for a text column is stored as its JSON text (the aggregate detail's state).
  return (v) => (typeof v === 'object' && !(v instanceof Date) ? json(v) : copyText(scalar(v)));
}

/** A value as a JSON field, made storable. */
function json(value: unknown): string {
  // JSON.stringify writes no raw newline, carriage return or tab: only backslashes need doubling.
  const text = storableJson(value);
  return text.includes('\\') ? text.replaceAll('\\', '\\\\') : text;
}

/** Bytes of the buffers COPY rows are encoded into; a longer row gets a buffer of its own size. */
const CHUNK_BYTES = 256 * 1024;

/**
 * Encodes rows (objects keyed by column name) as the body of `COPY … FROM STDIN` in text format, into a few large
 * buffers: each line is written straight into the current one (no buffer per row, no joined string, which is
 * two-byte as soon as a name is Chinese and cost five times as much). Kept apart from `copyRows` so a projection
 * can encode a batch, slice by slice, while the previous one is still being written.
 */
export class CopyRowsEncoder {
  private readonly encoders: Encode[];
  private readonly chunks: Buffer[] = [];
  private current = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  /** Rows encoded so far. */
  rows = 0;

  constructor(private readonly columns: RecordColumns) {
    this.encoders = columns.types.map(encoderFor);
  }

  add(rows: readonly object[]): this {
    const { names } = this.columns;
    const encoders = this.encoders;
    for (const row of rows) {
      const record = row as Record<string, unknown>;
      let line = '';
      for (let i = 0; i < names.length; i++) {
        const value = record[names[i]!];
        line += (i === 0 ? '' : '\t') + (value === null || value === undefined ? NULL : encoders[i]!(value));
      }
      this.write(`${line}\n`);
    }
    this.rows += rows.length;
    return this;
  }

  /** The encoded rows, ready for `copyRows`. */
  buffers(): Buffer[] {
    return this.used > 0 ? [...this.chunks, this.current.subarray(0, this.used)] : [...this.chunks];
  }

  private write(line: string): void {
    // A UTF-16 unit takes at most 3 bytes in UTF-8: room for that is room enough, without measuring the line.
    const most = line.length * 3;
    if (this.current.length - this.used < most) {
      if (this.used > 0) this.chunks.push(this.current.subarray(0, this.used));
      this.current = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, most));
      this.used = 0;
    }
    this.used += this.current.write(line, this.used, 'utf8');
  }
}

/** Rows encoded as the body of `COPY … FROM STDIN` in text format (see CopyRowsEncoder). */
export function encodeCopyRows(columns: RecordColumns, rows: readonly object[]): Buffer[] {
  return new CopyRowsEncoder(columns).add(rows).buffers();
}

/**
 * Inserts rows encoded by `encodeCopyRows` with COPY: a batch of new rows at a fraction of the server's cost of
 * an INSERT from a JSON parameter (measured on recipe_detail: the JSON form spent most of its time parsing).
 * Plain inserts: the caller deletes rows it replaces first.
 */
export async function copyRows(
  tx: PoolClient,
  table: string,
  columns: RecordColumns,
  lines: readonly Buffer[],
): Promise<void> {
  if (lines.length === 0) return;
  const stream = tx.query(copyFrom(`COPY ${table} (${columns.names.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from(lines), stream);
}
