// `npm test`: every check of every project (lint, typecheck and build, unit and integration tests on the real
// Postgres and Redis), then the browser end-to-end tests against the real API.
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
    { env },
  );
  console.log(`\nlint, build and tests of every project: ${minutes(started)}`);
  reportLeftovers(root, 'lint, build and tests');
  const web = JSON.parse(
    await import('node:fs').then((fs) =>
      fs.readFileSync(path.join(root, 'apps/admin-web/package.json'), 'utf8'),
    ),
  );
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
