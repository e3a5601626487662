// Proves the apps run on their production dependencies alone (what `npm ci --omit=dev` installs in the image):
//
// 1. Declared: every package a built file of an app, or of a library it depends on, imports is declared in that
//    workspace's own `dependencies`. An install that hoists a package some other workspace (or a dev tool)
//    brought would hide a missing declaration; this reading does not.
// 2. Resolvable: a copy of the repository holding only the built `dist` folders, whose node_modules holds only
//    the production dependency tree of the three apps, as npm computes it from the lock file
//    (`npm ls --omit=dev --all`): each package is linked from the installed tree. With `--npm-ci` the copy is
//    installed for real by `npm ci --omit=dev` instead (a minute or two, from npm's cache or the registry).
// 3. Started: the migration step, then the API (no demo data, NODE_ENV=production), the projector and device-ingest from
//    that copy and report that they listen or run. ES modules link their whole static import graph before any code
//    runs, so a start proves every static import resolves; the one dynamic import (exceljs) is covered by step 1.
//
// Needs DATABASE_URL (a database it may migrate) and REDIS_URL. `--declared-only` runs step 1 alone;
// `--root DIR` reads another checkout.
import { spawn, execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { clearTimeout, setTimeout } from 'node:timers';

const APPS = ['apps/api', 'apps/projector', 'apps/device-ingest'];
const START_LIMIT_MS = 90_000;

const args = process.argv.slice(2);
const root = path.resolve(
  args.includes('--root') ? args[args.indexOf('--root') + 1] : path.join(import.meta.dirname, '..'),
);

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** Workspace folder of every `@kb/*` package. */
function workspaces() {
  const byName = new Map();
  for (const group of ['apps', 'libs']) {
    for (const dir of readdirSync(path.join(root, group))) {
      const file = path.join(root, group, dir, 'package.json');
      if (existsSync(file)) byName.set(readJson(file).name, `${group}/${dir}`);
    }
  }
  return byName;
}

/** The apps and every library their runtime dependencies reach. */
function runtimeWorkspaces(byName) {
  const seen = new Set();
  const visit = (ws) => {
    if (seen.has(ws)) return;
    seen.add(ws);
    for (const dep of Object.keys(readJson(path.join(root, ws, 'package.json')).dependencies ?? {}))
      if (byName.has(dep)) visit(byName.get(dep));
  };
  APPS.forEach(visit);
  return [...seen];
}

function jsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, f))
    .filter((f) => f.endsWith('.js') && statSync(f).isFile());
}

// Statements at a line's start (`import … from`, `export … from`, `import 'x'`) and `import('x')` calls; SQL in template
// strings says "from 'x'" too, so a bare `from` is not enough.
const SPECIFIER =
  /(?:^[ \t]*(?:import|export)\b[^;'"]*?\bfrom\s*|^[ \t]*import\s*|\bimport\(\s*)['"]([^'"]+)['"]/gm;
const PACKAGE_NAME = /^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(?:\/[\w.\-/]*)?$/i;
const builtins = new Set(builtinModules);
const packageOf = (spec) =>
  spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0];

/** Imports of built files that their workspace does not declare: `[{ workspace, pkg, file }]`. */
export function undeclaredImports() {
  const byName = workspaces();
  const problems = [];
  for (const ws of runtimeWorkspaces(byName)) {
    const manifest = readJson(path.join(root, ws, 'package.json'));
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    const files = jsFiles(path.join(root, ws, 'dist'));
    if (!files.length)
      throw new Error(`${ws}/dist has no built files: build first (npx nx run-many -t build)`);
    for (const file of files) {
      for (const [, spec] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        if (spec.startsWith('.') || spec.startsWith('node:') || !PACKAGE_NAME.test(spec)) continue;
        if (builtins.has(spec) || builtins.has(packageOf(spec))) continue;
        const pkg = packageOf(spec);
        if (!declared.has(pkg) && pkg !== manifest.name)
          problems.push({ workspace: ws, pkg, file: path.relative(root, file) });
      }
    }
  }
  return problems;
}

/** A copy of the built apps whose node_modules holds the production tree only. */
async function productionCopy(npmCi) {
  const byName = workspaces();
  const dir = await mkdtemp(path.join(tmpdir(), 'kb-prod-'));
  await cp(path.join(root, 'package.json'), path.join(dir, 'package.json'));
  await cp(path.join(root, 'package-lock.json'), path.join(dir, 'package-lock.json'));
  for (const ws of byName.values()) {
    await mkdir(path.join(dir, ws), { recursive: true });
    await cp(path.join(root, ws, 'package.json'), path.join(dir, ws, 'package.json'));
    if (ws !== 'apps/admin-web' && existsSync(path.join(root, ws, 'dist')))
      await cp(path.join(root, ws, 'dist'), path.join(dir, ws, 'dist'), { recursive: true });
  }
  const workspaceArgs = APPS.flatMap((ws) => ['-w', readJson(path.join(root, ws, 'package.json')).name]);
  if (npmCi) {
    execFileSync(
      'npm',
      [
        'ci',
        '--omit=dev',
        '--ignore-scripts',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        ...workspaceArgs,
      ],
      { cwd: dir, stdio: 'inherit' },
    );
    return dir;
  }
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable', ...workspaceArgs], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\n')
    .filter(Boolean);
  const linked = new Set();
  for (const abs of listed) {
    const rel = path.relative(root, abs);
    // Only a package directly in a node_modules folder of the root or of a workspace: nested ones come with it.
    const m = /^((?:apps|libs)\/[^/]+\/)?node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(
      rel.split(path.sep).join('/'),
    );
    if (!m || linked.has(rel)) continue;
    linked.add(rel);
    const target = path.join(dir, rel);
    await mkdir(path.dirname(target), { recursive: true });
    const name = m[2];
    // Our own packages point at the copy (its dist); the others at the installed package.
    await symlink(byName.has(name) ? path.join(dir, byName.get(name)) : abs, target, 'dir');
  }
  return dir;
}

function startProcess(name, cwd, argv, env, readyLine, logs) {
  const child = spawn(process.execPath, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${START_LIMIT_MS / 1000} s`)),
      START_LIMIT_MS,
    );
    const onData = (chunk) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        logs.push(`${name}: ${line}`);
        if (readyLine.test(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}`));
    });
  });
  return { child, ready };
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  let timer;
  await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 10_000)))]);
  clearTimeout(timer);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function main() {
  const problems = undeclaredImports();
  for (const p of problems)
    console.error(`✖ ${p.workspace} imports ${p.pkg} without declaring it (${p.file})`);
  if (problems.length) process.exit(1);
  console.log('✔ every package the built apps and their libraries import is declared in their dependencies');
  if (args.includes('--declared-only')) return;

  for (const v of ['DATABASE_URL', 'REDIS_URL'])
    if (!process.env[v]) throw new Error(`${v} must name a database (or Redis) this check may use`);
  const npmCi = args.includes('--npm-ci');
  const copy = await productionCopy(npmCi);
  const files = await mkdtemp(path.join(tmpdir(), 'kb-prod-files-'));
  const logs = [];
  const children = [];
  try {
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: process.env.DATABASE_URL,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `kbprod:${randomBytes(4).toString('hex')}:`,
      FILES_DIR: files,
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: '0',
      INGEST_HOST: '127.0.0.1',
      INGEST_PORT: '0',
      INGEST_METRICS_PORT: '0',
      WORKERS_METRICS_PORT: '0',
      SMTP_URL: 'smtp://127.0.0.1:25',
    };
    await writeFile(path.join(files, '.keep'), '');
    // Migrations run as their own one-shot step, as in a deployment; the API then starts without migrating.
    const migrate = startProcess(
      'migrate',
      copy,
      ['apps/api/dist/migrate.js'],
      env,
      /database migrated/,
      logs,
    );
    children.push(migrate.child);
    await migrate.ready;
    const api = startProcess(
      'api',
      copy,
      ['apps/api/dist/main.js'],
      { ...env, MIGRATE_ON_START: 'false' },
      /API listening on/,
      logs,
    );
    children.push(api.child);
    await api.ready;
    const projector = startProcess(
      'projector',
      copy,
      ['apps/projector/dist/main.js', 'run'],
      env,
      /projector running/,
      logs,
    );
    const ingest = startProcess(
      'device-ingest',
      copy,
      ['apps/device-ingest/dist/main.js'],
      { ...env, INGEST_ROLE: 'http' },
      /device-ingest listening/,
      logs,
    );
    const workers = startProcess(
      'workers',
      copy,
      ['apps/device-ingest/dist/workers-main.js'],
      env,
      /workers running/,
      logs,
    );
    children.push(projector.child, ingest.child, workers.child);
    await Promise.all([projector.ready, ingest.ready, workers.ready]);
    console.log(
      `✔ migrate ran, then api, projector, device-ingest and workers started from ${npmCi ? '`npm ci --omit=dev`' : 'the production dependency tree'} (NODE_ENV=production, no demo data)`,
    );
  } catch (error) {
    console.error(logs.join('\n'));
    console.error(`✖ ${error.message}`);
    process.exitCode = 1;
  } finally {
    await Promise.all(children.map(stop));
    await rm(copy, { recursive: true, force: true });
    await rm(files, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
