// `npm start`: the whole back-office with demo data on http://localhost:8080 (web and /api on one origin).
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { startMailSink } from './mail-sink.mjs';
import { ensureServices, root, run } from './services.mjs';

const node = process.execPath;
const port = process.env.PORT ?? '8080';

async function ensureDatabase(adminUrl) {
  const target = new URL(process.env.DATABASE_URL ?? adminUrl);
  if (!process.env.DATABASE_URL) target.pathname = '/kitchen';
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(target);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  await client.end();
  return target.toString();
}

const { adminDatabaseUrl, redisUrl } = await ensureServices();
const databaseUrl = await ensureDatabase(adminDatabaseUrl);
console.log('Building the back-office (first run takes a minute)…');
await run(
  node,
  [
    path.join(root, 'node_modules/.bin/nx'),
    'run-many',
    '-t',
    'build',
    '--projects=@kb/api,@kb/projector,@kb/device-ingest,@kb/admin-web',
    '--output-style=stream',
  ],
  {
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
  },
);
// Without SMTP_URL, mails go to a local sink that prints them here, decoded (e.g. the set-password code).
const smtpUrl = process.env.SMTP_URL ?? (await startMailSink()).url;

const env = {
  ...process.env,
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisUrl,
  SMTP_URL: smtpUrl,
  SEED_DEMO: process.env.SEED_DEMO ?? 'true',
  // The demo is a server shared by two brands: DEMO plays the platform operator, whose admins see the queue board.
  QUEUE_BOARD_BRANDS: process.env.QUEUE_BOARD_BRANDS ?? 'DEMO',
  WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/admin-web/dist'),
  FILES_DIR: process.env.FILES_DIR ?? path.join(root, '.data/files'),
  HOST: process.env.HOST ?? '0.0.0.0',
  PORT: port,
};

// A child that dies is started again, so one crash (say the API's) does not take the projector, device-ingest and
// the workers down with it; a child that keeps dying (RESTART_LIMIT times within RESTART_WINDOW_MS) stops the whole back-office
// with a message naming it, rather than restarting forever or leaving the others running without it.
const RESTART_LIMIT = 5;
const RESTART_WINDOW_MS = 60_000;
const children = new Map();
function start(name, script, args = [], restarts = [], extraEnv = {}) {
  const child = spawn(node, [path.join(root, script), ...args], {
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    const recent = [...restarts.filter((t) => Date.now() - t < RESTART_WINDOW_MS), Date.now()];
    if (recent.length > RESTART_LIMIT) {
      console.error(
        `\n✖ ${name} stopped (${how}) ${recent.length} times within ${RESTART_WINDOW_MS / 1000} s; stopping the ` +
          `back-office. Its log above says why.`,
      );
      shutdown(1);
      return;
    }
    const delayMs = Math.min(10_000, 500 * 2 ** (recent.length - 1));
    console.error(
      `\n⚠ ${name} stopped (${how}); starting it again in ${delayMs / 1000} s ` +
        `(restart ${recent.length} of at most ${RESTART_LIMIT} within ${RESTART_WINDOW_MS / 1000} s).`,
    );
    setTimeout(() => {
      if (!shuttingDown) start(name, script, args, recent, extraEnv);
    }, delayMs);
  });
  return child;
}

let shuttingDown = false;
function shutdown(code = 0) {
  shuttingDown = true;
  for (const c of children.values()) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

// The API migrates and seeds before it listens; the projector and ingest follow.
start('api', 'apps/api/dist/main.js');
await waitFor(`http://127.0.0.1:${port}/api/health`, 60_000);
start('projector', 'apps/projector/dist/main.js', ['run']);
// The gateway (device and app APIs) and the workers (every queue consumer) are two processes, as in production.
start('device-ingest', 'apps/device-ingest/dist/main.js', [], [], { INGEST_ROLE: 'http' });
start('workers', 'apps/device-ingest/dist/workers-main.js');
// A dozen simulated DEMO appliances, so the device screens show live devices (SIMULATE_DEVICES=0: none).
if (process.env.SIMULATE_DEVICES !== '0')
  start('device simulator', 'scripts/simulate.mjs', [
    '--devices',
    process.env.SIMULATE_DEVICES ?? '12',
    '--rate',
    '0.2',
    '--quiet',
  ]);

console.log(`
✔ Kitchen back-office is running: http://localhost:${port}
  API docs: http://localhost:${port}/api/docs
  Demo accounts (brand DEMO):  demo / demo12345 (admin), audit / audit12345 (auditor), editor / editor12345
                               (editor), viewer / viewer12345 (viewer)
  Second brand (OTHER):        other / other12345
  Mail: ${process.env.SMTP_URL ? process.env.SMTP_URL : 'printed here by a local sink (no SMTP_URL set)'}
  Metrics (Prometheus; /livez and /readyz beside them), on ${process.env.METRICS_HOST ?? '127.0.0.1'}:
    API http://${process.env.METRICS_HOST ?? '127.0.0.1'}:${process.env.METRICS_PORT ?? '9464'}/metrics · projector http://${process.env.METRICS_HOST ?? '127.0.0.1'}:${process.env.PROJECTOR_METRICS_PORT ?? '9465'}/metrics · device-ingest http://${process.env.METRICS_HOST ?? '127.0.0.1'}:${process.env.INGEST_METRICS_PORT ?? '9466'}/metrics · workers http://${process.env.METRICS_HOST ?? '127.0.0.1'}:${process.env.WORKERS_METRICS_PORT ?? '9467'}/metrics
  Queue board (admins): http://localhost:${port}/api/admin/queues
  Stop with Ctrl+C.
`);

async function waitFor(url, timeoutMs) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  console.error(`The API did not become healthy at ${url}`);
  shutdown(1);
}
