import { describe, expect, it } from '@jest/globals';
import {
  clampPage,
  jumpTarget,
  pageAfterSizeChange,
  pageCount,
  PAGER_DEFAULT_SIZE,
  pagerPages,
  PAGER_SIZES,
  shownTotal,
} from './pager-logic.js';

describe('pager', () => {
  it('offers the §9 sizes with 10 as default', () => {
    expect(PAGER_SIZES).toEqual([10, 20, 50, 100]);
    expect(PAGER_DEFAULT_SIZE).toBe(10);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 50)).toBe(3);
  });

  it('keeps the page within range, e.g. after the last record of the last page was deleted', () => {
    expect(clampPage(5, 40, 10)).toBe(4);
    expect(clampPage(0, 40, 10)).toBe(1);
    expect(clampPage(Number.NaN, 40, 10)).toBe(1);
  });

  it('jumps only to page numbers, clamped to the existing pages', () => {
    expect(jumpTarget('3', 95, 10)).toBe(3);
    expect(jumpTarget(' 99 ', 95, 10)).toBe(10);
    expect(jumpTarget('0', 95, 10)).toBe(1);
    expect(jumpTarget('abc', 95, 10)).toBeNull();
    expect(jumpTarget('2.5', 95, 10)).toBeNull();
    expect(jumpTarget('', 95, 10)).toBeNull();
  });

  it('keeps the first visible record on screen when the size changes', () => {
    expect(pageAfterSizeChange(3, 10, 50, 200)).toBe(1);
    expect(pageAfterSizeChange(7, 10, 20, 200)).toBe(4);
    expect(pageAfterSizeChange(2, 100, 10, 200)).toBe(11);
    expect(pageAfterSizeChange(2, 100, 10, 105)).toBe(11);
  });

  it('offers every page of a counted list, and of an estimated one the pages read by number and the next', () => {
    expect(pagerPages(95, true, 10, 1)).toBe(10);
    expect(pagerPages(998_765, false, 10, 1)).toBe(1000);
    expect(pagerPages(998_765, false, 50, 3)).toBe(200);
    // Paged on by "next" past the numbered pages: the page after the one shown, read after its cursor.
    expect(pagerPages(998_765, false, 10, 1500)).toBe(1501);
    expect(pagerPages(10_200, false, 100, 99)).toBe(100);
    expect(jumpTarget('99999', 998_765, 10, pagerPages(998_765, false, 10, 1))).toBe(1000);
  });

  it('says "10,000+" of a total the list only estimated, and the count of one it counted', () => {
    expect(shownTotal(1234, true, 'zh')).toBe(1234);
    expect(shownTotal(998_765, false, 'en')).toBe('10,000+');
    expect(shownTotal(998_765, false, 'zh')).toBe('10,000+');
    // A search that counts its matches one row at a time says how far it counted.
    expect(shownTotal(125_000, false, 'en', 1000)).toBe('1,000+');
  });
});
