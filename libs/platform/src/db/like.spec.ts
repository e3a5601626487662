import { createTestDatabase, holding } from '@kb/testing';
import { likeContains, likePrefix } from './like.js';
import { createPool } from './pool.js';

describe('LIKE patterns of a user text', () => {
  const db = holding('all', createTestDatabase, (d) => d.drop());

  it('match the text literally: a %, _ or \\ the user typed matches only itself', async () => {
    const pool = createPool(db().url, { max: 1 });
    try {
      const values = ['50%_off', '50 off', '5000off', 'a\\b', 'ab', 'x50%_offy'];
      const matching = async (pattern: string) =>
        (
          await pool.query<{ v: string }>('SELECT v FROM unnest($1::text[]) v WHERE v LIKE $2 ORDER BY v', [
            values,
            pattern,
          ])
        ).rows.map((r) => r.v);
      expect(await matching(likePrefix('50%_'))).toEqual(['50%_off']);
      expect(await matching(likeContains('%_o'))).toEqual(['50%_off', 'x50%_offy']);
      expect(await matching(likePrefix('a\\'))).toEqual(['a\\b']);
    } finally {
      await pool.end();
    }
  });
});
