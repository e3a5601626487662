import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { allProjections } from '@kb/read-models';
import {
  eventually,
  createTestDatabase,
  startSystem,
  type RunningSystem,
  type TestDatabase,
} from '@kb/testing';
import { loggedIn, pngBytes, uploadImage } from './harness.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [path.join(repoRoot, 'scripts', script), ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error
          ? reject(new Error(`${script} failed: ${error.message}\n${stdout}\n${stderr}`))
          : resolve(stdout),
    );
  });
}

/** A table's rows as sorted JSON texts, so two databases compare whatever order they were written in. */
async function rowsOf(pool: pg.Pool, relation: string, without: string[] = []): Promise<string[]> {
  const drop = without.map((c) => ` - '${c}'`).join('');
  const { rows } = await pool.query<{ row: string }>(
    `SELECT (to_jsonb(t)${drop})::text AS row FROM ${relation} t`,
  );
  return rows.map((r) => r.row).sort();
}

/** Every live projection has applied every event in the store. */
async function projectionsCaughtUp(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ behind: number; live: number }>(`
    SELECT count(*) FILTER (WHERE EXISTS (
             SELECT 1 FROM events e
              WHERE (e.transaction_id::text::bigint, e.global_position) > (c.transaction_id, c.global_position)))::int
             AS behind,
           count(*)::int AS live
      FROM projection_checkpoints c WHERE c.status = 'live'`);
  return rows[0]!.live === allProjections.length && rows[0]!.behind === 0;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  await eventually(check, Boolean, timeoutMs, what);
}

const sha256 = async (file: string) =>
  createHash('sha256')
    .update(await readFile(file))
    .digest('hex');

describe('backup and restore drill', () => {
  let system: RunningSystem;
  let restored: TestDatabase;
  let work: string;
  let original: pg.Pool;
  let copy: pg.Pool;

  beforeAll(async () => {
    // The demo brands bring recipes (as events), APK sub-packages with their files, devices and app users.
    system = await startSystem({ projector: true });
    const client = await loggedIn(system.baseUrl);
    for (let i = 0; i < 3; i++) await uploadImage(client, `dish-${i}.png`, pngBytes(2048 + i, i + 1));
    original = new pg.Pool({ connectionString: system.db.url, max: 2 });
    await waitFor('the projector to catch up', () => projectionsCaughtUp(original));

    work = await mkdtemp(path.join(tmpdir(), 'kb-drill-'));
    const backup = path.join(work, 'backup');
    await runScript('backup.mjs', [backup], { DATABASE_URL: system.db.url, FILES_DIR: system.filesDir });

    restored = await createTestDatabase('kbrestore');
    await runScript('restore.mjs', [backup], {
      DATABASE_URL: restored.url,
      FILES_DIR: path.join(work, 'files'),
    });
    copy = new pg.Pool({ connectionString: restored.url, max: 2 });
  }, 360_000);

  afterAll(async () => {
    await original?.end();
    await copy?.end();
    await system?.stop();
    await restored?.drop();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('rebuilds read models equal to the original’s from the restored event store', async () => {
    const views = allProjections.flatMap((p) => p.tables.map((t) => t.name));
    for (const view of views) {
      const [before, after] = [await rowsOf(original, view), await rowsOf(copy, view)];
      expect({ view, rows: after.length }).toEqual({ view, rows: before.length });
      expect(after).toEqual(before);
    }
    for (const view of ['recipe_list', 'apk_list']) {
      if (views.includes(view)) expect((await rowsOf(copy, view)).length).toBeGreaterThan(0);
    }
    // Rebuilt, not copied: the restored read models were built afresh by the projector.
    const { rows } = await copy.query<{ name: string; version: number }>(
      `SELECT name, version FROM projection_checkpoints WHERE status = 'live' ORDER BY name`,
    );
    expect(rows.length).toBe(allProjections.length);
    const { rows: before } = await original.query<{ name: string; version: number }>(
      `SELECT name, version FROM projection_checkpoints WHERE status = 'live' ORDER BY name`,
    );
    for (const r of rows) expect(r.version).toBeGreaterThan(before.find((b) => b.name === r.name)!.version);
  });

  it('restores the event store in its order and every other table as it was', async () => {
    expect(await rowsOf(copy, 'events', ['transaction_id'])).toEqual(
      await rowsOf(original, 'events', ['transaction_id']),
    );
    const { rows } = await original.query<{ name: string }>(
      `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> 'events'
          AND c.relname NOT LIKE 'projection\\_%' ORDER BY 1`,
    );
    const projectionTable = new RegExp(
      `^(${allProjections.flatMap((p) => p.tables.map((t) => t.name)).join('|')})_v\\d+$`,
    );
    const tables = rows.map((r) => r.name).filter((name) => !projectionTable.test(name));
    expect(tables).toEqual(expect.arrayContaining(['devices', 'files', 'staff_users', 'brands']));
    for (const table of tables) {
      const before = await rowsOf(original, table);
      expect({ table, rows: await rowsOf(copy, table) }).toEqual({ table, rows: before });
    }
    expect((await rowsOf(copy, 'devices')).length).toBeGreaterThan(0);
  });

  it('restores every file with its checksum intact', async () => {
    const { rows } = await copy.query<{ storage_path: string; sha256: string }>(
      'SELECT storage_path, sha256 FROM files ORDER BY storage_path',
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const file of rows) {
      expect({
        file: file.storage_path,
        sha256: await sha256(path.join(work, 'files', file.storage_path)),
      }).toEqual({
        file: file.storage_path,
        sha256: file.sha256,
      });
    }
  });
});
