import { randomUUID } from 'node:crypto';
import { comparePositions, START, type GlobalPosition } from '@kb/event-store';
import { memoryLogger, newEvent, projected, startTestSystem } from '../test/support.js';
import { defineAggregateProjection, type AggregateProjectionDefinition } from './aggregate-projection.js';
import { copyRows, encodeCopyRows, recordColumns } from './copy-rows.js';
import { rebuildProjection, replayProjection, runProjections } from './runner.js';
import { holding } from '@kb/testing';

/**
 * A small aggregate to drive the helper: a counter that is opened, bumped, renamed, closed for good. Its name
 * goes to a list column with a CHECK the tests can use to make a batch's write fail.
 */
interface Existing {
  status: 'open' | 'closed';
  name: string;
  count: number;
  tags: string[];
}
type Counter = { status: 'absent' } | Existing;
type Shown = Existing & { status: 'open' };

/**
 * The fold gets no event id, stream id or global position (it is not sent them): an evolve that reads one does not
 * compile, so the build fails here if the fold's event ever claims them again.
 */
export const evolveReadingStreamId: AggregateProjectionDefinition<Counter, Shown>['evolve'] = (
  state,
  event,
) =>
  // @ts-expect-error the folded event has no stream id
  event.streamId === '' ? state : state;
export const evolveReadingEventId: AggregateProjectionDefinition<Counter, Shown>['evolve'] = (state, event) =>
  // @ts-expect-error the folded event has no event id
  event.eventId === '' ? state : state;

const counters = () =>
  defineAggregateProjection<Counter, Shown>({
    name: 'counters',
    version: 1,
    handles: ['CounterOpened', 'CounterBumped', 'CounterRenamed', 'CounterClosed'],
    stream: /^counter-([0-9a-f-]{36})$/,
    key: 'counter_id',
    detail: 'counter_detail',
    facts: ['renamed_at'],
    list: {
      name: 'counter_list',
      columns:
        'counter_id uuid, brand_owner_code text, name text, count integer, tags text[], revision bigint',
      create: (t) => `
        CREATE TABLE ${t} (counter_id uuid PRIMARY KEY, brand_owner_code text NOT NULL,
          name text NOT NULL CONSTRAINT counter_name_allowed CHECK (name <> 'poison'),
          count integer NOT NULL, tags text[] NOT NULL, revision bigint NOT NULL)`,
    },
    listRow: (r) => ({
      counter_id: r.id,
      brand_owner_code: r.brand,
      name: r.state.name,
      count: r.state.count,
      tags: r.state.tags,
      revision: r.revision,
    }),
    initial: { status: 'absent' },
    evolve(state, event) {
      const data = event.data as { name?: string; by?: number; tag?: string };
      if (event.type === 'CounterOpened')
        return { status: 'open', name: data.name ?? '', count: 0, tags: [] };
      if (state.status !== 'open') return state;
      if (event.type === 'CounterBumped')
        return { ...state, count: state.count + (data.by ?? 1), tags: [...state.tags, data.tag ?? ''] };
      if (event.type === 'CounterRenamed') return { ...state, name: data.name ?? '' };
      return { ...state, status: 'closed' };
    },
    isValid: (state) => state.status === 'absent' || typeof (state as { name?: unknown }).name === 'string',
    isShown: (state): state is Shown => state.status === 'open',
    creates: ['CounterOpened'],
    note(event, at, facts) {
      if (event.type === 'CounterRenamed') facts.renamed_at = at;
    },
  });

describe('aggregate projections', () => {
  const sys = holding('all', startTestSystem, (s) => s.close());

  const rows = async () => ({
    list: (await sys().pool.query('SELECT * FROM counter_list ORDER BY counter_id')).rows,
    detail: (await sys().pool.query('SELECT * FROM counter_detail ORDER BY counter_id')).rows,
  });

  /** Appends one event to each counter in turn, round after round, so a counter's events span many batches. */
  const versions = new Map<string, number>();
  async function writeCounters(
    ids: string[],
    rounds: (id: string, round: number) => [string, object] | null,
  ) {
    let last: GlobalPosition = START;
    for (let round = 0; ; round++) {
      let any = false;
      for (const id of ids) {
        const next = rounds(id, round);
        if (!next) continue;
        any = true;
        const version = versions.get(id) ?? -1;
        const r = await sys().store.appendToStream(
          `counter-${id}`,
          [newEvent(next[0], `user${round % 3}`, 'DEMO', next[1])],
          version < 0 ? 'no_stream' : version,
        );
        versions.set(id, version + 1);
        if (comparePositions(r.position, last) > 0) last = r.position;
      }
      if (!any) return last;
    }
  }

  it('caught up in small batches (each prepared while the one before is written) equals one big batch', async () => {
    // 8 counters and batches of 7: a counter's next event is in the next batch, often while this one is written.
    const ids: string[] = Array.from({ length: 8 }, () => randomUUID());
    const awkward = [
      'tab\there',
      'line\nbreak',
      'back\\slash',
      'quote"s',
      '{brace},comma',
      'NULL',
      '',
      '番茄汤',
    ];
    const last = await writeCounters(ids, (id, round) => {
      const n = ids.indexOf(id);
      if (round === 0) return ['CounterOpened', { name: awkward[n % awkward.length] }];
      if (round <= 3) return ['CounterBumped', { by: round, tag: awkward[(n + round) % awkward.length] }];
      if (round === 4 && n % 3 === 0) return ['CounterRenamed', { name: `renamed ${n}` }];
      if (round === 5 && n % 4 === 0) return ['CounterClosed', {}];
      return null;
    });
    const stop = new AbortController();
    const running = runProjections(sys().pool, sys().store, [counters()], {
      signal: stop.signal,
      batchSize: 7,
      pollIntervalMs: 20,
    });
    await projected(sys().pool, 'counters', last);
    stop.abort();
    await running;
    const small = await rows();

    // 8 counters, 2 closed for good; the rest as their events left them, awkward text intact.
    expect(small.list).toHaveLength(6);
    const first = small.list.find((r) => r.counter_id === ids[1]);
    expect(first).toMatchObject({
      name: 'line\nbreak',
      count: 6,
      tags: ['back\\slash', 'quote"s', '{brace},comma'],
    });
    expect(small.list.find((r) => r.counter_id === ids[3])).toMatchObject({
      name: 'renamed 3',
      revision: '4',
    });
    const renamed = small.detail.find((r) => r.counter_id === ids[3]);
    expect(renamed.renamed_at).toBeInstanceOf(Date);
    expect(renamed.state).toEqual({
      status: 'open',
      name: 'renamed 3',
      count: 6,
      tags: ['{brace},comma', 'NULL', ''],
    });
    expect(small.list.map((r) => r.counter_id)).not.toContain(ids[0]);

    await rebuildProjection(sys().pool, sys().store, counters(), {
      signal: new AbortController().signal,
      batchSize: 10_000,
      pollIntervalMs: 20,
    });
    expect(await rows()).toEqual(small);
  });

  it('a batch whose write fails is redone from its checkpoint (the batch prepared after it too), parking what fails on its own', async () => {
    const ids: string[] = Array.from({ length: 6 }, () => randomUUID());
    const before = await writeCounters(ids, (_, round) =>
      round === 0 ? ['CounterOpened', { name: 'fine' }] : null,
    );
    const logger = memoryLogger();
    const stop = new AbortController();
    const running = runProjections(sys().pool, sys().store, [counters()], {
      signal: stop.signal,
      batchSize: 4,
      pollIntervalMs: 20,
      logger,
      maxRetryDelayMs: 300,
    });
    // Counter 0 takes a name its list refuses; the events after it (in later batches) bump every counter.
    await projected(sys().pool, 'counters', before);
    const last = await writeCounters(ids, (id, round) => {
      if (round === 0) return id === ids[0] ? ['CounterRenamed', { name: 'poison' }] : ['CounterBumped', {}];
      if (round <= 2) return ['CounterBumped', { tag: `r${round}` }];
      return null;
    });
    // The other counters go on; counter 0 waits behind its refused rename.
    await projected(sys().pool, 'counters', last);
    const parked = logger.lines.find((l) => l.msg?.startsWith('event parked'))!.obj;
    expect(JSON.stringify(parked)).toContain('counter_name_allowed');
    const counts = async () =>
      (
        await sys().pool.query(
          'SELECT name, count FROM counter_list WHERE counter_id = ANY($1::uuid[]) ORDER BY counter_id',
          [ids],
        )
      ).rows.map((r) => [r.name, r.count]);
    const byId = (counted: (i: number) => readonly [string, number]) =>
      ids
        .map((id, i) => [id, ...counted(i)] as const)
        .sort((a, b) => a[0].localeCompare(b[0]))
        .map(([, name, count]) => [name, count]);
    expect(await counts()).toEqual(byId((i) => (i === 0 ? ['fine', 0] : ['fine', 3])));

    const { rows: live } = await sys().pool.query(
      `SELECT version FROM projection_checkpoints WHERE name = 'counters' AND status = 'live'`,
    );
    await sys().pool.query(
      `ALTER TABLE counter_list_v${live[0].version} DROP CONSTRAINT counter_name_allowed`,
    );
    expect(await replayProjection(sys().pool, sys().store, counters(), { signal: stop.signal })).toEqual([
      { version: live[0].version, by: 'runner', replayed: 3, stillParked: 0 },
    ]);
    stop.abort();
    await running;
    expect(await counts()).toEqual(byId((i) => (i === 0 ? ['poison', 2] : ['fine', 3])));
  });

  it('COPY keeps every value as it was: control characters, quotes, braces, nulls, json and times', async () => {
    const columns = recordColumns(
      'id integer, t text, a text[], n integer[], j json, b boolean, at timestamptz',
    );
    await sys().pool.query(
      'CREATE TABLE copy_probe (id integer, t text, a text[], n integer[], j json, b boolean, at timestamptz)',
    );
    const values = [
      {
        id: 1,
        t: 'tab\tnew\nline\rback\\slash "q" 汉字',
        a: ['a,b', '{c}', 'd"e', 'f\\g', 'NULL', '', ' sp ', 'x\ty'],
        n: [1, 2, 3],
        j: { s: 'quote " back \\ nl \n', zh: '鸡翅', list: [1, null] },
        b: false,
        at: '2026-11-24T10:00:00.123Z',
      },
      { id: 2, t: null, a: [], n: [], j: { empty: {} }, b: true, at: null },
    ];
    const client = await sys().pool.connect();
    try {
      await copyRows(client, 'copy_probe', columns, encodeCopyRows(columns, values));
    } finally {
      client.release();
    }
    const { rows: back } = await sys().pool.query('SELECT * FROM copy_probe ORDER BY id');
    expect(back).toEqual([
      { ...values[0], at: new Date('2026-11-24T10:00:00.123Z') },
      { ...values[1], t: null, at: null },
    ]);
  });
});
