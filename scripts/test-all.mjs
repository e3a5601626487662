// `npm test`: every check of every project (lint, typecheck and build, unit and integration tests on the real
// Postgres and Redis), then the browser end-to-end tests against the real API.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { reportLeftovers } from './leftovers.mjs';
import { ensureServices, root, run } from './services.mjs';

const { adminDatabaseUrl, redisUrl } = await ensureServices();
const env = {
  ...process.env,
  DATABASE_URL: adminDatabaseUrl,
  REDIS_URL: redisUrl,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
};
const nx = path.join(root, 'node_modules/.bin/nx');

const started = Date.now();
const minutes = (from) => `${((Date.now() - from) / 60_000).toFixed(1)} min`;

// Nx writes each task's start and end to this file (a Chrome trace), read back to show where the time went.
const profile = path.join('tmp', 'test-all-tasks.json');
rmSync(path.join(root, profile), { force: true });

/** The slowest tasks of the run-many (project:target and seconds), from Nx's profile. */
function printSlowestTasks(count = 12) {
  const file = path.join(root, profile);
  if (!existsSync(file)) return;
  const tasks = JSON.parse(readFileSync(file, 'utf8'))
    .filter((e) => e.ph === 'X')
    .sort((a, b) => b.dur - a.dur)
    .slice(0, count);
  console.log('\nslowest tasks:');
  for (const t of tasks) console.log(`  ${(t.dur / 1e6).toFixed(1).padStart(7)} s  ${t.name}`);
}
try {
  await run(
    process.execPath,
    [
      nx,
      'run-many',
      '-t',
      'lint',
      'build',
      'test',
      '--parallel=2',
      '--output-style=stream',
      '--skip-nx-cache',
    ],
    { env: { ...env, NX_PROFILE: profile } },
  ).finally(() => printSlowestTasks());
  console.log(`\nlint, build and tests of every project: ${minutes(started)}`);
  reportLeftovers(root, 'lint, build and tests');
  const web = JSON.parse(readFileSync(path.join(root, 'apps/admin-web/package.json'), 'utf8'));
  if (web.scripts?.['test:e2e']) {
    const browserStarted = Date.now();
    await run(
      process.execPath,
      [nx, 'run', '@kb/admin-web:test:e2e', '--output-style=stream', '--skip-nx-cache'],
      { env },
    );
    console.log(`\nbrowser tests: ${minutes(browserStarted)}`);
    reportLeftovers(root, 'browser tests');
  }
  console.log(`\n✔ All checks passed in ${minutes(started)}`);
} catch (error) {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
}
