import { describe, expect, it } from '@jest/globals';
import { h5Language } from './h5-language.js';

describe('the H5 page language', () => {
  it('follows ?lang= when it is zh or en', () => {
    expect(h5Language('en', 'zh-CN')).toBe('en');
    expect(h5Language('zh', 'en-US')).toBe('zh');
  });

  it('else follows the phone: any Chinese locale is zh, anything else en', () => {
    expect(h5Language(undefined, 'zh-TW')).toBe('zh');
    expect(h5Language('fr', 'zh')).toBe('zh');
    expect(h5Language(undefined, 'de-DE')).toBe('en');
    expect(h5Language(undefined, undefined)).toBe('en');
  });
});
