import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Postgres for tests: `DATABASE_URL` when set, else the local server on 127.0.0.1:5432 (trust auth).
 * Each call creates a private database and returns its URL and a `drop` to remove it.
 */
export function baseDatabaseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function redisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/**
 * The event store a test system runs on: `EVENT_STORE` and `KURRENTDB_URL` as the tests were started with, and
 * with KurrentDB a stream namespace of the suite's own (the database's name), so suites sharing one node never
 * see each other's streams.
 */
export function eventStoreEnv(namespace: string): Record<string, string> {
  const kind = process.env.EVENT_STORE?.trim();
  if (!kind || kind === 'postgres') return {};
  return {
    EVENT_STORE: kind,
    KURRENTDB_URL: process.env.KURRENTDB_URL ?? '',
    KURRENTDB_NAMESPACE: namespace,
  };
}

/**
 * This process's environment without what chooses the event store (and jest's NODE_OPTIONS): for a child process
 * whose event store the test sets itself, not the one a run of the suites on KurrentDB was started with.
 */
export function envWithoutEventStore(): NodeJS.ProcessEnv {
  const {
    NODE_OPTIONS: _jestOnly,
    EVENT_STORE: _store,
    KURRENTDB_URL: _url,
    KURRENTDB_NAMESPACE: _namespace,
    ...inherited
  } = process.env;
  return inherited;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A private database, empty or (with `template`) a copy of that database, which nobody may be connected to. */
export async function createTestDatabase(
  prefix = 'kbtest',
  options: { template?: string } = {},
): Promise<TestDatabase> {
  const base = baseDatabaseUrl();
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${options.template ? ` TEMPLATE ${options.template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
