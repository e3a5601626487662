import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CopyData } from './copy-rows.js';

/**
 * A thread that folds and encodes the batches of aggregate projections (aggregate-projection.ts), so that during a
 * catch-up the projector's main thread only reads pages and writes rows while a second core folds. The main thread
 * hands it each batch as one JSON text (the events' payloads as the store's own text, never parsed on the main
 * thread: see `lazyJson`) and gets the COPY rows back as buffers whose memory moves over (transferred, not
 * copied). The thread keeps the records of each projection version's last batch, which the next batch folds on.
 *
 * The thread runs the built code (`fold-worker.js` beside this file in dist); run from the TypeScript sources
 * (tests) the same fold runs in this thread.
 */

/** One aggregate as an aggregate projection carries it: its folded state and who touched it when. */
export interface AggregateRecord<S> {
  id: string;
  brand: string;
  state: S;
  /** Stream position of the last event applied (-1 before the first). */
  revision: number;
  createdAt: string | null;
  createdBy: string | null;
  updatedAt: string | null;
  updatedBy: string | null;
  /** The instants a projection keeps beside the state (`facts` of the definition), ISO strings. */
  facts: Record<string, string | null>;
}

/** A record loaded from a detail table, its state still JSON text (parsed where it is folded). */
export type LoadedRecord = AggregateRecord<string>;

/** One batch to fold. */
export interface FoldRequest {
  /** The aggregate projection (its name in the registry). */
  name: string;
  /** The version's detail table: the records of its last batch are kept under it. */
  key: string;
  /** This batch's number, and the one of the batch it folds on (whose records are kept), or null. */
  batch: number;
  previous: number | null;
  /**
   * The events, in global order, column by column: their aggregate ids, stream positions, types, when recorded
   * (ms), and metadata and payloads as JSON text (strings cross to the thread as copies of their bytes; one joined
   * text cost the main thread more to build and send than the arrays).
   */
  events: {
    ids: string[];
    streamPositions: number[];
    types: string[];
    recordedAt: number[];
    metadata: string[];
    data: string[];
  };
  /** Records of the batch's aggregates that the tables hold and the previous batch does not. */
  loaded: LoadedRecord[];
}

/** A folded batch: the rows of its shown records, encoded for COPY. */
export interface FoldResult {
  detail: CopyData;
  list: CopyData;
}

type Reply = { id: number; result: FoldResult } | { id: number; error: { message: string; code?: string } };

/**
 * A failure of the thread itself (it stopped, or lost a batch it was to fold on): nothing an event caused, so the
 * batch is retried from its checkpoint rather than isolated and parked (the SQLSTATE class of internal errors).
 */
export class FoldThreadError extends Error {
  readonly code = 'XX000';
}

const SCRIPT = new URL('./fold-worker.js', import.meta.url);

/** True where the built fold thread exists (not when running from the TypeScript sources). */
export const foldThreadAvailable = (): boolean => existsSync(fileURLToPath(SCRIPT));

let wanted = false;

/**
 * Whether the process folds in a thread of its own (the projector's PROJECTOR_FOLD_THREAD): off by default. On two
 * busy cores the thread paid nothing: the main thread only hands it the events and takes back the rows, the
 * database and the two threads share the same cores, and the second heap, its garbage collection and the copies
 * to and from the thread added more CPU than the fold it took away. It may pay where cores are otherwise idle.
 * Set before the first batch; a batch folded on the other side of a change is retried from its checkpoint.
 */
export function useFoldThread(on: boolean): void {
  wanted = on;
}

/** True when batches are folded in the fold thread: asked for, and the built thread there. */
export const foldsInThread = (): boolean => wanted && foldThreadAvailable();

/** The buffers of folded rows, as Buffers again (they arrive as plain Uint8Arrays). */
const asBuffers = (chunks: readonly Uint8Array[]) =>
  chunks.map((c) => Buffer.from(c.buffer, c.byteOffset, c.byteLength));

/** The memory of a result's buffers, moved to the receiving thread. */
export function transferList(result: FoldResult): ArrayBuffer[] {
  const all = [result.detail, result.list].flatMap((d) => [...d.binary, ...d.text]);
  return [...new Set(all.map((b) => b.buffer as ArrayBuffer))];
}

/** The process's fold thread, started at the first batch; it does not keep the process alive while idle. */
export class FoldThread {
  private worker: Worker | undefined;

  /** `script`: the thread's code (tests start the built one from the sources). */
  constructor(private readonly script: URL = SCRIPT) {}

  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: FoldResult) => void; reject: (e: Error) => void }
  >();

  fold(request: FoldRequest): Promise<FoldResult> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<FoldResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, request });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.script, { workerData: { kind: 'fold-thread' } });
    worker.unref();
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('result' in reply) {
        const { detail, list } = reply.result;
        waiting.resolve({
          detail: { binary: asBuffers(detail.binary), text: asBuffers(detail.text) },
          list: { binary: asBuffers(list.binary), text: asBuffers(list.text) },
        });
      } else {
        waiting.reject(
          reply.error.code === 'XX000'
            ? new FoldThreadError(reply.error.message)
            : Object.assign(new Error(reply.error.message), { code: reply.error.code }),
        );
      }
    });
    const gone = (why: string) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const w of waiting) w.reject(new FoldThreadError(`The fold thread stopped: ${why}`));
    };
    worker.on('error', (error) => gone(error.message));
    worker.on('exit', (code) => gone(`exit code ${code}`));
    this.worker = worker;
    return worker;
  }
}
