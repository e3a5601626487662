import { describe, expect, it } from '@jest/globals';
import { uuidRanges } from './notice-push-worker.js';

// The push writes its deliveries in consecutive id ranges: together they must cover every uuid exactly once.
const next = (uuid: string) => (BigInt(`0x${uuid.replaceAll('-', '')}`) + 1n).toString(16).padStart(32, '0');

describe('uuidRanges', () => {
  it('one range is the whole uuid space', () => {
    expect(uuidRanges(1)).toEqual([
      ['00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'],
    ]);
  });

  it('five ranges follow each other without gap or overlap, from the first uuid to the last', () => {
    const ranges = uuidRanges(5);
    expect(ranges).toHaveLength(5);
    expect(ranges[0]![0]).toBe('00000000-0000-0000-0000-000000000000');
    expect(ranges[4]![1]).toBe('ffffffff-ffff-ffff-ffff-ffffffffffff');
    for (let i = 1; i < ranges.length; i++)
      expect(ranges[i]![0].replaceAll('-', '')).toBe(next(ranges[i - 1]![1]));
    expect(ranges[1]![0]).toBe('33333333-3333-3333-3333-333333333333');
  });
});
