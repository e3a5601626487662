import { copyName } from './recipe-copy-name.js';

describe('a copied recipe’s name', () => {
  it('marks a copy’s name in the language’s words, within the name’s 100 characters', () => {
    expect(copyName('番茄炖牛腩', 'zh-TW', 3)).toBe('番茄炖牛腩 (副本 3)');
    expect(copyName('Beef stew', 'de')).toBe('Beef stew (copy)');
    expect(copyName('x'.repeat(100), 'en')).toBe(`${'x'.repeat(93)} (copy)`);
  });
});
