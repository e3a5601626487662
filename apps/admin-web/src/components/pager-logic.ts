import { DEFAULT_PAGE_SIZE, deepestJump, LIST_COUNT_EXACT_UP_TO, PAGE_SIZES } from '@kb/contracts';

/** §9 paging: sizes 10/20/50/100, default 10, pages counted from 1. */
export const PAGER_SIZES: readonly number[] = PAGE_SIZES;
export const PAGER_DEFAULT_SIZE = DEFAULT_PAGE_SIZE;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/**
 * The pages the pager offers: every page of a counted list; of a list whose total is an estimate, the pages read by
 * their number (deepestJump: the first 10,000 rows) and the one after the page shown, read after its cursor — so
 * "next" goes on as deep as the list does, while a jump never asks for an offset the list refuses.
 */
export function pagerPages(total: number, exact: boolean, pageSize: number, pageNum: number): number {
  const pages = pageCount(total, pageSize);
  return exact ? pages : Math.min(pages, Math.max(deepestJump(pageSize), pageNum + 1));
}

export function clampPage(pageNum: number, total: number, pageSize: number): number {
  if (!Number.isFinite(pageNum)) return 1;
  return Math.min(Math.max(1, Math.trunc(pageNum)), pageCount(total, pageSize));
}

/**
 * What the jumper's text means: a page within range (up to `pages`, by default every page of `total`), or null for
 * text that is not a page number.
 */
export function jumpTarget(
  input: string,
  total: number,
  pageSize: number,
  pages = pageCount(total, pageSize),
): number | null {
  const text = input.trim();
  if (!/^\d+$/.test(text)) return null;
  return Math.min(clampPage(Number(text), total, pageSize), pages);
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
 * estimate (`totalExact: false`; "1,000+" when it says it counted to `exactUpTo`), so the screen never states a
 * number it cannot vouch for.
 */
export function shownTotal(
  total: number,
  exact: boolean,
  lang: string,
  exactUpTo: number = LIST_COUNT_EXACT_UP_TO,
): number | string {
  return exact ? total : `${exactUpTo.toLocaleString(lang)}+`;
}
