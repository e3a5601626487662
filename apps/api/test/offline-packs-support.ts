import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { OfflinePackBuild } from '@kb/contracts';
import { eventually, startNodeProcess, stopProcess } from '@kb/testing';
import type { AppConfig } from '../src/config.js';
import type { Client } from './harness.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface RunningIngestProcess {
  /** The origin of its device and app API. */
  url: string;
  logs: string[];
  stop(): Promise<void>;
  /** Ends it at once (SIGKILL), as a crash would: the jobs in hand are left to be taken up again. */
  kill(): Promise<void>;
}

/**
 * The real device-ingest process (its build in apps/device-ingest/dist) on the API's database, event store, Redis
 * prefix and file store, so the jobs the API enqueues (pack builds, recipe exports and imports) are worked as in
 * production.
 */
export async function startIngestProcess(
  config: AppConfig,
  env: Record<string, string> = {},
): Promise<RunningIngestProcess> {
  const main = path.join(repoRoot, 'apps/device-ingest/dist/main.js');
  if (!existsSync(main))
    throw new Error(`${main} is missing: build device-ingest first (nx run @kb/device-ingest:build)`);
  const logs: string[] = [];
  const { child, ready } = await startNodeProcess({
    main,
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: config.DATABASE_URL,
      REDIS_URL: config.REDIS_URL,
      REDIS_PREFIX: config.REDIS_PREFIX,
      FILES_DIR: config.FILES_DIR,
      // The recipe import's appends go to the API's event store.
      EVENT_STORE: config.EVENT_STORE,
      ...(config.KURRENTDB_URL ? { KURRENTDB_URL: config.KURRENTDB_URL } : {}),
      ...(config.KURRENTDB_NAMESPACE ? { KURRENTDB_NAMESPACE: config.KURRENTDB_NAMESPACE } : {}),
      INGEST_PORT: '0',
      INGEST_METRICS_PORT: '0',
      LOG_LEVEL: 'info',
      ...env,
    },
    what: 'device-ingest',
    ready: /device-ingest listening on (http:\/\/[^\s"]+)/,
    logs,
    limitMs: 30_000,
  });
  const kill = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  };
  return { url: ready[1]!, logs, stop: () => stopProcess(child), kill };
}

/** Polls the pack's build until it is done or failed (or `until` holds). */
export async function waitForBuild(
  client: Client,
  packId: string,
  until: (b: OfflinePackBuild) => boolean = (b) => b.status === 'done' || b.status === 'failed',
  timeoutMs = 30_000,
): Promise<OfflinePackBuild> {
  const build = await eventually(
    async () => {
      const res = await client.get<OfflinePackBuild | null>(`/api/offlineRecipes/buildStatus?id=${packId}`);
      if (res.status !== 200) throw new Error(`buildStatus answered ${res.status}: ${res.desc}`);
      return res.data;
    },
    (b) => b !== null && until(b),
    timeoutMs,
    `the build of ${packId}`,
  );
  return build!;
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
