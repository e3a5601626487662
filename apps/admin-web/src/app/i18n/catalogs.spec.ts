import { describe, expect, it } from '@jest/globals';
import { catalogKeys, compareCatalogs } from '../../lib/catalog.js';
import { enCatalog, zhCatalog } from './catalogs.js';

describe('language catalogs', () => {
  it('have exactly the same keys and placeholders in zh and en', () => {
    const diff = compareCatalogs(zhCatalog, enCatalog);
    expect(diff).toEqual({ missingInSecond: [], missingInFirst: [], placeholderMismatch: [] });
  });

  it('the check reports a key present in one language only, and a placeholder that differs', () => {
    const diff = compareCatalogs(
      { a: { b: 'x', c: '{{n}} 条' } },
      { a: { c: '{{count}} rows', d: 'only here' } },
    );
    expect(diff.missingInSecond).toEqual(['a.b']);
    expect(diff.missingInFirst).toEqual(['a.d']);
    expect(diff.placeholderMismatch).toEqual(['a.c']);
  });

  it('has no empty Chinese text', () => {
    const empty = catalogKeys(zhCatalog).filter((key) => {
      const value = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], zhCatalog);
      return typeof value !== 'string' || value.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});
