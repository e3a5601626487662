import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, eventStoreEnv, redisUrl, type TestDatabase } from './database.js';
import { startNodeProcess, stopProcess } from './processes.js';
import { startSmtpSink, type SmtpSink } from './smtp.js';
import { runTemplateDatabase } from './template-database.js';

/**
 * How long a started API or device-ingest may take to listen: a 2-core CI machine running three browser files,
 * each with its API, projector and Chromium, has taken over 90 s.
 */
const START_LIMIT_MS = 180_000;

export const TEST_CAPTCHA_CODE = '0000';

export interface RunningSystem {
  /** Origin serving both the web app and `/api`. */
  baseUrl: string;
  db: TestDatabase;
  /** The processes' FILES_DIR (removed by `stop`). */
  filesDir: string;
  smtp: SmtpSink;
  /** Everything the API printed (JSON log lines). */
  logs: string[];
  /**
   * Starts the built device-ingest (`apps/device-ingest/dist/main.js`) on the same database, Redis prefix and file
   * store, so its jobs (e.g. offline pack builds) are worked; with `ingest: true` it runs from the start. Each call
   * starts one more process; answers the port its HTTP server listens on.
   */
  startIngest(): Promise<number>;
  /** Starts one more API process on the same database, Redis and file store; answers its origin. */
  startApi(): Promise<string>;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Boots the real, built API (`apps/api/dist/main.js`, so build first) as a child process on a free port with a
 * private database, a private Redis prefix, a real SMTP peer, demo data and `CAPTCHA_TEST_CODE=0000`,
 * serving `webDist` on the same origin. With `projector: true` the built projector (`apps/projector/dist/main.js run`)
 * follows the same database, so screens that read projections (recipes, packs) fill. For browser end-to-end tests.
 */
/** A start that failed, saying that what it made (its database `name` among it) was removed. */
function failedStart(err: unknown, name: string): Error {
  const error = err instanceof Error ? err : new Error(String(err));
  error.message += `\n(the processes were stopped and the database ${name} removed)`;
  return error;
}

export async function startSystem(
  options: {
    webDist?: string;
    env?: Record<string, string>;
    projector?: boolean;
    /** The projector waits this long before applying each batch: a read side running behind the API's read wait. */
    projectorDelayMs?: number;
    ingest?: boolean;
  } = {},
): Promise<RunningSystem> {
  const main = path.join(repoRoot, 'apps/api/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: build the API first (nx run @kb/api:build)`);
  // The run's migrated and seeded database, copied, unless the test seeds differently.
  const template = options.env?.SEED_DEMO === undefined ? runTemplateDatabase() : undefined;
  const db = await createTestDatabase('kbsys', { template: template?.name });
  const smtp = await startSmtpSink();
  const filesDir = await mkdtemp(path.join(tmpdir(), 'kb-sys-files-'));
  if (template) await cp(template.filesDir, filesDir, { recursive: true });
  const logs: string[] = [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    // Free ports for the metrics too: parallel systems on one machine must not meet on the defaults.
    METRICS_PORT: '0',
    PROJECTOR_METRICS_PORT: '0',
    INGEST_METRICS_PORT: '0',
    DATABASE_URL: db.url,
    REDIS_URL: redisUrl(),
    REDIS_PREFIX: `kbsys:${randomBytes(4).toString('hex')}:`,
    FILES_DIR: filesDir,
    SMTP_URL: smtp.url,
    SEED_DEMO: 'true',
    // A copy of the run's template is migrated and seeded already.
    ...(template ? { MIGRATE_ON_START: 'false' } : {}),
    CAPTCHA_TEST_CODE: TEST_CAPTCHA_CODE,
    ...eventStoreEnv(db.name),
    ...(options.webDist ? { WEB_DIST: options.webDist } : {}),
    ...options.env,
  };
  const children: ChildProcess[] = [];
  const startApi = async () => {
    const { child, ready } = await startNodeProcess({
      main,
      cwd: repoRoot,
      env,
      what: 'API',
      ready: /API listening on (http:\/\/[\d.]+:\d+)/,
      logs,
      limitMs: START_LIMIT_MS,
    });
    children.push(child);
    return ready[1]!;
  };
  /** Stops what was started and removes the database, the mail sink and the files: also when a start fails. */
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    await smtp.stop();
    await db.drop();
    await rm(filesDir, { recursive: true, force: true });
  };
  let baseUrl: string;
  try {
    baseUrl = await startApi();
  } catch (err) {
    await stop();
    throw failedStart(err, db.name);
  }
  if (options.projector) {
    const projectorMain = path.join(repoRoot, 'apps/projector/dist/main.js');
    if (!existsSync(projectorMain)) throw new Error(`${projectorMain} is missing: build the projector first`);
    const projector = spawn(process.execPath, [projectorMain, 'run'], {
      cwd: repoRoot,
      env: {
        ...env,
        // An append wakes the projections at once (the event store's hint); the poll is only the most an event
        // held back by an older append still in flight waits, and each poll reads the log and every projection's
        // version row. Idle for 20 s the projector and its Postgres backends cost 2.4 CPU-s at 50 ms, 0.4 at 500.
        PROJECTOR_POLL_MS: options.env?.PROJECTOR_POLL_MS ?? '500',
        ...(options.projectorDelayMs ? { PROJECTOR_TEST_DELAY_MS: String(options.projectorDelayMs) } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => logs.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    projector.stdout!.on('data', collect);
    projector.stderr!.on('data', collect);
    children.push(projector);
  }
  const startIngest = async () => {
    const ingestMain = path.join(repoRoot, 'apps/device-ingest/dist/main.js');
    if (!existsSync(ingestMain)) throw new Error(`${ingestMain} is missing: build device-ingest first`);
    const { child, ready } = await startNodeProcess({
      main: ingestMain,
      cwd: repoRoot,
      env: { ...env, INGEST_PORT: '0' },
      what: 'device-ingest',
      ready: /device-ingest listening on http:\/\/[\d.]+:(\d+)/,
      logs,
      limitMs: START_LIMIT_MS,
    });
    children.push(child);
    return Number(ready[1]);
  };
  if (options.ingest)
    await startIngest().catch(async (err: unknown) => {
      await stop();
      throw failedStart(err, db.name);
    });
  return {
    baseUrl,
    db,
    filesDir,
    smtp,
    logs,
    startIngest,
    startApi,
    stop,
  };
}
