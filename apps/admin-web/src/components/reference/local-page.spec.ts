import { describe, expect, it } from '@jest/globals';
import { pageLocally } from './local-page.js';

describe('paging a whole list here', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);

  it('cuts the asked page and reports the total', () => {
    expect(pageLocally(rows, 3, 10)).toEqual({ list: [21, 22, 23], total: 23, pageNum: 3, pageSize: 10 });
    expect(pageLocally(rows, 1, 20).list).toHaveLength(20);
  });

  it('answers an empty page past the end (the pager then moves back)', () => {
    expect(pageLocally(rows, 4, 10)).toEqual({ list: [], total: 23, pageNum: 4, pageSize: 10 });
  });
});
