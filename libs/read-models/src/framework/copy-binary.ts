import { storableJson, storableText } from './storable.js';

/**
 * Fields of COPY's binary format, for the column types whose binary form is simple (uuid, text, integers,
 * boolean, timestamptz). The server then parses no ids, numbers or times, and does not scan
 * long texts (a recipe's detail state) character by character for escapes as it does in the text format. A value
 * given in a form this cannot turn into exactly what the server would have read from its text (a time not in
 * ISO 8601 form, a uuid with braces, …) answers `undefined`, and the rows from there on are written as text
 * instead, so nothing is read differently.
 */

/**
 * Writes one field's value (without its length) and returns the bytes written, or undefined (see above). A text
 * column is `'text'`: its value is turned into text first (`binaryText`), for its room in the buffer.
 */
export type BinaryField = WriteField | 'text';

type WriteField = (value: unknown, out: Buffer, at: number) => number | undefined;

/** The most bytes a fixed-size field (not text) takes. */
export const FIXED_FIELD_BYTES = 16;

/** The COPY binary header: signature, flags, no header extension. */
export const BINARY_HEADER = Buffer.from('PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0', 'latin1');
/** The COPY binary trailer: a field count of -1. */
export const BINARY_TRAILER = Buffer.from([0xff, 0xff]);

const INTEGER = /^-?[0-9]{1,19}$/;
const INT8_MIN = -(2n ** 63n);
const INT8_MAX = 2n ** 63n - 1n;
const TWO_TO_32 = 2 ** 32;
// Years 1000-9999, seconds 00-59, a fraction of up to microseconds, and a zone: the form toISOString and the
// event metadata use. Anything else goes to the server as text.
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/;

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
    // A safe integer (a revision, a count) without BigInt; other forms through it.
    if (typeof value === 'number' && Number.isSafeInteger(value)) {
      if (bytes === 4) {
        if (value < -2147483648 || value > 2147483647) return undefined;
        out.writeInt32BE(value, at);
        return 4;
      }
      const high = Math.floor(value / TWO_TO_32);
      out.writeInt32BE(high, at);
      out.writeUInt32BE(value - high * TWO_TO_32, at + 4);
      return 8;
    }
    let n: bigint;
    if (typeof value === 'bigint') n = value;
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
  // 8-4-4-4-12 hex digits: the dashes where they belong, and 16 bytes of hex once they are gone (a hex write stops
  // at the first character that is not a hex digit).
  if (typeof value !== 'string' || value.length !== 36) return undefined;
  if (value[8] !== '-' || value[13] !== '-' || value[18] !== '-' || value[23] !== '-') return undefined;
  const hex = value.replaceAll('-', '');
  return hex.length === 32 && out.write(hex, at, 'hex') === 16 ? 16 : undefined;
}

/**
 * Microseconds since the Unix epoch of an ISO 8601 time, or undefined for any other text or an invalid date. A
 * number: exact up to 2^53 microseconds (the year 2255), which `writeMicroseconds` checks.
 */
function isoMicroseconds(iso: string): number | undefined {
  const m = ISO_TIME.exec(iso);
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const hour = Number(m[4]);
  const minute = Number(m[5]);
  const second = Number(m[6]);
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
  const fraction = m[7] ? Number(m[7].padEnd(6, '0')) : 0;
  return (ms - offsetMinutes * 60_000) * 1000 + fraction;
}

/** Microseconds from the Unix epoch to the Postgres epoch (2000-01-01). */
const POSTGRES_EPOCH_US = 946_684_800_000_000;

/** A timestamptz: microseconds since 2000-01-01 as a signed 64-bit integer (two halves: no BigInt). */
function writeMicroseconds(unixMicroseconds: number, out: Buffer, at: number): number | undefined {
  const us = unixMicroseconds - POSTGRES_EPOCH_US;
  if (!Number.isSafeInteger(us)) return undefined;
  const high = Math.floor(us / TWO_TO_32);
  out.writeInt32BE(high, at);
  out.writeUInt32BE(us - high * TWO_TO_32, at + 4);
  return 8;
}

function timestamptz(value: unknown, out: Buffer, at: number): number | undefined {
  if (value instanceof Date) {
    const ms = value.getTime();
    // An invalid date fails in text too (toISOString throws): let the text encoder say so.
    return Number.isNaN(ms) ? undefined : writeMicroseconds(ms * 1000, out, at);
  }
  if (typeof value !== 'string') return undefined;
  const us = isoMicroseconds(value);
  return us === undefined ? undefined : writeMicroseconds(us, out, at);
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
    default:
      return undefined;
  }
}
