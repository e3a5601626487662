import { comparePositions, type GlobalPosition } from '@kb/event-store';
import {
  appendEvents,
  answered,
  summaryCheckpoint,
  openEventDatabase,
  requireBuiltProjector,
  runMain,
  startProjector,
  streamSummaryEvents,
  streamSummaryRows,
  type EventDatabase,
  type ProjectorProcess,
} from './test/support.js';

const STREAMS = 100;
const PER_STREAM = 100;
const EVENTS = STREAMS * PER_STREAM;
// Long enough that a CPU-starved test machine does not lose leases to event-loop stalls.
const LEASE_MS = 3000;

interface LogLine {
  msg: string;
  projection?: string;
  level: number;
}

const logLines = (p: ProjectorProcess): LogLine[] =>
  p
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

const standingBy = (p: ProjectorProcess) =>
  logLines(p).some((l) => l.projection === 'stream_summary' && l.msg.endsWith('standing by'));
const tookOver = (p: ProjectorProcess) =>
  logLines(p).some((l) => l.projection === 'stream_summary' && l.msg === 'took over the projection');

describe('two projector processes on one database', () => {
  let ev: EventDatabase;
  let head: GlobalPosition;
  let running: ProjectorProcess[] = [];

  // Each test on a database of its own, the log written and no read side yet.
  beforeEach(async () => {
    requireBuiltProjector();
    ev = await openEventDatabase();
    head = await appendEvents(ev.store, STREAMS, PER_STREAM);
  }, 120_000);
  afterEach(async () => {
    for (const p of running) {
      if (p.child.exitCode !== null || p.child.signalCode !== null) continue;
      p.child.kill('SIGCONT');
      p.child.kill('SIGKILL');
      await p.exited;
    }
    running = [];
    await ev?.close();
  });

  const env = () => ({
    DATABASE_URL: ev.db.url,
    PROJECTOR_BATCH_SIZE: '50',
    PROJECTOR_POLL_MS: '20',
    PROJECTOR_LEASE_MS: String(LEASE_MS),
    // Each page of 50 held 80 ms: catch-up lasts at least 16 s, so the standby (a second process booting on a
    // busy machine) always meets the active one mid catch-up.
    PROJECTOR_TEST_DELAY_MS: '80',
  });
  const start = () => {
    const p = startProjector(['run'], env());
    running.push(p);
    return p;
  };
  const checkpoint = () => summaryCheckpoint(ev.pool);
  const midCatchUp = async () => {
    const cp = await checkpoint();
    return cp !== undefined && cp.globalPosition > 0n && comparePositions(cp, head) < 0;
  };
  const caughtUp = async () => {
    const { stdout } = await runMain(['status', '--json'], env());
    const rows = (JSON.parse(stdout) as { projections: { lagEvents: number; status: string }[] }).projections;
    return rows.length > 0 && rows.every((r) => r.status === 'live' && r.lagEvents === 0);
  };
  const summary = () => streamSummaryRows(ev.pool);
  const projectedEvents = () => streamSummaryEvents(ev.pool);

  /** Every event counted once, and the rows exactly what a clean rebuild builds. */
  const expectCleanRebuildEquals = async () => {
    const built = await summary();
    expect(built).toHaveLength(STREAMS);
    expect(await projectedEvents()).toBe(EVENTS);
    const rebuild = await runMain(['rebuild', 'stream_summary'], env());
    expect(rebuild.code).toBe(0);
    expect(rebuild.stdout).toMatch(/rebuild done: stream_summary v\d+ is live/);
    expect(await summary()).toEqual(built);
  };

  it('a standby takes over within the lease time of the active one being SIGKILLed mid catch-up, and finishes it', async () => {
    const active = start();
    await answered(midCatchUp);
    const standby = start();
    await answered(async () => standingBy(standby));
    await answered(midCatchUp);

    active.child.kill('SIGKILL');
    const killedAt = Date.now();
    expect(await active.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await answered(async () => tookOver(standby));
    // The killed process's connections close with it, so its locks go at once; the standby retries every
    // PROJECTOR_LEASE_MS / 5 (the bound leaves room for a loaded machine).
    expect(Date.now() - killedAt).toBeLessThan(LEASE_MS);

    await answered(caughtUp, 60_000);
    standby.child.kill('SIGTERM');
    expect(await standby.exited).toEqual({ code: 0, signal: null });
    await expectCleanRebuildEquals();
  }, 120_000);

  it('a frozen active process loses its lease to the standby, and stands by itself when it wakes', async () => {
    const active = start();
    await answered(midCatchUp);
    const standby = start();
    await answered(async () => standingBy(standby));
    await answered(midCatchUp);

    // A hung host: the process stops answering but its TCP connections stay open.
    active.child.kill('SIGSTOP');
    const frozenAt = Date.now();
    await answered(async () => tookOver(standby), 30_000);
    const takeoverMs = Date.now() - frozenAt;
    expect(takeoverMs).toBeGreaterThanOrEqual(LEASE_MS * 0.5);
    expect(takeoverMs).toBeLessThan(LEASE_MS * 4);
    await answered(caughtUp, 60_000);

    active.child.kill('SIGCONT');
    await answered(async () => standingBy(active), 30_000);
    // Whatever it had in flight when it froze did not commit over the standby's work.
    expect(await projectedEvents()).toBe(EVENTS);
    expect(await caughtUp()).toBe(true);

    active.child.kill('SIGTERM');
    standby.child.kill('SIGTERM');
    expect(await active.exited).toEqual({ code: 0, signal: null });
    expect(await standby.exited).toEqual({ code: 0, signal: null });
    await expectCleanRebuildEquals();
  }, 120_000);
});
