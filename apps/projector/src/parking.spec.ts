import { randomUUID } from 'node:crypto';
import { comparePositions, type GlobalPosition, type RecordedEvent } from '@kb/event-store';
import { allProjections, type Projection } from '@kb/read-models';
import { appendEvents, answered, openEventDatabase, runMain, type EventDatabase } from './test/support.js';

/** A recipe event written by newer code (a schema version this code cannot read), for brand A. */
async function appendUnreadable(ev: EventDatabase): Promise<GlobalPosition> {
  const { position } = await ev.store.appendToStream(
    `recipe-${randomUUID()}`,
    [
      {
        eventId: randomUUID(),
        type: 'RecipeSubmitted',
        data: {},
        metadata: {
          actor: 'alice',
          brandOwnerCode: 'A',
          correlationId: randomUUID(),
          causationId: randomUUID(),
          occurredAt: new Date().toISOString(),
          schemaVersion: 9,
        },
      },
    ],
    'no_stream',
  );
  return position;
}

/** The same projections, with code that reads schema version 9 (the fix being deployed). */
const fixed: Projection[] = allProjections.map((p) => {
  if (p.name !== 'recipes') return p;
  const knowsV9 = (e: RecordedEvent): RecordedEvent =>
    e.metadata.schemaVersion === 9 ? { ...e, metadata: { ...e.metadata, schemaVersion: 1 } } : e;
  return { ...p, prepare: (events, db, ctx, previous) => p.prepare!(events.map(knowsV9), db, ctx, previous) };
});

const byName = (stdout: string): Record<string, any> =>
  Object.fromEntries((JSON.parse(stdout) as { projections: any[] }).projections.map((p) => [p.name, p]));

describe('parked events at the command line', () => {
  let ev: EventDatabase;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    ev = await openEventDatabase();
    env = { DATABASE_URL: ev.db.url, PROJECTOR_POLL_MS: '20', LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    await ev?.close();
  });

  it('status, parked and replay show and clear what a projection could not apply', async () => {
    await appendUnreadable(ev);
    const head = await appendEvents(ev.store, 6, 2);
    const stop = new AbortController();
    const running = runMain(['run'], env, stop.signal);
    const atHead = (p: any) =>
      comparePositions(
        {
          transactionId: BigInt(p.checkpoint.transactionId),
          globalPosition: BigInt(p.checkpoint.globalPosition),
        },
        head,
      ) >= 0;
    const status = await answered(async () => {
      const all = byName((await runMain(['status', '--json'], env)).stdout);
      return allProjections.every((p) => all[p.name] && atHead(all[p.name])) && all;
    });
    expect(status.recipes).toMatchObject({
      health: 'parked',
      lastError: null,
      lagEvents: 0,
      parked: { events: 1, streams: 1, brands: ['A'] },
    });
    expect(status.stream_summary).toMatchObject({ health: 'ok', parked: { events: 0 } });
    const table = await runMain(['status'], env);
    expect(table.stdout).toMatch(/^recipes\s+v\d+\s.*\sparked\s+1 events, 1 streams \(A\)\s+-$/m);

    const listed = await runMain(['parked', 'recipes'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n')[0]).toMatch(
      /^VERSION\s+POSITION\s+STREAM\s+STREAM POS\s+BRAND\s+EVENT TYPE/,
    );
    expect(listed.stdout).toMatch(
      /recipe-[0-9a-f-]+\s+0\s+A\s+RecipeSubmitted\s+\S+\s+Cannot upcast RecipeSubmitted v9: this code knows versions up to 1/,
    );
    const json = JSON.parse((await runMain(['parked', '--json', 'recipes'], env)).stdout);
    expect(json.parked).toEqual([
      expect.objectContaining({ eventType: 'RecipeSubmitted', brandOwnerCode: 'A', behind: null }),
    ]);

    // Replayed by the running process (it holds the lock): the code has not changed, so it stays parked.
    const still = await runMain(['replay', 'recipes'], env);
    expect(still).toMatchObject({ code: 0, stdout: 'recipes: 0 replayed, 1 still parked\n' });
    stop.abort();
    expect((await running).code).toBe(0);

    // A rebuild over this log succeeds; the new version parks the same event.
    const rebuilt = await runMain(['rebuild', 'recipes'], env);
    expect(rebuilt.code).toBe(0);
    const [again] = JSON.parse((await runMain(['parked', '--json', 'recipes'], env)).stdout).parked;
    expect(again).toMatchObject({ version: status.recipes.version + 1, eventType: 'RecipeSubmitted' });

    // With the fix, and no process running the projection, the replay is done by the command itself.
    const replayed = await runMain(['replay', 'recipes'], env, undefined, fixed);
    expect(replayed).toMatchObject({ code: 0, stdout: 'recipes: 1 replayed, 0 still parked\n' });
    expect((await runMain(['parked', 'recipes'], env)).stdout).toBe('recipes: no parked events\n');
    expect(byName((await runMain(['status', '--json'], env)).stdout).recipes).toMatchObject({
      health: 'ok',
      parked: { events: 0, streams: 0, brands: [] },
    });
  });
});
