import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, redisUrl } from '@kb/testing';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const check = path.join(repoRoot, 'scripts/check-production-install.mjs');

function runCheck(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      process.execPath,
      [check, ...args],
      { cwd: repoRoot, env: { ...process.env, ...env }, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}\n${stderr}` }),
    );
  });
}

describe('production install (dependencies only, no dev tools)', () => {
  it('migrates, then starts the API, the projector, device-ingest and the workers on the production dependency tree alone', async () => {
    const db = await createTestDatabase('kbprod');
    try {
      const { code, output } = await runCheck([], { DATABASE_URL: db.url, REDIS_URL: redisUrl() });
      expect({ code, output }).toEqual({
        code: 0,
        output: expect.stringContaining(
          '✔ migrate ran, then api, projector, device-ingest and workers started',
        ),
      });
      expect(output).toContain('✔ every package the built apps and their libraries import is declared');
    } finally {
      await db.drop();
    }
  }, 180_000);

  it('names a workspace that imports a package it declares only for development', async () => {
    // A checkout where the aggregate kit (whose recipe import reads zips) keeps the zip reader among its dev
    // dependencies.
    const copy = await mkdtemp(path.join(tmpdir(), 'kb-undeclared-'));
    try {
      await writeFile(path.join(copy, 'package.json'), await readFile(path.join(repoRoot, 'package.json')));
      for (const group of ['apps', 'libs']) {
        for (const name of await readdir(path.join(repoRoot, group))) {
          const ws = path.join(group, name);
          if (!existsSync(path.join(repoRoot, ws, 'package.json'))) continue;
          await mkdir(path.join(copy, ws), { recursive: true });
          await cp(path.join(repoRoot, ws, 'package.json'), path.join(copy, ws, 'package.json'));
          if (group === 'libs' || ['api', 'projector', 'device-ingest'].includes(name))
            await cp(path.join(repoRoot, ws, 'dist'), path.join(copy, ws, 'dist'), { recursive: true });
        }
      }
      const manifestFile = path.join(copy, 'libs/aggregates/package.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
      manifest.devDependencies.yauzl = manifest.dependencies.yauzl;
      delete manifest.dependencies.yauzl;
      await writeFile(manifestFile, JSON.stringify(manifest, null, 2));
      const { code, output } = await runCheck(['--declared-only', '--root', copy]);
      expect(code).toBe(1);
      expect(output).toMatch(
        /✖ libs\/aggregates imports yauzl without declaring it \(libs\/aggregates\/dist\/.*recipe-archive-reader\.js\)/,
      );
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }, 60_000);
});
