import { randomUUID } from 'node:crypto';
import { holding } from '@kb/testing';
import { startTestSystem } from '../test/support.js';
import { copyRows, encodeCopyRows, recordColumns } from './copy-rows.js';

const COLUMNS = 'id uuid, n integer, big bigint, t text, state text, flag boolean, at timestamptz';

describe('COPY rows in binary format', () => {
  const sys = holding('all', startTestSystem, (s) => s.close());

  /** A fresh table with COLUMNS, the rows copied into it as `format`, read back in insertion order. */
  async function copied(rows: object[], format: 'binary' | 'text' | 'either') {
    const table = `copy_${randomUUID().replaceAll('-', '')}`;
    await sys().pool.query(`CREATE TABLE ${table} (k serial, ${COLUMNS})`);
    const columns = recordColumns(COLUMNS);
    const data = encodeCopyRows(columns, rows);
    if (format === 'binary') expect(data.text).toEqual([]);
    if (format === 'text') expect(data.binary).toEqual([]);
    const client = await sys().pool.connect();
    try {
      await copyRows(client, table, columns, data);
    } finally {
      client.release();
    }
    const { rows: back } = await sys().pool.query(
      `SELECT id::text, n, big::text, t, state, flag, at, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS us
         FROM ${table} ORDER BY ${format === 'either' ? 't' : 'k'}`,
    );
    return back;
  }

  it('stores what the text format stores: uuids, integers, text with escapes, JSON of objects, booleans, times', async () => {
    const id = randomUUID();
    const rows = [
      {
        id,
        n: -42,
        big: '9007199254740993',
        t: 'tab\tnew\nline\\ "q" 番茄 \u0000 \ud800 🍅',
        state: { name: 'back\\slash\n', zh: '鸡翅', list: [1, null], nul: 'a\u0000b' },
        flag: true,
        at: '2026-11-24T10:00:00.123456+08:00',
      },
      {
        id: id.toUpperCase(),
        n: 7,
        big: 7,
        t: '',
        state: [],
        flag: false,
        at: new Date(Date.UTC(2026, 0, 2)),
      },
      { id, n: null, big: null, t: null, state: null, flag: null, at: null },
    ];
    const binary = await copied(rows, 'binary');
    expect(binary).toEqual([
      {
        id,
        n: -42,
        big: '9007199254740993',
        t: 'tab\tnew\nline\\ "q" 番茄 \uFFFD \uFFFD 🍅',
        state: JSON.stringify({ name: 'back\\slash\n', zh: '鸡翅', list: [1, null], nul: 'a\uFFFDb' }),
        flag: true,
        at: new Date('2026-11-24T02:00:00.123Z'),
        us: '2026-11-24 02:00:00.123456',
      },
      {
        id,
        n: 7,
        big: '7',
        t: '',
        state: '[]',
        flag: false,
        at: new Date('2026-01-02T00:00:00Z'),
        us: '2026-01-02 00:00:00.000000',
      },
      { id, n: null, big: null, t: null, state: null, flag: null, at: null, us: null },
    ]);
  });

  it('writes the rows from the first value with no exact binary form as text, the server reading them as before', async () => {
    const id = randomUUID();
    const rows = [
      { id, n: 1, big: 1, t: 'a', state: 's', flag: true, at: '2026-11-24T10:00:00Z' },
      // A time Postgres reads but not in ISO 8601 form, then a uuid with braces: text from here on.
      { id, n: 2, big: 2, t: 'b', state: 's', flag: false, at: '2026-11-24 10:00:00+08' },
      { id: `{${id}}`, n: 3, big: 3, t: 'c', state: 's', flag: true, at: '2026-11-24T10:00:00Z' },
    ];
    const data = encodeCopyRows(recordColumns(COLUMNS), rows);
    expect(data.binary).not.toEqual([]);
    expect(data.text).not.toEqual([]);
    const back = await copied(rows, 'either');
    expect(back.map((r) => [r.id, r.t, r.us])).toEqual([
      [id, 'a', '2026-11-24 10:00:00.000000'],
      [id, 'b', '2026-11-24 02:00:00.000000'],
      [id, 'c', '2026-11-24 10:00:00.000000'],
    ]);
  });

  it('keeps times before 2000 and in other zones to the microsecond; times past 2255 go as text', async () => {
    const times = [
      '1999-12-31T23:59:59.999999Z',
      '1970-01-01T00:00:00Z',
      '1969-07-20T20:17:40.5-05:00',
      '2026-11-24T10:00:00.000001+05:45',
      '9999-12-31T23:59:59Z',
    ];
    const rows = times.map((at, i) => ({
      id: randomUUID(),
      n: i,
      big: i,
      t: String(i),
      state: 's',
      flag: true,
      at,
    }));
    const data = encodeCopyRows(recordColumns(COLUMNS), rows);
    expect(data.binary).not.toEqual([]);
    expect(data.text).not.toEqual([]);
    expect((await copied(rows, 'either')).map((r) => r.us)).toEqual([
      '1999-12-31 23:59:59.999999',
      '1970-01-01 00:00:00.000000',
      '1969-07-21 01:17:40.500000',
      '2026-11-24 04:15:00.000001',
      '9999-12-31 23:59:59.000000',
    ]);
  });

  it('refuses what the text format refuses: a date that does not exist is not rolled over', async () => {
    const rows = [
      { id: randomUUID(), n: 1, big: 1, t: 'a', state: 's', flag: true, at: '2026-04-31T10:00:00Z' },
    ];
    await expect(copied(rows, 'text')).rejects.toThrow(/out of range/);
  });

  it('writes a table with an array or jsonb column in text, where encoding them in binary cost more than it saved', () => {
    const data = encodeCopyRows(recordColumns('id uuid, tags text[], doc jsonb'), [
      { id: randomUUID(), tags: ['a'], doc: { a: 1 } },
    ]);
    expect(data.binary).toEqual([]);
    expect(data.text).not.toEqual([]);
  });
});
