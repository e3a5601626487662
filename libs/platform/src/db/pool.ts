import pg from 'pg';
import { endSpan, inTrace, SpanKind, startSpan, tracingOn } from '../observability/tracing.js';

// int8 (bigint) columns come back as strings by default; counts and positions fit in JS numbers here
// only where callers convert explicitly, so keep the driver default and convert at the edges.

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;

export interface PoolOptions {
  max?: number;
  applicationName?: string;
  /** How long a statement may wait for a lock before it fails with 55P03 (lock_timeout); unset: no bound. */
  lockTimeoutMs?: number;
  /** How long a statement may run before it is cancelled with 57014 (statement_timeout); unset: no bound. */
  statementTimeoutMs?: number;
}

export function createPool(connectionString: string, options: PoolOptions = {}): pg.Pool {
  const settings = [
    // A transaction left open holds locks and connections: never let one idle.
    'idle_in_transaction_session_timeout=10000',
    // JIT compilation costs more than it saves on our short OLTP queries (measured ~10x inside projection batches).
    'jit=off',
    ...(options.lockTimeoutMs !== undefined ? [`lock_timeout=${Math.round(options.lockTimeoutMs)}`] : []),
    ...(options.statementTimeoutMs !== undefined
      ? [`statement_timeout=${Math.round(options.statementTimeoutMs)}`]
      : []),
  ];
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'kitchen-backoffice',
    options: settings.map((s) => `-c ${s}`).join(' '),
  });
  guardClients(pool);
  if (tracingOn()) traceQueries(pool);
  return pool;
}

function querySpan(text: unknown) {
  const statement = typeof text === 'string' ? text : ((text as { text?: unknown } | null)?.text ?? '');
  const words = String(statement).trim().replace(/\s+/g, ' ');
  const operation = (/^\w+/.exec(words)?.[0] ?? 'query').toUpperCase();
  // Statements carry `$n` placeholders, never the values, so the text is safe to export.
  return startSpan(operation, {
    kind: SpanKind.CLIENT,
    attributes: {
      'db.system': 'postgresql',
      'db.system.name': 'postgresql',
      'db.operation.name': operation,
      'db.query.text': words.slice(0, 2000),
    },
  });
}

type QueryFn = (...args: unknown[]) => unknown;

function traced(query: QueryFn): QueryFn {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    // Cursors and streams (submittables) and callback calls are passed on as they are: `pool.query` hands its
    // statement to a client with a callback, so it is counted once, by the pool's span. Statements outside any
    // request or job (probes, polling timers) would each be a trace of one span: they are left out.
    if (
      !inTrace() ||
      typeof (first as { submit?: unknown } | null)?.submit === 'function' ||
      typeof args[args.length - 1] === 'function'
    )
      return query.apply(this, args);
    const span = querySpan(first);
    return (query.apply(this, args) as Promise<unknown>).then(
      (result) => {
        endSpan(span);
        return result;
      },
      (error: unknown) => {
        endSpan(span, error);
        throw error;
      },
    );
  };
}

/**
 * A client span per statement, a child of the span active where the statement was asked for. `pool.query`'s span
 * starts in its caller's context (the pool may hand the query to a client later, in another); statements on a
 * checked-out client (transactions) get theirs from the client.
 */
function traceQueries(pool: pg.Pool): void {
  pool.query = traced(pool.query as QueryFn) as typeof pool.query;
  pool.on('connect', (client) => {
    client.query = traced(client.query as QueryFn) as typeof client.query;
  });
}

/**
 * Keeps a connection the server ends (idle-in-transaction timeout, a restart, a terminated backend) from throwing
 * out of the process. The pool listens for errors only on its idle clients; a checked-out client without a
 * listener of its own turns the server's goodbye into an uncaught 'error' event. A listener added when the pool
 * opens the client stays for its whole life: the query in hand, if any, fails with the error, the next one with
 * "not queryable", and the pool drops the client when it comes back (it checks `_queryable` on release).
 */
export function guardClients(pool: pg.Pool): void {
  pool.on('error', () => {
    // An idle client lost its connection; the pool drops it and the next query opens a new one.
  });
  pool.on('connect', (client) => {
    client.on('error', () => {
      // Reported to whoever holds the client, through its failing query.
    });
  });
}

/**
 * Runs `work` in one transaction on one client, opened by `begin` (a plain BEGIN, or one with its isolation and
 * settings); rolls back on any error, and a client that cannot even roll back goes back to the pool destroyed.
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  // A pool not made by createPool has no listener for a checked-out client's errors (see guardClients): a
  // connection lost mid-transaction must fail the statement in hand, not the process.
  const ignore = () => undefined;
  client.on('error', ignore);
  let broken: Error | undefined;
  try {
    await client.query(begin);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((e: Error) => (broken = e));
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}
