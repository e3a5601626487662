import type { SortOrder } from '@kb/contracts';
import { AppError, fieldRefusal } from './app-error.js';

/** How a list sorts by one column: its SQL expression, the type its cursor value is cast back to, nullability. */
export interface SortKey {
  sql: string;
  type: 'text' | 'timestamptz' | 'boolean' | 'bigint' | 'integer' | 'uuid';
  nullable?: boolean;
}

/**
 * A list's sortable columns (by the field name of `orderBy`), the unique key that breaks ties (`seq`, `id`) and
 * the order without `orderBy`.
 *
 * A sorted list orders by the column, then by the tie-break in the opposite direction (`col ASC, seq DESC` /
 * `col DESC, seq ASC`): the pair is then one btree index `(brand, col, seq DESC)` read forwards or backwards,
 * so the indexes a filter already has serve its column's sort too. NULLs come last ascending and first
 * descending, as that index reads them.
 */
export interface ListOrder<F extends string> {
  keys: Record<F, SortKey>;
  tieBreak: SortKey;
  /** The ORDER BY of the unsorted list. */
  natural: string;
}

/**
 * A sort key as a line of a column list: its SQL, the type its cursor value is cast back to, and `null` where the
 * column can be NULL (`'a.version_number text'`, `'s.name text null'`).
 */
export type SortKeyText = `${string} ${SortKey['type']}` | `${string} ${SortKey['type']} null`;

function sortKey(text: SortKeyText): SortKey {
  const words = text.split(' ');
  const nullable = words.at(-1) === 'null';
  if (nullable) words.pop();
  const type = words.pop() as SortKey['type'];
  return nullable ? { sql: words.join(' '), type, nullable } : { sql: words.join(' '), type };
}

/** A list's order declared as column-list lines (see SortKeyText), read into its sort keys. */
export function listOrder<F extends string>(def: {
  keys: Record<F, SortKeyText>;
  tieBreak: SortKeyText;
  natural: string;
}): ListOrder<F> {
  const keys = Object.fromEntries(
    Object.entries<SortKeyText>(def.keys).map(([field, text]) => [field, sortKey(text)]),
  ) as Record<F, SortKey>;
  return { keys, tieBreak: sortKey(def.tieBreak), natural: def.natural };
}

export interface SortRequest<F extends string> {
  orderBy?: F;
  order?: SortOrder;
}

/** The ORDER BY of a list as asked (its natural order without `orderBy`). */
export function orderClause<F extends string>(list: ListOrder<F>, sort: SortRequest<F>): string {
  if (!sort.orderBy) return list.natural;
  const key = list.keys[sort.orderBy];
  return sort.order === 'desc'
    ? `${key.sql} DESC, ${list.tieBreak.sql} ASC`
    : `${key.sql} ASC, ${list.tieBreak.sql} DESC`;
}

/** The SQL of a sorted list's cursor value (the sort column as text), selected beside the tie-break. */
export function sortValueSql<F extends string>(list: ListOrder<F>, sort: SortRequest<F>): string {
  return sort.orderBy ? `(${list.keys[sort.orderBy].sql})::text` : 'NULL::text';
}

const SORTED_CURSOR = 's.';

/** The refusal of an `orderBy` the list does not sort by, beyond what its query schema already refuses. */
export const sortFieldInvalid = (): AppError => fieldRefusal('orderBy', 'sort_field_invalid');

export const cursorInvalid = (): AppError => fieldRefusal('after', 'cursor_invalid');

/** The cursor of a sorted list after a row: its sort value and tie-break, opaque to the caller. */
export function sortedCursor(value: string | null, tie: string): string {
  return SORTED_CURSOR + Buffer.from(JSON.stringify([value, tie])).toString('base64url');
}

function readSortedCursor(after: string): [string | null, string] {
  if (!after.startsWith(SORTED_CURSOR)) throw cursorInvalid();
  try {
    const parsed: unknown = JSON.parse(
      Buffer.from(after.slice(SORTED_CURSOR.length), 'base64url').toString(),
    );
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (parsed[0] === null || typeof parsed[0] === 'string') &&
      typeof parsed[1] === 'string'
    )
      return [parsed[0], parsed[1]];
  } catch {
    // Falls through to the refusal.
  }
  throw cursorInvalid();
}

/** What a cursor's value must look like to be cast to its key's type (text takes anything). */
const VALUE_SHAPES: Partial<Record<SortKey['type'], RegExp>> = {
  integer: /^-?\d{1,9}$/,
  bigint: /^-?\d{1,18}$/,
  boolean: /^(true|false)$/,
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  timestamptz: /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/,
};

/** A cursor's value as the SQL of its key's type, or the refusal of a cursor the list never gave out. */
export function cursorValue(value: string, type: SortKey['type'], param: (value: unknown) => string): string {
  if (!(VALUE_SHAPES[type]?.test(value) ?? true)) throw cursorInvalid();
  return `${param(value)}::${type}`;
}

/**
 * The ranges of a sorted list after `after` (a cursor of sortedCursor), in the order of orderClause, each a
 * single range of the column's index: the rest of the cursor's run of equal values, the values past it, and
 * (ascending) the NULLs that come last. One `(a, b) > (x, y)` condition over the mixed-direction index would
 * bound the scan by the column only and walk a long run of ties from its start; separate ranges seek.
 */
export function afterRanges<F extends string>(
  list: ListOrder<F>,
  sort: SortRequest<F> & { orderBy: F },
  after: string,
  param: (value: unknown) => string,
): { where: string; order: string }[] {
  const [value, tie] = readSortedCursor(after);
  const key = list.keys[sort.orderBy];
  const col = key.sql;
  const seq = list.tieBreak.sql;
  const t = cursorValue(tie, list.tieBreak.type, param);
  const byColumn = orderClause(list, sort);
  if (sort.order === 'desc') {
    if (value === null)
      return [
        { where: `${col} IS NULL AND ${seq} > ${t}`, order: `${seq} ASC` },
        { where: `${col} IS NOT NULL`, order: byColumn },
      ];
    const v = cursorValue(value, key.type, param);
    return [
      { where: `${col} = ${v} AND ${seq} > ${t}`, order: `${seq} ASC` },
      { where: `${col} < ${v}`, order: byColumn },
    ];
  }
  if (value === null) {
    if (!key.nullable) throw cursorInvalid();
    return [{ where: `${col} IS NULL AND ${seq} < ${t}`, order: `${seq} DESC` }];
  }
  const v = cursorValue(value, key.type, param);
  const ranges = [
    { where: `${col} = ${v} AND ${seq} < ${t}`, order: `${seq} DESC` },
    { where: `${col} > ${v}`, order: byColumn },
  ];
  return key.nullable ? [...ranges, { where: `${col} IS NULL`, order: `${seq} DESC` }] : ranges;
}

/** The paging of a keyset list: `after` is the `nextCursor` of the page before. */
export interface KeysetPaging {
  pageNum: number;
  pageSize: number;
  onPage: boolean;
  after?: string;
}

/**
 * The keys of one page of a keyset list (`SELECT <tie> AS seq, sort_value …`): from the index alone, a seek after
 * `after` when given, else a walk to the page's offset. `from` is the table with the alias the list's keys use;
 * `param` adds a parameter (after those of `where`). The unsorted order is the tie-break descending (newest first).
 * `limit` bounds a whole list (`onPage=false`).
 */
export function keysetKeysSql<F extends string>(
  list: ListOrder<F>,
  sort: SortRequest<F>,
  source: { from: string; where: string },
  q: KeysetPaging,
  param: (value: unknown) => string,
  limit: number,
): string {
  const select = `SELECT ${list.tieBreak.sql} AS seq, ${sortValueSql(list, sort)} AS sort_value`;
  const from = `FROM ${source.from} WHERE ${source.where}`;
  if (q.after && sort.orderBy) {
    // A page after a cursor of a sorted list: the first rows of each range, then the page of them in order.
    const key = list.keys[sort.orderBy];
    const size = param(q.pageSize);
    const ranges = afterRanges(list, { ...sort, orderBy: sort.orderBy }, q.after, param).map(
      (r) => `(${select}, ${key.sql} AS sort_key ${from} AND ${r.where} ORDER BY ${r.order} LIMIT ${size})`,
    );
    const [dir, opposite] = sort.order === 'desc' ? ['DESC', 'ASC'] : ['ASC', 'DESC'];
    return `SELECT seq, sort_value FROM (${ranges.join(' UNION ALL ')}) ranges
      ORDER BY sort_key ${dir}, seq ${opposite} LIMIT ${size}`;
  }
  let sql = `${select} ${from}`;
  if (q.after) {
    if (/^\d{1,18}$/.test(q.after)) sql += ` AND ${list.tieBreak.sql} < ${param(q.after)}::bigint`;
    else throw cursorInvalid();
  }
  sql += ` ORDER BY ${orderClause(list, sort)}`;
  if (!q.onPage) return `${sql} LIMIT ${limit}`;
  sql += ` LIMIT ${param(q.pageSize)}`;
  return q.after ? sql : `${sql} OFFSET ${param((q.pageNum - 1) * q.pageSize)}`;
}

/** The `nextCursor` after a full page of a keyset list (null after the last page or a whole list). */
export function nextKeysetCursor(
  sort: SortRequest<string>,
  q: KeysetPaging,
  rows: readonly { seq: string | number; sort_value?: string | null }[],
): string | null {
  const last = rows[rows.length - 1];
  if (!q.onPage || !last || rows.length !== q.pageSize) return null;
  return sort.orderBy ? sortedCursor(last.sort_value ?? null, String(last.seq)) : String(last.seq);
}
