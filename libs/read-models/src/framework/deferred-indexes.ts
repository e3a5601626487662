import { withTransaction, type Pool, type PoolClient } from '@kb/platform/db';
import { physicalTable, type ProjectionDefinition } from './projection.js';

/**
 * Secondary indexes set aside while a version catches up from the start of a long log.
 *
 * Maintaining every index row by row while 100,000 recipes arrive cost the database about four times what
 * building the same indexes once at the end does (recipe_list: 6.8 s inserting with its eight indexes against
 * 0.4 s without them plus 1.4 s to build them). So a version that starts from nothing with a long log ahead drops
 * its non-unique, non-partial indexes first (the tables are empty: nothing is lost) and writes their definitions
 * down here, in the same transaction; the runner builds them again as soon as the version has caught up, each in its
 * own transaction with the removal of its definition. A crash in between leaves the definitions here and the
 * restarted runner builds what is still missing when it catches up. Unique indexes and primary keys stay: the
 * projections rely on them. Partial indexes stay too (see deferIndexes). A building version is switched to only
 * once its indexes are back.
 */

/** The definitions of a version's deferred indexes: `CREATE INDEX …` statements, by index name. */
export async function deferredIndexes(
  db: Pool | PoolClient,
  name: string,
  version: number,
): Promise<{ indexName: string; definition: string }[]> {
  const { rows } = await db.query<{ index_name: string; definition: string }>(
    `SELECT index_name, definition FROM projection_deferred_indexes WHERE name = $1 AND version = $2
      ORDER BY index_name`,
    [name, version],
  );
  return rows.map((r) => ({ indexName: r.index_name, definition: r.definition }));
}

/**
 * Drops the non-unique indexes of a version's tables and keeps their definitions. Returns how many. Partial indexes
 * stay: a catch-up writes into them only the few rows their condition keeps (the recycle bin's), while building one
 * at the end reads the whole table once more, as every index build does (recipe_list's three at 100,000 recipes:
 * about 0.2 s each to build, against no measurable cost to the COPY of its rows).
 */
export async function deferIndexes(
  pool: Pool,
  projection: ProjectionDefinition,
  version: number,
): Promise<number> {
  return withTransaction(pool, async (tx) => {
    const { rows } = await tx.query<{ index_name: string; definition: string }>(
      `SELECT i.relname AS index_name, pg_get_indexdef(i.oid) AS definition
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_class t ON t.oid = x.indrelid
        WHERE t.relname = ANY($1::text[]) AND pg_table_is_visible(t.oid) AND NOT x.indisunique
          AND x.indpred IS NULL
        ORDER BY i.relname`,
      [projection.tables.map((t) => physicalTable(t.name, version))],
    );
    for (const r of rows) {
      await tx.query(
        `INSERT INTO projection_deferred_indexes (name, version, index_name, definition) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [projection.name, version, r.index_name, r.definition],
      );
      await tx.query(`DROP INDEX ${tx.escapeIdentifier(r.index_name)}`);
    }
    return rows.length;
  });
}

/** Indexes built at the same time by `restoreIndexes`: one per core of the database machine this was tuned on. */
const BUILDERS = 2;

/**
 * Builds a version's deferred indexes again, each in its own transaction (with room to sort in memory), two at a
 * time, inverted (GIN) indexes first: they take longest (recipe_list's name pieces: 1.4 s of 2.0 s at 100k
 * recipes), and the other builder does the rest meanwhile. An index that exists already (built before a crash
 * that kept its definition) is left as it is. Returns how many were built.
 */
export async function restoreIndexes(pool: Pool, name: string, version: number): Promise<number> {
  const queue = (await deferredIndexes(pool, name, version)).sort(
    (a, b) => Number(/ USING gin /i.test(b.definition)) - Number(/ USING gin /i.test(a.definition)),
  );
  let built = 0;
  const builder = async (): Promise<void> => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await buildIndex(pool, name, version, next);
      built += 1;
    }
  };
  const results = await Promise.allSettled(Array.from({ length: BUILDERS }, builder));
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return built;
}

async function buildIndex(
  pool: Pool,
  name: string,
  version: number,
  { indexName, definition }: { indexName: string; definition: string },
): Promise<void> {
  await withTransaction(pool, async (tx) => {
    await tx.query(`SET LOCAL maintenance_work_mem = '256MB'`);
    await tx.query(definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await tx.query(
      'DELETE FROM projection_deferred_indexes WHERE name = $1 AND version = $2 AND index_name = $3',
      [name, version, indexName],
    );
  });
}
