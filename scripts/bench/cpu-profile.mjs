// Where a process's CPU went, from a V8 CPU profile (`node --cpu-prof`): each sample is put in the step of the
// nearest frame on its stack that belongs to one (so the driver's JSON.parse counts as reading rows, a buffer write
// under the COPY encoder as encoding rows), and the steps are printed with their share of the busy time.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Steps of a projector catch-up, tried on each frame from the sample's leaf up; the first that matches wins. */
const STEPS = [
  ['JSON of detail states (storableJson)', (f) => f.functionName === 'storableJson'],
  ['fold (evolve, list row, name pieces)', (f) => /\/libs\/domain\/|recipes\.projection/.test(f.url)],
  ['encode COPY rows', (f) => /copy-rows|storable\.js/.test(f.url)],
  ['aggregate prepare (records, loads)', (f) => /aggregate-projection/.test(f.url)],
  ['stream_summary prepare', (f) => /stream-summary/.test(f.url)],
  [
    'read rows (pg driver, JSON.parse of payloads, dates)',
    (f) => /\/pg\/lib\/|pg-protocol|pg-types|postgres-date|postgres-event-store|shared-reads/.test(f.url),
  ],
  [
    'send COPY data and queries (streams, sockets)',
    (f) => /pg-copy-streams|node:net|stream_base|streams\//.test(f.url),
  ],
  ['runner (pipeline, batches, locks)', (f) => /read-models\/dist\/framework/.test(f.url)],
];

/** Every `.cpuprofile` in `dir` with the id of the thread it profiled (0: the main thread), main thread first. */
export function profilesIn(dir) {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.cpuprofile'))
      .map((f) => ({ file: path.join(dir, f), thread: Number(f.split('.').at(-3)) }))
      .sort((a, b) => a.thread - b.thread);
  } catch {
    return [];
  }
}

/** Busy milliseconds by step (plus GC and the rest) of the profile in `file`. */
export function timeBySteps(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stepOf = new Map();
  const classify = (id) => {
    if (stepOf.has(id)) return stepOf.get(id);
    const frame = nodes.get(id).callFrame;
    let step;
    if (frame.functionName === '(idle)') step = 'idle';
    else if (frame.functionName === '(garbage collector)') step = 'garbage collector';
    else {
      step = STEPS.find(([, test]) => test(frame))?.[0];
      if (!step) step = parent.has(id) ? classify(parent.get(id)) : 'other (start-up, timers, logging)';
    }
    stepOf.set(id, step);
    return step;
  };
  const ms = new Map();
  profile.samples.forEach((id, i) => {
    const step = classify(id);
    ms.set(step, (ms.get(step) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  ms.delete('idle');
  return ms;
}

/**
 * Lines saying where the busy time of the profile in `file` went, largest step first: each step's share, and that
 * share of `cpuSeconds` (the process's CPU time). The profile's own times are wall-clock samples, which a loaded
 * machine stretches (a thread waiting for a core keeps being sampled), so the shares are what to compare.
 */
export function describeProfile(file, cpuSeconds) {
  const ms = timeBySteps(file);
  const busy = [...ms.values()].reduce((a, b) => a + b, 0);
  return [...ms]
    .sort((a, b) => b[1] - a[1])
    .map(([step, t]) => {
      const share = t / busy;
      const seconds = cpuSeconds === null ? '' : `  ~${(share * cpuSeconds).toFixed(1).padStart(5)} s CPU`;
      return `    ${step.padEnd(52)} ${(100 * share).toFixed(0).padStart(3)} %${seconds}`;
    });
}
