// Finds Postgres and Redis for `npm start` and `npm test`: DATABASE_URL / REDIS_URL when set, else the local
// defaults; when nothing answers there, private servers from the machine's own binaries under .data/.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, chownSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, '.data');

export function reachable(url, fallbackPort) {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: u.hostname, port: Number(u.port || fallbackPort) });
    socket.setTimeout(1500);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

function findBinary(names, dirs) {
  for (const dir of dirs) for (const n of names) if (existsSync(path.join(dir, n))) return path.join(dir, n);
  return null;
}

function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions)
    if (existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  return null;
}

const isRoot = process.getuid?.() === 0;
/** initdb and postgres refuse to run as root: run them as the postgres system user then. */
function asPgUser(cmd, args) {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

async function startPrivatePostgres(port) {
  const bin = postgresBinDir();
  if (!bin) return null;
  const dir = path.join(dataDir, 'postgres');
  mkdirSync(dataDir, { recursive: true });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) {
    mkdirSync(dir, { recursive: true });
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    const [c, a] = asPgUser(path.join(bin, 'initdb'), [
      '-D',
      dir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
    ]);
    execFileSync(c, a, { stdio: 'inherit' });
  }
  const [c, a] = asPgUser(path.join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`,
    '-w',
    'start',
  ]);
  execFileSync(c, a, { stdio: 'inherit' });
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

async function startPrivateRedis(port) {
  const bin = findBinary(['redis-server'], ['/usr/bin', '/usr/local/bin', '/usr/sbin']);
  if (!bin) return null;
  const dir = path.join(dataDir, 'redis');
  mkdirSync(dir, { recursive: true });
  const child = spawn(
    bin,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {
      stdio: 'ignore',
      detached: true,
    },
  );
  child.unref();
  writeFileSync(path.join(dir, 'pid'), String(child.pid));
  for (let i = 0; i < 50; i++) {
    if (await reachable(`redis://127.0.0.1:${port}`, port)) return `redis://127.0.0.1:${port}`;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

const INSTALL_HINT =
  'Install them (Debian: apt-get install -y postgresql redis-server) or point DATABASE_URL / REDIS_URL at running servers.';

/**
 * Whether a Postgres server at `url` answers *and lets us in*. A freshly installed Debian cluster answers on 5432
 * but asks loopback logins for a password (scram), which our passwordless default URL does not have: that is
 * 'refused', not 'up'.
 */
export async function postgresState(url, fallbackPort) {
  if (!(await reachable(url, fallbackPort))) return 'down';
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'up';
  } catch (error) {
    return { refused: error.message };
  } finally {
    await client.end().catch(() => {});
  }
}

/** Whether Redis at `url` answers PING without a password (a Redis with requirepass answers NOAUTH). */
export async function redisState(url, fallbackPort) {
  if (!(await reachable(url, fallbackPort))) return 'down';
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return 'up';
  } catch (error) {
    return { refused: error.message };
  } finally {
    redis.disconnect();
  }
}

/** Returns { adminDatabaseUrl, redisUrl } or exits with a message saying what to install. */
export async function ensureServices() {
  let adminDatabaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pgState = await postgresState(adminDatabaseUrl, 5432);
  if (pgState !== 'up') {
    if (process.env.DATABASE_URL)
      fail(
        pgState === 'down'
          ? `Postgres at DATABASE_URL (${adminDatabaseUrl}) does not answer.`
          : `Postgres at DATABASE_URL (${adminDatabaseUrl}) refused the login: ${pgState.refused}`,
      );
    if (pgState !== 'down')
      console.log(
        `The Postgres on 127.0.0.1:5432 refused a passwordless login as postgres (${pgState.refused}); ` +
          'using a private Postgres under .data/ instead (set DATABASE_URL to use that server).',
      );
    const privateState = await postgresState('postgres://postgres@127.0.0.1:54329/postgres', 54329);
    const url =
      privateState === 'up'
        ? 'postgres://postgres@127.0.0.1:54329/postgres'
        : await startPrivatePostgres(54329);
    if (!url)
      fail(`No usable Postgres on 127.0.0.1:5432 and no PostgreSQL binaries were found. ${INSTALL_HINT}`);
    if (privateState !== 'up') console.log(`Started a private Postgres under .data/postgres (${url})`);
    adminDatabaseUrl = url;
  }
  const rState = await redisState(redisUrl, 6379);
  if (rState !== 'up') {
    if (process.env.REDIS_URL)
      fail(
        rState === 'down'
          ? `Redis at REDIS_URL (${redisUrl}) does not answer.`
          : `Redis at REDIS_URL (${redisUrl}) refused: ${rState.refused}`,
      );
    if (rState !== 'down')
      console.log(
        `The Redis on 127.0.0.1:6379 refused us (${rState.refused}); using a private Redis under .data/ instead.`,
      );
    const privateUp = (await redisState('redis://127.0.0.1:63799', 63799)) === 'up';
    const url = privateUp ? 'redis://127.0.0.1:63799' : await startPrivateRedis(63799);
    if (!url) fail(`No usable Redis on 127.0.0.1:6379 and no redis-server binary was found. ${INSTALL_HINT}`);
    if (!privateUp) console.log(`Started a private Redis under .data/redis (${url})`);
    redisUrl = url;
  }
  return { adminDatabaseUrl, redisUrl };
}

function fail(message) {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

export function run(cmd, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...options });
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}
