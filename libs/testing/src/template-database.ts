import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { baseDatabaseUrl, eventStoreEnv, redisUrl } from './database.js';

/**
 * A database migrated and seeded with the demo brands once per test run, which every test system of the run copies
 * (`CREATE DATABASE … TEMPLATE`, a fraction of a second) instead of running every migration and the demo seed again
 * (about ten seconds of a loaded machine per file). The run's global setup makes it and names it in the environment
 * the test workers inherit; its global teardown drops it. A worker that finds none prepares its own database.
 */
export interface TemplateDatabase {
  name: string;
  /** The files the demo seed wrote (recipe pictures, APKs), which the database's file rows point at. */
  filesDir: string;
}

const NAME_VAR = 'KB_TEMPLATE_DATABASE';
const FILES_VAR = 'KB_TEMPLATE_FILES_DIR';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * The run's template, when there is one and the tests run on the Postgres event store (on KurrentDB the demo
 * streams live outside the database, so a copy of it would lack them).
 */
export function runTemplateDatabase(): TemplateDatabase | undefined {
  const name = process.env[NAME_VAR];
  const filesDir = process.env[FILES_VAR];
  if (!name || !filesDir || Object.keys(eventStoreEnv(name)).length > 0) return undefined;
  return { name, filesDir };
}

/**
 * Makes the run's template with the built API's migration step (`apps/api/dist/migrate.js`, `SEED_DEMO=true`) and
 * names it in this process's environment, for the workers a test runner starts afterwards. Makes none (and says
 * why) when the API is not built or the tests run on KurrentDB: each system then prepares its own database.
 */
export async function createRunTemplateDatabase(): Promise<TemplateDatabase | undefined> {
  const migrate = path.join(repoRoot, 'apps/api/dist/migrate.js');
  if (!existsSync(migrate)) {
    console.log(`no template database: ${migrate} is missing (build the API)`);
    return undefined;
  }
  const name = `kbtpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  if (Object.keys(eventStoreEnv(name)).length > 0) return undefined;
  const filesDir = await mkdtemp(path.join(tmpdir(), 'kb-tpl-files-'));
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(baseDatabaseUrl());
  url.pathname = `/${name}`;
  const output: string[] = [];
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [migrate], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl(),
        FILES_DIR: filesDir,
        SEED_DEMO: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', resolve);
  });
  const template = { name, filesDir };
  if (code !== 0) {
    await dropRunTemplateDatabase(template);
    throw new Error(`the template database could not be prepared (exit ${code}):\n${output.join('')}`);
  }
  process.env[NAME_VAR] = name;
  process.env[FILES_VAR] = filesDir;
  return template;
}

/** Drops the run's template (by default the one this process's environment names) and its files. */
export async function dropRunTemplateDatabase(template = runTemplateDatabase()): Promise<void> {
  if (!template) return;
  await adminQuery(`DROP DATABASE IF EXISTS ${template.name} WITH (FORCE)`);
  await rm(template.filesDir, { recursive: true, force: true });
  delete process.env[NAME_VAR];
  delete process.env[FILES_VAR];
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseDatabaseUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
