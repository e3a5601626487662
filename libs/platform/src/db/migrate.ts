import type pg from 'pg';

/** One schema change. `id` is unique across the system, e.g. `event-store/001-events`. */
export interface Migration {
  id: string;
  sql: string;
}

const LOCK_KEY = 727_001; // advisory lock: one migrator at a time across processes

/**
 * Applies, in the order given, every migration not yet recorded in `schema_migrations`.
 * Each owner (event store, read models, API tables) exports its own ordered list; apps compose them.
 */
export async function migrate(pool: pg.Pool, migrations: readonly Migration[]): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const { rows } = await client.query<{ id: string }>('SELECT id FROM schema_migrations');
    const done = new Set(rows.map((r) => r.id));
    const seen = new Set<string>();
    for (const m of migrations) {
      if (seen.has(m.id)) throw new Error(`Duplicate migration id ${m.id}`);
      seen.add(m.id);
      if (done.has(m.id)) continue;
      await client.query('BEGIN');
      try {
        await client.query(m.sql);
        await client.query('INSERT INTO schema_migrations (id) VALUES ($1)', [m.id]);
        await client.query('COMMIT');
        applied.push(m.id);
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${m.id} failed: ${(error as Error).message}`, { cause: error });
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
    client.release();
  }
  return applied;
}
