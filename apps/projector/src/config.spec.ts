import { describe, expect, it } from '@jest/globals';
import { readConfig } from './config.js';

describe('projector configuration', () => {
  it('holds each batch back by PROJECTOR_TEST_DELAY_MS outside production, and refuses it in production', () => {
    expect(readConfig({}).testDelayMs).toBe(0);
    expect(readConfig({ NODE_ENV: 'test', PROJECTOR_TEST_DELAY_MS: '4500' }).testDelayMs).toBe(4500);
    expect(() => readConfig({ NODE_ENV: 'production', PROJECTOR_TEST_DELAY_MS: '4500' })).toThrow(
      /tests only/,
    );
    expect(() => readConfig({ PROJECTOR_TEST_DELAY_MS: 'soon' })).toThrow(/positive integer/);
  });
});
