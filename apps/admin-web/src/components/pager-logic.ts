import { DEFAULT_PAGE_SIZE, LIST_COUNT_EXACT_UP_TO, PAGE_SIZES } from '@kb/contracts';

/** §9 paging: sizes 10/20/50/100, default 10, pages counted from 1. */
export const PAGER_SIZES: readonly number[] = PAGE_SIZES;
export const PAGER_DEFAULT_SIZE = DEFAULT_PAGE_SIZE;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

export function clampPage(pageNum: number, total: number, pageSize: number): number {
  if (!Number.isFinite(pageNum)) return 1;
  return Math.min(Math.max(1, Math.trunc(pageNum)), pageCount(total, pageSize));
}

/** What the jumper's text means: a page within range, or null for text that is not a page number. */
export function jumpTarget(input: string, total: number, pageSize: number): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  return clampPage(Number(text), total, pageSize);
}

/**
 * A new page size keeps the first visible record on screen: after switching from 10 to 50 on page 3
 * (records 21–30) the user lands on page 1 (records 1–50), which still shows record 21.
 */
export function pageAfterSizeChange(
  pageNum: number,
  oldSize: number,
  newSize: number,
  total: number,
): number {
  const firstRecord = (Math.max(1, pageNum) - 1) * oldSize;
  return clampPage(Math.floor(firstRecord / newSize) + 1, total, newSize);
}

/**
 * The total the pager shows: the count, or "10,000+" when the list counted only that far and its total is an
 * estimate (`totalExact: false`), so the screen never states a number it cannot vouch for.
 */
export function shownTotal(total: number, exact: boolean, lang: string): number | string {
  return exact ? total : `${LIST_COUNT_EXACT_UP_TO.toLocaleString(lang)}+`;
}
