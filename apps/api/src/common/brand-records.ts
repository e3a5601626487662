import type pg from 'pg';
import { withTransaction } from '@kb/platform';
import { notFound } from './app-error.js';

/** A table of brand records: rows with `brand_owner_code` and a uuid `id`. */
export interface BrandRecords {
  table: string;
  /** The 404's code when an id is not one of the brand's records (default `not_found`). */
  notFound?: string;
  /** What a check reads of each locked record besides its id (SQL columns). */
  columns?: string;
  /** A record that does not meet this (SQL) counts as not there, e.g. one already tombstoned. */
  where?: string;
}

/**
 * Locks the brand's records named by `ids` for the transaction, in id order (so two writers never wait on each
 * other crosswise): all of them, or the 404 when any is not the brand's.
 */
export async function lockBrandRecords<R extends { id: string } = { id: string }>(
  client: pg.PoolClient,
  brand: string,
  records: BrandRecords,
  ids: string[],
): Promise<R[]> {
  const columns = records.columns ? `id, ${records.columns}` : 'id';
  const where = records.where ? ` AND ${records.where}` : '';
  const { rows } = await client.query<R>(
    `SELECT ${columns} FROM ${records.table}
      WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])${where} ORDER BY id FOR UPDATE`,
    [brand, ids],
  );
  if (rows.length !== new Set(ids).size) throw notFound(records.notFound);
  return rows;
}

/** How a list's records go: which, what refuses them, what goes with them and how. */
export interface RecordsDelete<R extends { id: string } = { id: string }> extends BrandRecords {
  /** A refusal of the locked records (e.g. a notice already pushed stays). */
  refuse?(rows: R[]): Error | undefined;
  /** What goes with the records, before them, in the same transaction. */
  cascade?(client: pg.PoolClient, brand: string, ids: string[]): Promise<unknown>;
  /** How they go ($1 brand, $2 ids), e.g. a tombstone; default they are deleted. */
  remove?: string;
  /** What follows their going, in the same transaction (e.g. signing app users out). */
  after?(client: pg.PoolClient, ids: string[]): Promise<unknown>;
}

/** Deletes the brand's records named by `ids`, all or none, answering how many went. */
export function deleteBrandRecords<R extends { id: string }>(
  pool: pg.Pool,
  brand: string,
  records: RecordsDelete<R>,
  ids: string[],
): Promise<{ deleted: number }> {
  return withTransaction(pool, async (client) => {
    const rows = await lockBrandRecords<R>(client, brand, records, ids);
    const refusal = records.refuse?.(rows);
    if (refusal) throw refusal;
    await records.cascade?.(client, brand, ids);
    const { rowCount } = await client.query(
      records.remove ?? `DELETE FROM ${records.table} WHERE brand_owner_code = $1 AND id = ANY($2::uuid[])`,
      [brand, ids],
    );
    await records.after?.(client, ids);
    return { deleted: rowCount ?? 0 };
  });
}
