import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  closedPort,
  createTestDatabase,
  envWithoutEventStore,
  redisUrl,
  type TestDatabase,
} from '@kb/testing';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const MAIN_JS = path.join(repoRoot, 'apps/api/dist/main.js');

/** The built API as a real process; resolves when it exits, with what it printed. */
function runApi(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // Only what each case sets: not the event store a run of the suites on KurrentDB was started with.
  const inherited = envWithoutEventStore();
  const child = spawn(process.execPath, [MAIN_JS], {
    cwd: repoRoot,
    env: { ...inherited, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', REDIS_URL: redisUrl(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const limit = setTimeout(() => child.kill('SIGKILL'), 58_000);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(limit);
      resolve({ code, output });
    }),
  );
}

describe('the API process with EVENT_STORE=kurrentdb', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    if (!existsSync(MAIN_JS))
      throw new Error(
        `${MAIN_JS} is missing: run the tests through Nx (npx nx run @kb/api:test), which builds first`,
      );
    db = await createTestDatabase('kbapi');
  });
  afterAll(async () => {
    await db?.drop();
  });

  const tablesIn = async (url: string) => {
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      return Number(
        (await pool.query(`SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`)).rows[0].n,
      );
    } finally {
      await pool.end();
    }
  };

  it('refuses to start when no KurrentDB server answers, before touching the database', async () => {
    const port = await closedPort();
    const started = Date.now();
    const { code, output } = await runApi({
      DATABASE_URL: db.url,
      EVENT_STORE: 'kurrentdb',
      KURRENTDB_URL: `kurrentdb://127.0.0.1:${port}?tls=false`,
      SEED_DEMO: 'true',
    });
    expect(code).toBe(1);
    expect(Date.now() - started).toBeLessThan(55_000);
    expect(output).toContain(
      `EVENT_STORE=kurrentdb, but KurrentDB at kurrentdb://127.0.0.1:${port}?tls=false did not answer`,
    );
    expect(output).not.toContain('API listening');
    expect(await tablesIn(db.url)).toBe(0);
  }, 90_000);

  it('refuses EVENT_STORE=kurrentdb without KURRENTDB_URL, and an unknown store', async () => {
    const withoutUrl = await runApi({ DATABASE_URL: db.url, EVENT_STORE: 'kurrentdb' });
    expect(withoutUrl.code).toBe(1);
    expect(withoutUrl.output).toContain('KURRENTDB_URL: EVENT_STORE=kurrentdb needs KURRENTDB_URL');
    const unknown = await runApi({ DATABASE_URL: db.url, EVENT_STORE: 'mongodb' });
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/EVENT_STORE: Invalid option: expected one of "postgres"\|"kurrentdb"/);
    expect(await tablesIn(db.url)).toBe(0);
  }, 130_000);
});
