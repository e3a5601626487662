// Shared by the bench parts: the repository root and building the projects a part runs from their dist folders.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loggedIn } from './session.mjs';

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

/**
 * Signs in to the running API at `baseUrl` as the demo brand's staff user, the way the web app does, and answers
 * `call(method, url, { form, json })`: a fetch with that session and the web app's request marker.
 */
export async function demoConsole(baseUrl) {
  const call = await loggedIn(baseUrl, 'demo', 'demo12345');
  return (method, url, { form, json } = {}) =>
    call(method, url, form ?? (json ? JSON.stringify(json) : undefined));
}

/**
 * Builds the given projects and the test harness of libs/testing (`buildProjects`), and imports the built harness
 * (`startSystem`, `createTestDatabase`, …), which every part starts its system with.
 */
export async function builtTesting(...projects) {
  buildProjects(`${projects.join(', ')} and the test harness`, [...projects, '@kb/testing']);
  return importDist('libs/testing/dist/index.js');
}

/** The p-th percentile of ascending `sorted` numbers (NaN of none). */
export const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The middle of `values` (the upper middle of an even count), in any order. */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A count or figure as the benches print it: rounded, with thousands separators. */
export const fmt = (n) => Math.round(n).toLocaleString('en');

/**
 * Times `requests` sequential GETs (after 3 unmeasured ones) of `listPath?query` per `[title, query]` through
 * `call` (a query of null: `GET /api/auth/me`, the floor of a signed-in request) and prints each shape's total and
 * p50 / p95 / p99 in ms.
 */
export async function printListLatencies(call, listPath, queries, requests) {
  const pad = (s, n) => String(s).padStart(n);
  console.log(
    `${'query'.padEnd(42)} ${pad('total', 9)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)}`,
  );
  for (const [title, query] of queries) {
    const times = [];
    let total = '';
    for (let i = 0; i < requests + 3; i++) {
      const t = performance.now();
      const res = await (await call('GET', query === null ? '/api/auth/me' : `${listPath}?${query}`)).json();
      if (res.status !== 200) throw new Error(`${query}: ${res.desc}`);
      if (i >= 3) times.push(performance.now() - t);
      total = res.data.total ?? '';
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(1));
    console.log(
      `${title.padEnd(42)} ${pad(total === '' ? '' : fmt(total), 9)} ${pad(p50, 8)} ${pad(p95, 8)} ${pad(p99, 8)}`,
    );
  }
}
