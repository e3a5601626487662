import { PostgresEventStore } from '@kb/event-store';
import { eventually, memoryLogger, newEvent, probeProjection, startTestSystem } from '../test/support.js';
import { ProjectionLockedError } from './errors.js';
import { lockHolder } from './locks.js';
import { runProjections } from './runner.js';
import { holding } from '@kb/testing';

describe('one active instance per projection', () => {
  const sys = holding('all', startTestSystem, (s) => s.close());

  const instances = async () =>
    (
      await sys().pool.query<{ instance: string }>('SELECT instance FROM probe_rows ORDER BY global_position')
    ).rows.map((r) => r.instance);

  it('a second runner stands by while the first runs, and takes over when it stops', async () => {
    // Two "processes": separate pools, separate stores.
    const poolA = sys().openPool();
    const poolB = sys().openPool();
    const storeA = new PostgresEventStore(poolA, { notify: false });
    const storeB = new PostgresEventStore(poolB, { notify: false });
    const stopA = new AbortController();
    const stopB = new AbortController();
    const options = { pollIntervalMs: 20, lockRetryMs: 50 };
    // B asks who holds the lock on its pool at each try.
    let triesOfB = 0;
    poolB.on('acquire', () => void triesOfB++);
    const runA = runProjections(poolA, storeA, [probeProjection({ instance: 'a' })], {
      ...options,
      signal: stopA.signal,
    });
    await eventually(() => lockHolder(sys().pool, 'probe', 1).then((h) => h ?? undefined));
    const logB = memoryLogger();
    const runB = runProjections(poolB, storeB, [probeProjection({ instance: 'b' })], {
      ...options,
      signal: stopB.signal,
      logger: logB,
    });
    try {
      const standby = await eventually(async () => logB.lines.find((l) => l.level === 'warn'));
      expect(standby.msg).toMatch(
        /^Projection probe v1 is already run by another process \(pid \d+.*\); standing by$/,
      );

      await sys().store.appendToStream(
        'recipe-1',
        [newEvent('A'), newEvent('B'), newEvent('C')],
        'no_stream',
      );
      await eventually(async () => (await instances()).length === 3);
      // B tried the lock twice more since, and still stands by.
      const tried = triesOfB;
      await eventually(async () => triesOfB >= tried + 2);
      expect(logB.lines.some((l) => l.msg === 'took over the projection')).toBe(false);
      expect(await instances()).toEqual(['a', 'a', 'a']);

      stopA.abort();
      await runA;
      await sys().store.appendToStream('recipe-1', [newEvent('D'), newEvent('E')], 2);
      await eventually(async () => (await instances()).length === 5);
      expect(await instances()).toEqual(['a', 'a', 'a', 'b', 'b']);
      expect(logB.lines.some((l) => l.msg === 'took over the projection')).toBe(true);
    } finally {
      stopA.abort();
      stopB.abort();
      await Promise.all([runA, runB]);
      await Promise.all([storeA.close(), storeB.close()]);
    }
  });

  it('a runner told not to wait fails with a message naming the holder', async () => {
    const stop = new AbortController();
    const first = runProjections(sys().pool, sys().store, [probeProjection({})], {
      signal: stop.signal,
      pollIntervalMs: 20,
    });
    try {
      await eventually(() => lockHolder(sys().pool, 'probe', 1).then((h) => h ?? undefined));
      const other = sys().openPool();
      const second = runProjections(other, sys().store, [probeProjection({})], {
        signal: new AbortController().signal,
        whenLocked: 'fail',
      });
      await expect(second).rejects.toBeInstanceOf(ProjectionLockedError);
      await expect(second).rejects.toThrow(/already run by another process \(pid \d+/);
    } finally {
      stop.abort();
      await first;
    }
  });
});
