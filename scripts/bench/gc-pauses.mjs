// Loaded into a process the bench starts (`node --import scripts/bench/gc-pauses.mjs …`): how often and for how
// long garbage collection stopped the process's main thread, by kind, written as JSON to BENCH_GC_PAUSES_FILE
// (every 100 ms, and as the process exits). `readGcPauses` reads it back. The CPU profile counts a collection's
// time on the main thread as one step; this says whether it is the young generation (many short stops: objects
// that live across a few batches are copied before they die) or full collections.
import { readFileSync, writeFileSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'young generation',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'full',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

const file = process.env.BENCH_GC_PAUSES_FILE;
// `--import` loads this into the process's other threads too (the projector's fold thread): they would write
// their own pauses over the main thread's.
if (file && isMainThread) {
  const pauses = {};
  let changed = false;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = KINDS[entry.detail?.kind] ?? 'other';
      const p = (pauses[kind] ??= { count: 0, ms: 0 });
      p.count += 1;
      p.ms += entry.duration;
    }
    changed = true;
  }).observe({ entryTypes: ['gc'] });
  // Written only after a collection: each write blocks the thread measured (a profile of a catch-up on a busy
  // machine found the projector's main thread in this write a tenth of its time when it wrote every 100 ms).
  const write = () => {
    if (!changed) return;
    changed = false;
    writeFileSync(file, JSON.stringify(pauses));
  };
  setInterval(write, 100).unref();
  process.on('exit', write);
}

/** The pauses written to `file` so far, as lines to print (largest first), or null when there are none. */
export function readGcPauses(file) {
  let pauses;
  try {
    pauses = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
  const kinds = Object.entries(pauses).sort((a, b) => b[1].ms - a[1].ms);
  if (kinds.length === 0) return null;
  return kinds.map(
    ([kind, p]) =>
      `    ${kind.padEnd(20)} ${String(p.count).padStart(5)} pauses, ${(p.ms / 1000).toFixed(1).padStart(5)} s (${(p.ms / p.count).toFixed(1)} ms each)`,
  );
}
