// `npm run admin -- brand create|disable|enable …`, `staff create|role|disable|enable …`: the platform operator's
// commands on the database of DATABASE_URL (`npm run admin` alone prints them). Builds the API first when its
// sources changed (Nx's cache makes that a no-op otherwise), then runs its admin entry.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;

if (process.env.ADMIN_SKIP_BUILD !== 'true') {
  const build = spawnSync(
    node,
    [path.join(root, 'node_modules/.bin/nx'), 'run', '@kb/api:build', '--output-style=static'],
    {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) {
    process.stderr.write(`${build.stdout}${build.stderr}\nBuilding the API failed.\n`);
    process.exit(build.status ?? 1);
  }
}

const cli = spawnSync(node, [path.join(root, 'apps/api/dist/admin-cli.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(cli.status ?? 1);
