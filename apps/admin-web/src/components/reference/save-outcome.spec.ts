import { describe, expect, it } from '@jest/globals';
import { ApiError } from '../../lib/api-client.js';
import { isVersionConflict, saveOrReportConflict, ShownInForm } from './save-outcome.js';

describe('saving a record edited elsewhere', () => {
  const stale = new ApiError(409, 'The record was changed by someone else', null, 'conflict');

  it('reports a stale version to the form, which then shows "reload" instead of a generic failure', async () => {
    let reported = 0;
    const outcome = saveOrReportConflict(
      () => Promise.reject(stale),
      () => (reported += 1),
    );
    await expect(outcome).rejects.toBeInstanceOf(ShownInForm);
    expect(reported).toBe(1);
  });

  it('passes field errors and other refusals on to the form page', async () => {
    const taken = new ApiError(400, 'Invalid', { fieldErrors: { number: 'This number already exists' } });
    const inUse = new ApiError(409, 'Used by 3 recipes', null, 'recipe_category_in_use');
    for (const error of [taken, inUse]) {
      await expect(
        saveOrReportConflict(
          () => Promise.reject(error),
          () => {
            throw new Error('not a version conflict');
          },
        ),
      ).rejects.toBe(error);
    }
    expect(isVersionConflict(stale)).toBe(true);
    expect(isVersionConflict(inUse)).toBe(false);
  });

  it('answers what the save answered', async () => {
    await expect(
      saveOrReportConflict(
        () => Promise.resolve({ id: 'c1' }),
        () => undefined,
      ),
    ).resolves.toEqual({
      id: 'c1',
    });
  });
});
