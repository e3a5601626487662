import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PoolClient } from '@kb/platform';
import { from as copyFrom } from 'pg-copy-streams';
import {
  BINARY_HEADER,
  BINARY_TRAILER,
  binaryFieldFor,
  binaryText,
  FIXED_FIELD_BYTES,
  type BinaryField,
} from './copy-binary.js';
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
 * Rows encoded for COPY: in binary format where every column's type has a simple binary form (copy-binary.ts),
 * else (and from the first value that has none) in text format. Sent by `copyRows`.
 */
export interface CopyData {
  binary: Buffer[];
  text: Buffer[];
}

/** Buffers written one after the other: each line straight into the current one (no buffer per row). */
class Chunks {
  readonly done: Buffer[] = [];
  current = Buffer.allocUnsafe(CHUNK_BYTES);
  used = 0;

  /** Room for `bytes` more in the current buffer (a fresh one if needed). */
  room(bytes: number): void {
    if (this.current.length - this.used >= bytes) return;
    if (this.used > 0) this.done.push(this.current.subarray(0, this.used));
    this.current = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, bytes));
    this.used = 0;
  }

  buffers(): Buffer[] {
    return this.used > 0 ? [...this.done, this.current.subarray(0, this.used)] : [...this.done];
  }
}

/**
 * Encodes rows (objects keyed by column name) as the body of `COPY … FROM STDIN`, into a few large buffers: each
 * row is written straight into the current one (no buffer per row, no joined string, which is two-byte as soon as
 * a name is Chinese and cost five times as much). Binary format where every column allows it (the server parses
 * nothing), text format otherwise, and for every row from the first value the binary form cannot carry exactly.
 * Kept apart from `copyRows` so a projection can encode a batch, slice by slice, while the previous one is still
 * being written.
 */
export class CopyRowsEncoder {
  private readonly encoders: Encode[];
  private binaryFields: BinaryField[] | undefined;
  private readonly binaryChunks = new Chunks();
  private readonly textChunks = new Chunks();
  /** Rows encoded so far. */
  rows = 0;

  constructor(private readonly columns: RecordColumns) {
    this.encoders = columns.types.map(encoderFor);
    const binary = columns.types.map(binaryFieldFor);
    this.binaryFields = binary.every((f) => f !== undefined) ? binary : undefined;
  }

  add(rows: readonly object[]): this {
    for (const row of rows) {
      const record = row as Record<string, unknown>;
      if (!this.binaryFields || !this.addBinary(record)) this.addText(record);
    }
    this.rows += rows.length;
    return this;
  }

  /** The encoded rows, ready for `copyRows`. */
  buffers(): CopyData {
    return { binary: this.binaryChunks.buffers(), text: this.textChunks.buffers() };
  }

  private addText(record: Record<string, unknown>): void {
    const { names } = this.columns;
    const encoders = this.encoders;
    let line = '';
    for (let i = 0; i < names.length; i++) {
      const value = record[names[i]!];
      line += (i === 0 ? '' : '\t') + (value === null || value === undefined ? NULL : encoders[i]!(value));
    }
    line += '\n';
    // A UTF-16 unit takes at most 3 bytes in UTF-8: room for that is room enough, without measuring the line.
    const out = this.textChunks;
    out.room(line.length * 3);
    out.used += out.current.write(line, out.used, 'utf8');
  }

  /** Writes the row in binary; false (nothing written, binary given up for the rest) where a value has no form. */
  private addBinary(record: Record<string, unknown>): boolean {
    const { names } = this.columns;
    const fields = this.binaryFields!;
    const out = this.binaryChunks;
    // Fixed-size fields first need their room; text fields are turned into text to know theirs.
    const texts: (string | undefined)[] = [];
    let bytes = 2;
    for (let i = 0; i < names.length; i++) {
      const value = record[names[i]!];
      const field = fields[i]!;
      if (value === null || value === undefined) bytes += 4;
      else if (field === 'text') {
        const t = binaryText(value);
        texts[i] = t;
        bytes += 4 + t.length * 3;
      } else bytes += 4 + FIXED_FIELD_BYTES;
    }
    out.room(bytes);
    const buffer = out.current;
    const start = out.used;
    let at = start + 2;
    buffer.writeInt16BE(names.length, start);
    for (let i = 0; i < names.length; i++) {
      const value = record[names[i]!];
      if (value === null || value === undefined) {
        buffer.writeInt32BE(-1, at);
        at += 4;
        continue;
      }
      const field = fields[i]!;
      const written =
        field === 'text' ? buffer.write(texts[i]!, at + 4, 'utf8') : field(value, buffer, at + 4);
      if (written === undefined) {
        this.binaryFields = undefined;
        return false;
      }
      buffer.writeInt32BE(written, at);
      at += 4 + written;
    }
    out.used = at;
    return true;
  }
}

/** Rows encoded as the body of `COPY … FROM STDIN` (see CopyRowsEncoder). */
export function encodeCopyRows(columns: RecordColumns, rows: readonly object[]): CopyData {
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
  data: CopyData,
): Promise<void> {
  const into = `COPY ${table} (${columns.names.join(', ')}) FROM STDIN`;
  if (data.binary.length > 0) {
    const stream = tx.query(copyFrom(`${into} (FORMAT binary)`));
    await pipeline(Readable.from([BINARY_HEADER, ...data.binary, BINARY_TRAILER]), stream);
  }
  if (data.text.length > 0) {
    const stream = tx.query(copyFrom(into));
    await pipeline(Readable.from(data.text), stream);
  }
}
