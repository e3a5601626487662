import { storableJson, storableJsonText, storableText } from './storable.js';

/**
 * Fields of COPY's binary format, for the column types whose binary form is simple (uuid, text, integers,
 * boolean, timestamptz, their arrays, jsonb). The server then parses no ids, numbers or times, and does not scan
 * long texts (a recipe's detail state) character by character for escapes as it does in the text format. A value
 * given in a form this cannot turn into exactly what the server would have read from its text (a time not in
 * ISO 8601 form, a uuid with braces, …) answers `undefined`, and the rows from there on are written as text
 * instead, so nothing is read differently.
 */

/**
 * Writes one field's value (without its length) and returns the bytes written, or undefined (see above). A text
 * column is `'text'`: its value is turned into text first (`binaryText`), for its room in the buffer; a jsonb
 * column is `'jsonb'`: its JSON text (`binaryJson`) after the format's version byte.
 */
export type BinaryField = WriteField | 'text' | 'jsonb' | SizedField;

type WriteField = (value: unknown, out: Buffer, at: number) => number | undefined;

/** A field of variable size (an array, jsonb): the most bytes it may take, then its writer. */
interface SizedField {
  room(value: unknown): number;
  write: WriteField;
}

/** The most bytes a fixed-size field (not text) takes. */
export const FIXED_FIELD_BYTES = 16;

/** The COPY binary header: signature, flags, no header extension. */
export const BINARY_HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
/** The COPY binary trailer: a field count of -1. */
export const BINARY_TRAILER = Buffer.from([0xff, 0xff]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INTEGER = /^-?[0-9]{1,19}$/;
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;
// Years 1000-9999, seconds 00-59, a fraction of up to microseconds, and a zone: the form toISOString and the
// event metadata use. Anything else goes to the server as text.
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/;
/** Microseconds from the Unix epoch to the Postgres epoch (2000-01-01). */
const POSTGRES_EPOCH_US = 946_684_800_000_000n;

/** A value of a text column as the text stored, as the text format writes it (copy-rows.ts), made storable. */
export function binaryText(value: unknown): string {
  if (typeof value === 'string') return storableText(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  // An object or array given for a text column is stored as its JSON text (the aggregate detail's state).
  if (typeof value === 'object') return storableJson(value);
  return storableText(String(value));
}

function integer(bytes: 4 | 8) {
  return (value: unknown, out: Buffer, at: number): number | undefined => {
    let n: bigint;
    if (typeof value === 'bigint') n = value;
    else if (typeof value === 'number' && Number.isSafeInteger(value)) n = BigInt(value);
    else if (typeof value === 'string' && INTEGER.test(value)) n = BigInt(value);
    else return undefined;
    if (bytes === 4) {
      if (n < -2147483648n || n > 2147483647n) return undefined;
      out.writeInt32BE(Number(n), at);
    } else {
      if (n < INT8_MIN || n > INT8_MAX) return undefined;
      out.writeBigInt64BE(n, at);
    }
    return bytes;
  };
}

function boolean(value: unknown, out: Buffer, at: number): number | undefined {
  if (typeof value !== 'boolean') return undefined;
  out[at] = value ? 1 : 0;
  return 1;
}

function uuid(value: unknown, out: Buffer, at: number): number | undefined {
  if (typeof value !== 'string' || !UUID.test(value)) return undefined;
  return out.write(value.replaceAll('-', ''), at, 'hex') === 16 ? 16 : undefined;
}

/** Microseconds since the Unix epoch of an ISO 8601 time, or undefined for any other text or an invalid date. */
function isoMicroseconds(iso: string): bigint | undefined {
  const m = ISO_TIME.exec(iso);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (year < 1000 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const back = new Date(ms);
  // Date.UTC rolls 31 April over to 1 May; the server refuses it.
  if (back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  const zone = m[8]!;
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const hours = Number(zone.slice(1, 3));
    const minutes = Number(zone.slice(4, 6));
    if (hours > 15 || minutes > 59) return undefined;
    offsetMinutes = (zone[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const fraction = BigInt((m[7] ?? '').padEnd(6, '0'));
  return (BigInt(ms) - BigInt(offsetMinutes * 60_000)) * 1000n + fraction;
}

function timestamptz(value: unknown, out: Buffer, at: number): number | undefined {
  let us: bigint | undefined;
  if (value instanceof Date) {
    const ms = value.getTime();
    // An invalid date fails in text too (toISOString throws): let the text encoder say so.
    if (Number.isNaN(ms)) return undefined;
    us = BigInt(ms) * 1000n;
  } else if (typeof value === 'string') us = isoMicroseconds(value);
  if (us === undefined) return undefined;
  out.writeBigInt64BE(us - POSTGRES_EPOCH_US, at);
  return 8;
}

/** A value of a jsonb column as the JSON text sent, as the text format writes it (copy-rows.ts), made storable. */
export function binaryJson(value: unknown): string {
  return typeof value === 'string' ? storableJsonText(value) : storableJson(value);
}

/** Element type ids (pg_type.oid) of the arrays written here. */
const ELEMENT_OIDS = { text: 25, uuid: 2950, integer: 23 } as const;

/**
 * An array of one dimension, lower bound 1, as `{…}` in text would be. Only elements whose text form is their plain
 * value (strings for text[] and uuid[], safe integers for integer[]) and nulls: anything else (a number in a text[],
 * which the text form writes through JSON) goes as text.
 */
function array(element: keyof typeof ELEMENT_OIDS): SizedField {
  const oid = ELEMENT_OIDS[element];
  const write = element === 'uuid' ? uuid : element === 'integer' ? integer(4) : undefined;
  return {
    room(value) {
      if (!Array.isArray(value)) return 0;
      let bytes = 20;
      for (const e of value as unknown[])
        bytes += 4 + (typeof e === 'string' ? e.length * 3 : FIXED_FIELD_BYTES);
      return bytes;
    },
    write(value, out, at) {
      if (!Array.isArray(value)) return undefined;
      const values = value as unknown[];
      const start = at;
      const nulls = values.some((e) => e === null || e === undefined);
      out.writeInt32BE(values.length === 0 ? 0 : 1, at);
      out.writeInt32BE(nulls ? 1 : 0, at + 4);
      out.writeInt32BE(oid, at + 8);
      at += 12;
      if (values.length > 0) {
        out.writeInt32BE(values.length, at);
        out.writeInt32BE(1, at + 4);
        at += 8;
      }
      for (const e of values) {
        if (e === null || e === undefined) {
          out.writeInt32BE(-1, at);
          at += 4;
          continue;
        }
        let written: number | undefined;
        if (write) written = write(e, out, at + 4);
        else if (typeof e === 'string') written = out.write(storableText(e), at + 4, 'utf8');
        if (written === undefined || (element === 'integer' && typeof e !== 'number')) return undefined;
        out.writeInt32BE(written, at);
        at += 4 + written;
      }
      return at - start;
    },
  };
}

/** The binary field writer of a declared column type, or undefined where this writes that type as text only. */
export function binaryFieldFor(type: string): BinaryField | undefined {
  switch (type) {
    case 'text':
      return 'text';
    case 'uuid':
      return uuid;
    case 'bigint':
    case 'int8':
      return integer(8);
    case 'integer':
    case 'int':
    case 'int4':
      return integer(4);
    case 'boolean':
    case 'bool':
      return boolean;
    case 'timestamptz':
      return timestamptz;
    case 'text[]':
      return array('text');
    case 'uuid[]':
      return array('uuid');
    case 'integer[]':
    case 'int[]':
    case 'int4[]':
      return array('integer');
    case 'jsonb':
      return 'jsonb';
    default:
      return undefined;
  }
}
