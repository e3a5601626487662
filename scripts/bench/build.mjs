// Shared by the bench parts: the repository root and building the projects a part runs from their dist folders.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Imports a built module of the repository (`libs/…/dist/…js`). */
export const importDist = (file) => import(pathToFileURL(path.join(root, file)).href);

/**
 * Builds the given Nx projects (`@kb/api`, …) quietly, saying so as `what`; BENCH_SKIP_BUILD=true uses the dist
 * folders as they are.
 */
export function buildProjects(what, projects) {
  if (process.env.BENCH_SKIP_BUILD === 'true') return;
  console.log(`Building ${what} …`);
  const nxManifest = createRequire(import.meta.url).resolve('nx/package.json');
  const nxBin = path.join(path.dirname(nxManifest), JSON.parse(readFileSync(nxManifest, 'utf8')).bin.nx);
  execFileSync(
    process.execPath,
    [nxBin, 'run-many', '-t', 'build', '-p', ...projects, '--output-style=static'],
    {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}
