import { describe, expect, it } from '@jest/globals';
import { canBuild, offlinePackActions } from './offline-pack-actions.js';

describe('offlinePackActions', () => {
  it('offers edit, publishing and delete for a pack on no device', () => {
    expect(offlinePackActions({ testStatus: 'not_tested', releaseStatus: 'not_released' })).toEqual([
      'edit',
      'publishTest',
      'publishOnline',
      'delete',
    ]);
  });

  it('keeps edits but not delete while in test', () => {
    expect(offlinePackActions({ testStatus: 'testing', releaseStatus: 'not_released' })).toEqual([
      'edit',
      'cancelTest',
      'publishOnline',
    ]);
  });

  it('offers neither edit, delete nor a rebuild while online', () => {
    const online = { testStatus: 'testing', releaseStatus: 'online' } as const;
    expect(offlinePackActions(online)).toEqual(['cancelTest', 'cancelOnline']);
    expect(canBuild(online)).toBe(false);
  });
});
