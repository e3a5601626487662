import { comparePositions, type GlobalPosition } from '@kb/event-store';
import { createTestDatabase } from '@kb/testing';
import {
  appendEvents,
  answered,
  summaryCheckpoint,
  openEventDatabase,
  runMain,
  startProjector,
  streamSummaryEvents,
  streamSummaryRows,
  type EventDatabase,
} from './test/support.js';

/** The stream_summary row of `status --json` (other projections are listed beside it). */
const streamSummaryOf = (stdout: string) =>
  (JSON.parse(stdout) as { projections: any[] }).projections.find((p) => p.name === 'stream_summary');

describe('the projector process', () => {
  let ev: EventDatabase;
  let env: NodeJS.ProcessEnv;
  let head: GlobalPosition;

  beforeAll(async () => {
    ev = await openEventDatabase();
    head = await appendEvents(ev.store, 150, 20);
    // On two threads, so a kill also lands while the other thread is writing its own projections' batches.
    env = {
      DATABASE_URL: ev.db.url,
      PROJECTOR_BATCH_SIZE: '20',
      PROJECTOR_POLL_MS: '20',
      PROJECTOR_THREADS: '2',
    };
  });
  afterAll(async () => {
    await ev?.close();
  });

  const checkpoint = () => summaryCheckpoint(ev.pool);
  const summary = () => streamSummaryRows(ev.pool);
  const projectedEvents = () => streamSummaryEvents(ev.pool);

  it('killed mid catch-up and restarted, ends with exactly what a clean rebuild builds', async () => {
    const all = await ev.store.readAll({ maxCount: 10_000 });
    expect(all).toHaveLength(3000);

    const first = startProjector(['run'], env);
    await answered(async () => {
      const cp = await checkpoint();
      return cp && cp.globalPosition > 0n;
    });
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // Stopped mid catch-up, and what it wrote matches its checkpoint exactly: no half batch.
    const killedAt = (await checkpoint()) as GlobalPosition;
    expect(comparePositions(killedAt, head)).toBeLessThan(0);
    const coveredByCheckpoint = all.filter((e) => comparePositions(e.position, killedAt) <= 0).length;
    expect(coveredByCheckpoint).toBeGreaterThan(0);
    expect(await projectedEvents()).toBe(coveredByCheckpoint);

    const second = startProjector(['run'], env);
    let lastStatus: unknown;
    await answered(async () => {
      const { stdout } = await runMain(['status', '--json'], env);
      const live = streamSummaryOf(stdout);
      lastStatus = live;
      return live.lagEvents === 0 && live.runningBy !== null;
    }).catch((error: Error) => {
      // What the restarted process said and the last status read: why it did not catch up.
      throw new Error(
        `${error.message}\nlast status: ${JSON.stringify(lastStatus)}\nrestarted projector said:\n${second.output()}`,
      );
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toEqual({ code: 0, signal: null });
    const logLines = second
      .output()
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(logLines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['caught up with the head', 'projector stopped']),
    );

    const recovered = await summary();
    expect(await projectedEvents()).toBe(3000);
    expect(recovered).toHaveLength(150);

    const rebuild = await runMain(['rebuild', 'stream_summary'], env);
    expect(rebuild.code).toBe(0);
    expect(rebuild.stdout).toContain('rebuild done: stream_summary v2 is live');
    expect(await summary()).toEqual(recovered);
  });
});

describe('projector status', () => {
  let ev: EventDatabase;
  beforeAll(async () => {
    ev = await openEventDatabase();
  });
  afterAll(async () => {
    await ev?.close();
  });

  it('prints, as a table and as JSON, how many events and seconds each projection is behind the head', async () => {
    const env = { DATABASE_URL: ev.db.url, PROJECTOR_POLL_MS: '20' };
    await appendEvents(ev.store, 10, 3);
    const stop = new AbortController();
    const running = runMain(['run'], env, stop.signal);
    await answered(async () => {
      const { stdout } = await runMain(['status', '--json'], env);
      return streamSummaryOf(stdout)?.lagEvents === 0;
    });
    stop.abort();
    expect((await running).code).toBe(0);

    await appendEvents(ev.store, 4, 3);
    // Nothing projects them: the lag in seconds is the age of the oldest of them, and grows.
    const json = await answered(async () => {
      const status = await runMain(['status', '--json'], env);
      return status.code !== 0 || streamSummaryOf(status.stdout).lagSeconds >= 1.2 ? status : undefined;
    });
    expect(json.code).toBe(0);
    const live = streamSummaryOf(json.stdout);
    expect(live).toMatchObject({
      name: 'stream_summary',
      version: 1,
      status: 'live',
      lagEvents: 12,
      runningBy: null,
    });
    expect(live.lagSeconds).toBeGreaterThanOrEqual(1.2);
    expect(live.lagSeconds).toBeLessThan(60);
    expect(BigInt(live.checkpoint.globalPosition)).toBeLessThan(BigInt(live.head.globalPosition));

    const table = await runMain(['status'], env);
    expect(table.stdout.split('\n')[0]).toMatch(
      /^PROJECTION\s+VERSION\s+CODE\s+STATE\s+CHECKPOINT\s+LAG EVENTS\s+LAG SECONDS/,
    );
    expect(table.stdout).toMatch(/^stream_summary\s+v1\s+1\/1\s+live\s+\d+\/\d+\s+12\s+\d+\.\d\s+-\s/m);
  });

  it('says a database without read models has to be set up by `run` first', async () => {
    const empty = await createTestDatabase('kbproj');
    try {
      const result = await runMain(['status'], { DATABASE_URL: empty.url });
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toContain('This database has no event store or read models yet');
    } finally {
      await empty.drop();
    }
  });

  it('explains its usage and rejects unknown commands and projections', async () => {
    const env = { DATABASE_URL: ev.db.url };
    const none = await runMain([], env);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain('Usage: projector <command>');
    const unknown = await runMain(['rebuild', 'nope'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown projection "nope"\. Known: .*stream_summary/);
    expect((await runMain(['replay'], env)).code).toBe(2);
  });
});
