import { describe, expect, it } from '@jest/globals';
import { periodRange } from './period-range.js';

describe('period bucket → record list range', () => {
  it('covers the day, the week or the month of the bucket', () => {
    expect(periodRange('2026-11-22', 'day', null)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
    expect(periodRange('2026-11-16', 'week', null)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('2026-02-01', 'month', null)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('stays within the range the summary was asked for', () => {
    expect(periodRange('2026-11-01', 'month', ['2026-11-10', '2026-11-20'])).toEqual({
      from: '2026-11-10',
      to: '2026-11-20',
    });
  });
});
