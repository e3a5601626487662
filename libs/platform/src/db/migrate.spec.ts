import { createPool } from './pool.js';
import { migrate } from './migrate.js';
import { createTestDatabase, holding } from '@kb/testing';

describe('migrate', () => {
  const db = holding('all', createTestDatabase, (d) => d.drop());

  it('applies each migration once, in order, and skips applied ones on the next run', async () => {
    const pool = createPool(db().url);
    try {
      const list = [
        { id: 't/001', sql: 'CREATE TABLE a (x int)' },
        { id: 't/002', sql: 'INSERT INTO a VALUES (1)' },
      ];
      expect(await migrate(pool, list)).toEqual(['t/001', 't/002']);
      expect(await migrate(pool, [...list, { id: 't/003', sql: 'INSERT INTO a VALUES (2)' }])).toEqual([
        't/003',
      ]);
      const { rows } = await pool.query('SELECT x FROM a ORDER BY x');
      expect(rows.map((r) => r.x)).toEqual([1, 2]);
    } finally {
      await pool.end();
    }
  });

  it('rolls back a failing migration and names it', async () => {
    const pool = createPool(db().url);
    try {
      await expect(
        migrate(pool, [{ id: 't/bad', sql: 'CREATE TABLE b (x int); SELECT nope' }]),
      ).rejects.toThrow(/t\/bad/);
      const { rows } = await pool.query(`SELECT to_regclass('b') AS t`);
      expect(rows[0].t).toBeNull();
    } finally {
      await pool.end();
    }
  });
});
