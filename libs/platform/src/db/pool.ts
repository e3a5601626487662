import pg from 'pg';

// int8 (bigint) columns come back as strings by default; counts and positions fit in JS numbers here
// only where callers convert explicitly, so keep the driver default and convert at the edges.

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export function createPool(
  connectionString: string,
  options: { max?: number; applicationName?: string } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'kitchen-backoffice',
    // Any open transaction holds the event readers back (ARCHITECTURE.md): never let one idle.
    // JIT compilation costs more than it saves on our short OLTP queries (measured ~10x inside projection batches).
    options: '-c idle_in_transaction_session_timeout=10000 -c jit=off',
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool drops it and the next query opens a new one.
  });
  return pool;
}

/** Runs `work` in one transaction on one client; rolls back on any error. */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
