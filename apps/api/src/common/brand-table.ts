/**
 * The DDL of a table of one brand's records, as the reference kit and the state-stored modules keep them: a
 * generated id, the brand, the table's own columns in order (their SQL, comma-separated), the optimistic version (unless `version` is false),
 * the times, then the table's constraints. `table` and `columns` are SQL as written (quote them where needed).
 */
export function brandTableDdl(
  table: string,
  columns: string,
  { version = true, constraints = [] }: { version?: boolean; constraints?: readonly string[] } = {},
): string {
  const lines = [
    'id uuid PRIMARY KEY DEFAULT gen_random_uuid()',
    'brand_owner_code text NOT NULL',
    columns.trim(),
    ...(version ? ['version integer NOT NULL DEFAULT 1'] : []),
    'created_at timestamptz NOT NULL DEFAULT now()',
    'updated_at timestamptz NOT NULL DEFAULT now()',
    ...constraints,
  ];
  return `CREATE TABLE ${table} (\n    ${lines.join(',\n    ')}\n  );`;
}

/** The per-brand uniqueness of a table's `number` column, named `<table>_number_key`. */
export const numberKey = (table: string) =>
  `CONSTRAINT ${table}_number_key UNIQUE (brand_owner_code, number)`;
