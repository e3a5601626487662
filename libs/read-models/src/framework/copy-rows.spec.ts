import { randomUUID } from 'node:crypto';
import { holding } from '@kb/testing';
import { startTestSystem } from '../test/support.js';
import { copyRows, encodeCopyRows, recordColumns } from './copy-rows.js';

const COLUMNS =
  'id uuid, n integer, big bigint, t text, state text, flag boolean, at timestamptz, tags text[], ids uuid[], nums integer[], doc jsonb';

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
      `SELECT id::text, n, big::text, t, state, flag, at, tags, ids::text[], nums, doc, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS us
         FROM ${table} ORDER BY ${format === 'either' ? 't' : 'k'}`,
    );
    return back;
  }

  it('stores what the text format stores: uuids, integers, text with escapes, JSON of objects, booleans, times, arrays, jsonb', async () => {
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
        tags: ['a,b', '{c}', 'd"e', 'f\\g', 'NULL', '', 'x\ty', '番茄', 'n\u0000l', null],
        ids: [id, id.toUpperCase()],
        nums: [1, -2, 2147483647],
        doc: { s: 'quote " back \\ nl \n', zh: '鸡翅', list: [1, null], nul: 'a\u0000b' },
      },
      {
        id: id.toUpperCase(),
        n: 7,
        big: 7,
        t: '',
        state: [],
        flag: false,
        at: new Date(Date.UTC(2026, 0, 2)),
        tags: [],
        ids: [],
        nums: [],
        doc: '{"b": 1, "a": [true]}',
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
        tags: ['a,b', '{c}', 'd"e', 'f\\g', 'NULL', '', 'x\ty', '番茄', 'n\uFFFDl', null],
        ids: [id, id],
        nums: [1, -2, 2147483647],
        doc: { s: 'quote " back \\ nl \n', zh: '鸡翅', list: [1, null], nul: 'a\uFFFDb' },
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
        tags: [],
        ids: [],
        nums: [],
        doc: { a: [true], b: 1 },
        us: '2026-01-02 00:00:00.000000',
      },
      {
        id,
        n: null,
        big: null,
        t: null,
        state: null,
        flag: null,
        at: null,
        tags: null,
        ids: null,
        nums: null,
        doc: null,
        us: null,
      },
    ]);
  });

  it('writes the rows from the first value with no exact binary form as text, the server reading them as before', async () => {
    const id = randomUUID();
    const rows = [
      { id, n: 1, big: 1, t: 'a', state: 's', flag: true, at: '2026-11-24T10:00:00Z' },
      // A time Postgres reads but not in ISO 8601 form, then a uuid with braces: text from here on.
      { id, n: 2, big: 2, t: 'b', state: 's', flag: false, at: '2026-11-24 10:00:00+08' },
      { id: `{${id}}`, n: 3, big: 3, t: 'c', state: 's', flag: true, at: '2026-11-24T10:00:00Z' },
      // A number in a text[] goes through the text form's JSON.
      { id, n: 4, big: 4, t: 'd', state: 's', flag: true, at: '2026-11-24T10:00:00Z', tags: ['x', 1.5] },
    ];
    const data = encodeCopyRows(recordColumns(COLUMNS), rows);
    expect(data.binary).not.toEqual([]);
    expect(data.text).not.toEqual([]);
    const back = await copied(rows, 'either');
    expect(back.map((r) => [r.id, r.t, r.us])).toEqual([
      [id, 'a', '2026-11-24 10:00:00.000000'],
      [id, 'b', '2026-11-24 02:00:00.000000'],
      [id, 'c', '2026-11-24 10:00:00.000000'],
      [id, 'd', '2026-11-24 10:00:00.000000'],
    ]);
    expect(back[3].tags).toEqual(['x', '1.5']);
  });

  it('refuses what the text format refuses: a date that does not exist is not rolled over', async () => {
    const rows = [
      { id: randomUUID(), n: 1, big: 1, t: 'a', state: 's', flag: true, at: '2026-04-31T10:00:00Z' },
    ];
    await expect(copied(rows, 'text')).rejects.toThrow(/out of range/);
  });
});
