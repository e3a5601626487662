import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OfflinePackBuild } from '@kb/contracts';
import type { AppConfig } from '../src/config.js';
import type { Client } from './harness.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningIngestProcess {
  logs: string[];
  stop(): Promise<void>;
}

/**
 * The real device-ingest process (its build in apps/device-ingest/dist) on the API's database, Redis prefix and
 * file store, so pack builds the API enqueues are worked as in production.
 */
export async function startIngestProcess(
  config: AppConfig,
  env: Record<string, string> = {},
): Promise<RunningIngestProcess> {
  const main = path.join(repoRoot, 'apps/device-ingest/dist/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: build device-ingest first (nx run @kb/device-ingest:build)`);
  const logs: string[] = [];
  const child: ChildProcess = spawn(process.execPath, [main], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX: config.REDIS_PREFIX,
      FILES_DIR: config.FILES_DIR,
      INGEST_PORT: '0',
      INGEST_METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`device-ingest did not start:\n${logs.join('\n')}`)),
      30_000,
    );
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        logs.push(line);
        if (line.includes('device-ingest listening')) {
          clearTimeout(timer);
          resolve();
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`device-ingest exited with ${code}:\n${logs.join('\n')}`));
    });
  });
  return {
    logs,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 5000)))]);
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Polls the pack's build until it is done or failed (or `until` holds). */
export async function waitForBuild(
  client: Client,
  packId: string,
  until: (b: OfflinePackBuild) => boolean = (b) => b.status === 'done' || b.status === 'failed',
  timeoutMs = 30_000,
): Promise<OfflinePackBuild> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.get<OfflinePackBuild | null>(`/api/offlineRecipes/buildStatus?id=${packId}`);
    if (res.status !== 200) throw new Error(`buildStatus answered ${res.status}: ${res.desc}`);
    if (res.data && until(res.data)) return res.data;
    if (Date.now() > deadline) throw new Error(`build of ${packId} still ${JSON.stringify(res.data)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Builds the pack and waits for the file (the ingest process must be running). */
export async function buildPack(client: Client, packId: string): Promise<OfflinePackBuild> {
  const started = await client.post(`/api/offlineRecipes/build`, { id: packId });
  if (started.status !== 200) throw new Error(`build answered ${started.status}: ${started.desc}`);
  const build = await waitForBuild(client, packId);
  if (build.status !== 'done') throw new Error(`build failed: ${build.error}`);
  return build;
}

interface YauzlEntry {
  fileName: string;
}
interface YauzlZip {
  readEntry(): void;
  on(event: 'entry', cb: (entry: YauzlEntry) => void): void;
  on(event: 'end', cb: () => void): void;
  on(event: 'error', cb: (err: Error) => void): void;
  openReadStream(entry: YauzlEntry, cb: (err: Error | null, stream: NodeJS.ReadableStream) => void): void;
}
interface Yauzl {
  fromBuffer(
    buf: Buffer,
    options: { lazyEntries: boolean },
    cb: (err: Error | null, zip: YauzlZip) => void,
  ): void;
}
// yauzl ships no types; this is the little of its API the tests use.
const yauzl = createRequire(import.meta.url)('yauzl') as Yauzl;

/** Every file of a zip by its path, read by an independent reader (yauzl: checks headers and CRC-32). */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const files = new Map<string, Buffer>();
      zip.on('error', reject);
      zip.on('end', () => resolve(files));
      zip.on('entry', (entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
