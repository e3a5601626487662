import { appendMany, allEvents, eventually, probeProjection, startTestSystem } from '../test/support.js';
import { runProjections } from './runner.js';
import { projectionStatus } from './status.js';
import { ensureLiveVersions } from './versions.js';
import { holding } from '@kb/testing';

describe('projectionStatus', () => {
  const sys = holding('all', startTestSystem, (s) => s.close());

  it('reports the lag behind the head in events and seconds, and who runs each version', async () => {
    const probe = probeProjection({});
    await ensureLiveVersions(sys().pool, [probe]);
    const newest = await appendMany(sys().store, { streams: 6, perStream: 5 });
    const events = await allEvents(sys().store, newest);
    const oldest = events[0]!.recordedAt;
    const head = events.at(-1)!.position;

    const [behind] = await projectionStatus(
      sys().pool,
      sys().store,
      [probe],
      () => new Date(oldest.getTime() + 42_500),
    );
    expect(behind).toMatchObject({
      name: 'probe',
      version: 1,
      status: 'live',
      definitionVersion: 1,
      codeVersion: 1,
      lagEvents: 30,
      lagSeconds: 42.5,
      runningBy: null,
      head,
    });

    const stop = new AbortController();
    const running = runProjections(sys().pool, sys().store, [probe], {
      signal: stop.signal,
      pollIntervalMs: 20,
    });
    try {
      const [current] = await eventually(async () => {
        const s = await projectionStatus(sys().pool, sys().store, [probe]);
        return s[0]?.lagEvents === 0 ? s : undefined;
      });
      expect(current).toMatchObject({ lagEvents: 0, lagSeconds: 0, checkpoint: head });
      expect(current?.runningBy).toMatch(/^pid \d+, read-models-test/);
    } finally {
      stop.abort();
      await running;
    }
    expect((await projectionStatus(sys().pool, sys().store, [probe]))[0]?.runningBy).toBeNull();
  });
});
