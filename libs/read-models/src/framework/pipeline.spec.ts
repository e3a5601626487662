import { holding } from '@kb/testing';
import { appendMany, eventually, memoryLogger, startTestSystem } from '../test/support.js';
import { defineProjection } from './projection.js';
import { runProjections } from './runner.js';

/** Work of `ms` on this thread, with no await in it: a fold that needs nothing from the database. */
function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('where a catch-up spent its time', () => {
  const sys = holding('each', startTestSystem, (s) => s.close());

  it('counts the fold a projection does before its first await as folding', async () => {
    await appendMany(sys().store, { streams: 10, perStream: 5 });
    const folding = defineProjection({
      name: 'folding',
      version: 1,
      handles: '*',
      tables: [{ name: 'folding_rows', create: (t) => `CREATE TABLE ${t} (id int PRIMARY KEY)` }],
      prepare() {
        busyFor(40);
        return Promise.resolve({ write: () => Promise.resolve() });
      },
    });
    const logger = memoryLogger();
    const stop = new AbortController();
    const running = runProjections(sys().pool, sys().store, [folding], {
      signal: stop.signal,
      logger,
      pollIntervalMs: 20,
      batchSize: 10,
    });
    try {
      await eventually(async () => logger.lines.some((l) => l.msg === 'caught up with the head'));
    } finally {
      stop.abort();
      await running;
    }
    const caughtUp = logger.lines.find((l) => l.msg === 'caught up with the head')!.obj as {
      spent: { prepareMs: number; batches: number };
    };
    // 50 events in batches of 10, each folded for 40 ms.
    expect(caughtUp.spent.batches).toBe(5);
    expect(caughtUp.spent.prepareMs).toBeGreaterThanOrEqual(5 * 40);
  });
});
