import type { PoolClient } from '@kb/platform';

/** Columns as `jsonb_to_recordset` declares them (`name type, …`), with their names in that order. */
export interface RecordColumns {
  declaration: string;
  names: string[];
}

export function recordColumns(declaration: string): RecordColumns {
  return { declaration, names: declaration.split(',').map((c) => c.trim().split(/\s+/)[0]!) };
}

/**
 * Writes `rows` (objects keyed by column name) into `table` in one statement, replacing the rows with the same
 * `key`: the write of the aggregate read models (recipes, APK packages, offline packs), one JSON parameter
 * whatever the number of rows.
 */
export async function upsertRows(
  tx: PoolClient,
  table: string,
  key: string,
  columns: RecordColumns,
  rows: object[],
): Promise<void> {
  if (rows.length === 0) return;
  const { declaration, names } = columns;
  await tx.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${names.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${declaration})
     ON CONFLICT (${key}) DO UPDATE SET
       ${names
         .filter((n) => n !== key)
         .map((n) => `${n} = EXCLUDED.${n}`)
         .join(', ')}`,
    [JSON.stringify(rows)],
  );
}
