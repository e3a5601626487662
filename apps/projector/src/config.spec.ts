import { describe, expect, it } from '@jest/globals';
import { readConfig } from './config.js';
import { threadShares } from './projection-threads.js';

describe('projector configuration', () => {
  it('holds each batch back by PROJECTOR_TEST_DELAY_MS outside production, and refuses it in production', () => {
    expect(readConfig({}).testDelayMs).toBe(0);
    expect(readConfig({ NODE_ENV: 'test', PROJECTOR_TEST_DELAY_MS: '4500' }).testDelayMs).toBe(4500);
    expect(() => readConfig({ NODE_ENV: 'production', PROJECTOR_TEST_DELAY_MS: '4500' })).toThrow(
      /tests only/,
    );
    expect(() => readConfig({ PROJECTOR_TEST_DELAY_MS: 'soon' })).toThrow(/positive integer/);
  });

  it('spreads the projections over PROJECTOR_THREADS threads, one by default', () => {
    expect(readConfig({}).threads).toBe(1);
    expect(readConfig({ PROJECTOR_THREADS: '3' }).threads).toBe(3);
    expect(() => readConfig({ PROJECTOR_THREADS: '0' })).toThrow(
      /PROJECTOR_THREADS must be a positive integer/,
    );
    const names = ['stream_summary', 'recipes', 'apk_packages', 'offline_packs'];
    expect(threadShares(names, 2)).toEqual([
      ['stream_summary', 'apk_packages'],
      ['recipes', 'offline_packs'],
    ]);
    expect(threadShares(names, 1)).toEqual([names]);
    // Never more threads than projections.
    expect(threadShares(names, 8)).toEqual(names.map((n) => [n]));
  });

  it('folds the recipes on the main thread unless PROJECTOR_FOLD_THREAD=true', () => {
    expect(readConfig({}).foldThread).toBe(false);
    expect(readConfig({ PROJECTOR_FOLD_THREAD: 'false' }).foldThread).toBe(false);
    expect(readConfig({ PROJECTOR_FOLD_THREAD: 'true' }).foldThread).toBe(true);
    expect(() => readConfig({ PROJECTOR_FOLD_THREAD: 'yes' })).toThrow(
      /PROJECTOR_FOLD_THREAD must be true or false/,
    );
  });
});
