import { startTestSystem } from '../test/support.js';
import { storable, storableJson, storableJsonText, storableText, storableWrites } from './storable.js';
import { holding } from '@kb/testing';

const BAD = 'a\u0000b\ud800c\udc00d\u0007e\u001ff🍲';
const KEPT = 'a\ufffdb\ufffdc\ufffdd\u0007e\u001ff🍲';

describe('storable values', () => {
  it('replace U+0000 and lone surrogates by U+FFFD and keep every other character, pairs included', () => {
    expect(storableText(BAD)).toBe(KEPT);
    const clean = 'Tomato soup 番茄汤 🍲\tline\nnext';
    expect(storableText(clean)).toBe(clean);
    expect(storable({ [BAD]: [BAD, 1, null, { deep: BAD }] })).toEqual({
      [KEPT]: [KEPT, 1, null, { deep: KEPT }],
    });
    const untouched = { name: 'fine', at: new Date(0) };
    expect(storable(untouched)).toBe(untouched);
  });

  it('write JSON text without the escapes Postgres refuses, and leave other JSON as JSON.stringify writes it', () => {
    expect(JSON.parse(storableJson({ name: BAD }))).toEqual({ name: KEPT });
    expect(storableJson({ path: 'C:\\users\\u0000' })).toBe(JSON.stringify({ path: 'C:\\users\\u0000' }));
    expect(JSON.parse(storableJsonText('{"name":"a\\u0000b\\ud800"}'))).toEqual({ name: 'a\ufffdb\ufffd' });
    expect(storableJsonText('not json \\u0000')).toBe('not json \\u0000');
  });

  describe('in the database', () => {
    const sys = holding('all', startTestSystem, (s) => s.close());

    it('are what a projection writes through its transaction: text, arrays and json parameters', async () => {
      const client = await sys().pool.connect();
      try {
        const tx = storableWrites(client);
        await tx.query('CREATE TEMP TABLE t (s text, a text[], j jsonb, js json)');
        await tx.query('INSERT INTO t VALUES ($1, $2, $3, $4)', [
          BAD,
          [BAD, 'x'],
          { name: BAD },
          { list: [{ name: BAD }] },
        ]);
        await tx.query({ text: 'INSERT INTO t (s) VALUES ($1)', values: [BAD] });
        const { rows } = await tx.query(
          `SELECT s, a, j->>'name' AS j, js->'list'->0->>'name' AS js FROM t ORDER BY a NULLS LAST`,
        );
        expect(rows).toEqual([
          { s: KEPT, a: [KEPT, 'x'], j: KEPT, js: KEPT },
          { s: KEPT, a: null, j: null, js: null },
        ]);
      } finally {
        client.release();
      }
    });
  });
});
