import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { openEventStore } from '@kb/event-store';
import { createPool } from '@kb/platform/db';
import {
  allProjections,
  runProjections,
  useFoldThread,
  type Projection,
  type RunOptions,
} from '@kb/read-models';
import { pino, type Logger } from 'pino';
import { readConfig, type ProjectorConfig } from './config.js';

/**
 * `projector run` can spread the projections over threads (PROJECTOR_THREADS, default 1): each thread folds and
 * encodes its own projections' batches, so a catch-up can keep more than one core busy (a projection's fold is CPU
 * work in this process). A thread loads and warms up the code again, which costs CPU of its own, so it pays off only
 * where a core would otherwise be idle. Projections are dealt out in registry order, one per
 * thread in turn; the first share runs on the main thread, which also answers /metrics. Every thread has its own
 * connections, and each projection version keeps its own run lock, so nothing else changes: a thread is one more
 * runner, as a second process would be.
 */

/** What `run` gives each projection runner, in the main thread and in the others alike. */
export function runOptionsOf(config: ProjectorConfig, signal: AbortSignal, logger: Logger): RunOptions {
  return {
    signal,
    logger,
    batchSize: config.batchSize,
    pollIntervalMs: config.pollIntervalMs,
    leaseTimeoutMs: config.leaseTimeoutMs,
    lockRetryMs: Math.max(50, Math.floor(config.leaseTimeoutMs / 5)),
    applyDelayMs: config.testDelayMs,
  };
}

/** The projections of each thread: dealt out in turn, at most one thread per projection. */
export function threadShares<P>(projections: readonly P[], threads: number): P[][] {
  const shares: P[][] = Array.from({ length: Math.max(1, Math.min(threads, projections.length)) }, () => []);
  projections.forEach((p, i) => shares[i % shares.length]!.push(p));
  return shares;
}

/** Pool size of a runner of `count` projections: per projection its run lock, a write, a read ahead, a load. */
export const poolSizeFor = (count: number) => 4 * count + 4;

const THREAD_SCRIPT = new URL('./projection-threads.js', import.meta.url);

/** Threads run from the built projector (dist); run from its TypeScript sources (tests) everything stays here. */
export const threadsAvailable = () => existsSync(fileURLToPath(THREAD_SCRIPT));

interface ThreadData {
  kind: 'projection-thread';
  names: string[];
  env: Record<string, string | undefined>;
  logBase: Record<string, unknown>;
}

type ThreadMessage = { log: string } | { failed: string };

/**
 * Runs the named projections (of `allProjections`) in a thread of their own until `signal` aborts; its log lines
 * are written by `write`. Rejects when the thread fails.
 */
export function runInThread(
  names: string[],
  env: NodeJS.ProcessEnv,
  logBase: Record<string, unknown>,
  signal: AbortSignal,
  write: (line: string) => void,
): Promise<void> {
  const data: ThreadData = { kind: 'projection-thread', names, env: { ...env }, logBase };
  const worker = new Worker(THREAD_SCRIPT, { workerData: data });
  const stop = () => worker.postMessage('stop');
  signal.addEventListener('abort', stop, { once: true });
  let failure: string | undefined;
  return new Promise<void>((resolve, reject) => {
    worker.on('message', (message: ThreadMessage) => {
      if ('log' in message) write(message.log);
      else failure = message.failed;
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      signal.removeEventListener('abort', stop);
      if (code === 0) resolve();
      else
        reject(new Error(failure ?? `The thread running ${names.join(', ')} ended with exit code ${code}`));
    });
  });
}

/** The thread's side: its own pool, store and logger, the same run options as the main thread. */
async function threadMain({ names, env, logBase }: ThreadData): Promise<void> {
  const port = parentPort!;
  const controller = new AbortController();
  port.on('message', (message) => {
    if (message === 'stop') controller.abort();
  });
  port.unref();
  const config = readConfig(env);
  useFoldThread(config.foldThread);
  const logger = pino(
    { level: config.logLevel, base: logBase, timestamp: pino.stdTimeFunctions.isoTime },
    { write: (line: string) => port.postMessage({ log: line } satisfies ThreadMessage) },
  );
  const projections: Projection[] = allProjections.filter((p) => names.includes(p.name));
  const pool = createPool(config.databaseUrl, {
    max: poolSizeFor(projections.length),
    applicationName: 'projector run',
  });
  try {
    const store = await openEventStore(config.eventStore, pool, { notify: false });
    try {
      await runProjections(pool, store, projections, runOptionsOf(config, controller.signal, logger));
    } finally {
      await store.close();
    }
  } catch (error) {
    port.postMessage({ failed: (error as Error).message } satisfies ThreadMessage);
    process.exitCode = 1;
  } finally {
    await pool.end();
  }
}

const thread = workerData as ThreadData | null;
if (!isMainThread && thread?.kind === 'projection-thread') await threadMain(thread);
