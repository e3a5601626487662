import { createTestDatabase, holding } from '@kb/testing';
import { createPool } from './pool.js';

describe('createPool', () => {
  const db = holding('all', createTestDatabase, (d) => d.drop());

  it('a checked-out client whose connection the server ends fails its holder, not the process, and the pool goes on', async () => {
    const pool = createPool(db().url, { max: 2 });
    try {
      const client = await pool.connect();
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // The holder is between queries (as a claim waiting on another connection would be) when the server ends it.
      const ended = new Promise((resolve) => client.once('end', resolve));
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await ended;
      const failure = await client.query('SELECT 1').then(
        () => null,
        (error: Error) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      client.release(failure!);
      const { rows: after } = await pool.query<{ n: number }>('SELECT 1 AS n');
      expect(after).toEqual([{ n: 1 }]);
    } finally {
      await pool.end();
    }
  });

  it('bounds lock waits and statements when asked to', async () => {
    const pool = createPool(db().url, { max: 2, lockTimeoutMs: 300, statementTimeoutMs: 400 });
    const holder = createPool(db().url, { max: 1 });
    try {
      await pool.query('CREATE TABLE IF NOT EXISTS locked_rows (n int)');
      const held = await holder.connect();
      await held.query('BEGIN');
      await held.query('LOCK TABLE locked_rows IN EXCLUSIVE MODE');
      await expect(pool.query('INSERT INTO locked_rows VALUES (1)')).rejects.toMatchObject({ code: '55P03' });
      await held.query('ROLLBACK');
      held.release();
      await expect(pool.query('SELECT pg_sleep(2)')).rejects.toMatchObject({ code: '57014' });
    } finally {
      await pool.end();
      await holder.end();
    }
  });
});
