import type pg from 'pg';
import { DomainError } from '@kb/domain';

/** Where an aggregate's detail is read: its list row (the list's SELECT over `alias`) and its detail table. */
export interface AggregateDetail {
  /** The list's SELECT with its FROM and joins, without WHERE; its `id` is the aggregate's id as text. */
  listSelect: string;
  alias: string;
  /** The id column of both the list table and `detailTable`. */
  idColumn: string;
  /** The table that keeps each aggregate's folded state (`state`). */
  detailTable: string;
  /** The refusal (404) when the brand has no such aggregate. */
  notFound: string;
}

/** An aggregate of the brand as its detail screen reads it: its list row with its folded state; 404 when absent. */
export async function aggregateDetail<R extends pg.QueryResultRow, S>(
  pool: pg.Pool,
  detail: AggregateDetail,
  brand: string,
  id: string,
): Promise<R & { state: S }> {
  const { listSelect, alias, idColumn, detailTable } = detail;
  const { rows } = await pool.query<R & { state: S }>(
    `SELECT l.*, d.state FROM (${listSelect} WHERE ${alias}.brand_owner_code = $1 AND ${alias}.${idColumn} = $2) l
       JOIN ${detailTable} d ON d.${idColumn} = l.id::uuid`,
    [brand, id],
  );
  const row = rows[0];
  if (!row) throw new DomainError(404, detail.notFound);
  return row;
}
