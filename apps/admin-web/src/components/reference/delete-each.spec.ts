import { describe, expect, it } from '@jest/globals';
import { deleteEach } from './delete-each.js';

describe('deleting records one by one', () => {
  it('deletes every record and lists those that failed with the reason', async () => {
    const deleted: string[] = [];
    const outcome = await deleteEach(
      ['g', 'kg', 'ml'],
      (unit) => unit,
      async (unit) => {
        if (unit === 'kg') throw new Error('Record does not exist');
        deleted.push(unit);
      },
    );
    expect(deleted).toEqual(['g', 'ml']);
    expect(outcome).toEqual({ succeeded: 2, failed: [{ id: 'kg', reason: 'Record does not exist' }] });
  });
});
