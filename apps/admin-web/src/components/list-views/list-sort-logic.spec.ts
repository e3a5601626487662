import { describe, expect, it } from '@jest/globals';
import { ariaSort, nextSort, sameSort, sortFromSearch } from './list-sort-logic.js';

describe('list sort', () => {
  it('cycles a column from ascending to descending to unsorted, and starts another column ascending', () => {
    expect(nextSort({}, 'sn')).toEqual({ orderBy: 'sn', order: 'asc' });
    expect(nextSort({ orderBy: 'sn', order: 'asc' }, 'sn')).toEqual({ orderBy: 'sn', order: 'desc' });
    expect(nextSort({ orderBy: 'sn', order: 'desc' }, 'sn')).toEqual({});
    expect(nextSort({ orderBy: 'sn', order: 'desc' }, 'ip')).toEqual({ orderBy: 'ip', order: 'asc' });
  });

  it('reads the sort of the address only for a column the list sorts by', () => {
    expect(sortFromSearch({ orderBy: 'sn', order: 'desc' }, ['sn'])).toEqual({
      orderBy: 'sn',
      order: 'desc',
    });
    expect(sortFromSearch({ orderBy: 'sn', order: 'up' }, ['sn'])).toEqual({ orderBy: 'sn', order: 'asc' });
    expect(sortFromSearch({ orderBy: 'password' }, ['sn'])).toEqual({});
    expect(sortFromSearch({}, ['sn'])).toEqual({});
  });

  it('names the header state for assistive technology', () => {
    expect(ariaSort({ orderBy: 'sn', order: 'desc' }, 'sn')).toBe('descending');
    expect(ariaSort({ orderBy: 'sn' }, 'sn')).toBe('ascending');
    expect(ariaSort({ orderBy: 'sn' }, 'ip')).toBe('none');
    expect(sameSort({ orderBy: 'sn' }, { orderBy: 'sn', order: 'asc' })).toBe(true);
    expect(sameSort({}, { orderBy: 'sn' })).toBe(false);
  });
});
