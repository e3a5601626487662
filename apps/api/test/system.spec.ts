import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { baseDatabaseUrl, eventually, startSystem, type RunningSystem } from '@kb/testing';

describe('the built API process (what npm start runs)', () => {
  let system: RunningSystem;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'kb-web-'));
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Kitchen back-office</title><div id="root"></div>',
    );
    system = await startSystem({ webDist });
  }, 60_000);
  afterAll(async () => {
    await system?.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it('migrates, seeds and reports healthy Postgres, Redis and event store', async () => {
    const res = await fetch(`${system.baseUrl}/api/health`);
    const body = (await res.json()) as { data: unknown };
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({
      postgres: { ok: true },
      redis: { ok: true },
      eventStore: { ok: true },
    });
  });

  it('serves the web app on the same origin for every client route, and JSON for /api', async () => {
    for (const route of ['/', '/login', '/recipe-list?id=42', '/online-cate/list']) {
      const res = await fetch(system.baseUrl + route);
      expect({ route, status: res.status, html: (await res.text()).includes('Kitchen back-office') }).toEqual(
        { route, status: 200, html: true },
      );
    }
    const api = await fetch(`${system.baseUrl}/api/common/loadCountry`);
    expect(api.status).toBe(401);
    expect(api.headers.get('content-type')).toContain('application/json');
  });

  it('writes structured JSON log lines', () => {
    const parsed = system.logs.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
    expect(parsed.some((l) => l.service === 'api' && /API listening/.test(l.msg))).toBe(true);
  });

  it('with the projector beside it, the read models fill from the seeded demo recipes', async () => {
    const withProjector = await startSystem({ projector: true });
    try {
      const pool = new pg.Pool({ connectionString: withProjector.db.url, max: 1 });
      const count = await eventually(
        async () =>
          (
            await pool.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM stream_summary WHERE aggregate_type = 'recipe'`,
            )
          ).rows[0]!.n,
        (n) => n > 0,
        30_000,
        'the projector listed the demo recipes',
      ).finally(() => pool.end());
      expect(count).toBeGreaterThan(0);
      expect(
        withProjector.logs.some((l) => l.includes('"service":"projector"') || l.includes('projector')),
      ).toBe(true);
    } finally {
      await withProjector.stop();
    }
  }, 60_000);

  it('removes its database and stops what it started when the API refuses to start', async () => {
    // KurrentDB chosen without a server to reach: the API exits at once with a clear message.
    const failed = await startSystem({ env: { EVENT_STORE: 'kurrentdb', KURRENTDB_URL: '' } }).then(
      () => new Error('the API started'),
      (err: Error) => err,
    );
    expect(failed.message).toMatch(/API exited with/);
    const name = /the database (\w+) removed/.exec(failed.message)?.[1];
    expect(name).toMatch(/^kbsys_/);
    const admin = new pg.Client({ connectionString: baseDatabaseUrl() });
    await admin.connect();
    const { rows } = await admin
      .query<{ n: number }>('SELECT count(*)::int AS n FROM pg_database WHERE datname = $1', [name])
      .finally(() => admin.end());
    expect(rows[0]!.n).toBe(0);
  }, 60_000);
});
