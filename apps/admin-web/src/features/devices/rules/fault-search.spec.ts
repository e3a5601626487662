import { describe, expect, it } from '@jest/globals';
import { NO_FAULT_FILTER } from '../api/fault-records.js';
import { faultFilterFromSearch, faultSearchOf } from './fault-search.js';

describe('fault record list query', () => {
  it('opens the list filtered as the summary row asked, and back again', () => {
    const filter = faultFilterFromSearch({
      type: 'HEATING',
      productCode: 'TM-6',
      from: '2026-11-01',
      to: '2026-11-07',
    });
    expect(filter).toEqual({
      ...NO_FAULT_FILTER,
      type: 'HEATING',
      productCode: 'TM-6',
      time: ['2026-11-01', '2026-11-07'],
    });
    expect(faultSearchOf(filter)).toEqual({
      type: 'HEATING',
      productCode: 'TM-6',
      from: '2026-11-01',
      to: '2026-11-07',
    });
  });

  it('drops what is malformed instead of failing', () => {
    expect(faultFilterFromSearch({ from: 'yesterday', type: ['a', 'b'], sn: 42 })).toEqual(NO_FAULT_FILTER);
    expect(faultFilterFromSearch(undefined)).toEqual(NO_FAULT_FILTER);
  });
});
