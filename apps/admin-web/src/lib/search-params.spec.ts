import { describe, expect, it } from '@jest/globals';
import { parseSearch, stringifySearch } from './search-params.js';

describe('query strings', () => {
  it('keep record ids readable and round-trip', () => {
    expect(stringifySearch({ id: '12', page: 2, empty: '', none: undefined })).toBe('?id=12&page=2');
    expect(parseSearch('?id=12&page=2')).toEqual({ id: '12', page: '2' });
  });

  it('turn repeated keys into arrays and back', () => {
    expect(parseSearch('?ids=a&ids=b')).toEqual({ ids: ['a', 'b'] });
    expect(stringifySearch({ ids: ['a', 'b'] })).toBe('?ids=a&ids=b');
  });

  it('give an empty string for an empty query', () => {
    expect(stringifySearch({})).toBe('');
    expect(parseSearch('')).toEqual({});
  });
});
