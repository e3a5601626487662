// Shared by the bench parts: the repository root and building the projects a part runs from their dist folders.
/* global fetch, FormData, performance */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
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

/**
 * Signs in to the running API at `baseUrl` as the demo brand's staff user, the way the web app does, and answers
 * `call(method, url, { form, json })`: a fetch with that session and the web app's request marker.
 */
export async function demoConsole(baseUrl) {
  const cookies = new Map();
  async function call(method, url, { form, json } = {}) {
    const res = await fetch(baseUrl + url, {
      method,
      body: form ?? (json ? JSON.stringify(json) : undefined),
      headers: {
        'x-lang': 'zh',
        // The web app's request marker: the API refuses changes (login included) without it.
        'x-requested-with': 'kb-admin',
        ...(json ? { 'content-type': 'application/json' } : {}),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    return res;
  }
  await call('GET', '/api/auth/captcha');
  const form = new FormData();
  form.set('account', 'demo');
  form.set('password', createHash('md5').update('demo12345').digest('hex'));
  form.set('captcha', '0000');
  form.set('sysFlag', 'brand');
  const login = await (await call('POST', '/api/auth/login', { form })).json();
  if (login.status !== 200) throw new Error(`login failed: ${login.desc}`);
  return call;
}

const percentileOf = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/**
 * Times `requests` sequential GETs (after 3 unmeasured ones) of `listPath?query` per `[title, query]` through
 * `call` (a query of null: `GET /api/auth/me`, the floor of a signed-in request) and prints each shape's total and
 * p50 / p95 / p99 in ms.
 */
export async function printListLatencies(call, listPath, queries, requests) {
  const fmt = (n) => Math.round(n).toLocaleString('en');
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
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentileOf(times, p).toFixed(1));
    console.log(
      `${title.padEnd(42)} ${pad(total === '' ? '' : fmt(total), 9)} ${pad(p50, 8)} ${pad(p95, 8)} ${pad(p99, 8)}`,
    );
  }
}
