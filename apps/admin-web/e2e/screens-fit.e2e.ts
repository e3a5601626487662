import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { inEnglish } from './support/gestures.js';
import { goInApp, harnessForFile, loginAs } from './support/harness.js';

// What a user sees of the list screens at ordinary laptop widths, with the sidebar open: every state badge whole
// (not cut to "已…"), and every row's actions within reach: on screen once the table is scrolled to its end (a
// table wider than the page scrolls sideways; nothing is pinned over its columns, see list-layout.e2e.ts).
const h = harnessForFile({ projector: true });

const LISTS = [
  { path: '/recipe-list', badges: ['recipe-status'] },
  { path: '/device-info-list', badges: ['device-online'] },
  { path: '/apk-list', badges: ['apk-review-status', 'apk-test-status', 'apk-release-status'] },
  { path: '/offline-recipes-list', badges: ['pack-type', 'pack-test-status', 'pack-release-status'] },
];

/** Each visible badge with its text, the width it has and the width its text needs. */
async function badgeWidths(page: Page, testId: string) {
  return page.locator(`[data-testid="${testId}"]:visible`).evaluateAll((els) =>
    els.map((el) => {
      const label = el.querySelector('.mantine-Badge-label') ?? el;
      return {
        text: el.textContent ?? '',
        cut: label.scrollWidth > label.clientWidth + 0.5 || el.scrollWidth > el.clientWidth + 0.5,
      };
    }),
  );
}

/** Where the first row's last cell (its actions) sits against the viewport, the table scrolled to its end. */
async function actionsPlace(page: Page, testId: string) {
  return page
    .locator(`tbody tr:visible:has([data-testid="${testId}"])`)
    .first()
    .evaluate((row) => {
      const scroller = row.closest('.mantine-ScrollArea-viewport');
      if (scroller) scroller.scrollLeft = scroller.scrollWidth;
      const cell = row.lastElementChild as HTMLElement;
      const box = cell.getBoundingClientRect();
      const button = cell.querySelector('button, a');
      const b = button?.getBoundingClientRect();
      // The element a click at the centre of the first action would reach (a cell scrolled under another is hidden).
      const hit = b ? document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2) : null;
      return {
        right: box.right,
        viewport: window.innerWidth,
        reachable: !!button && !!hit && (button === hit || button.contains(hit)),
      };
    });
}

async function checkLists(page: Page, language: string, width: number) {
  for (const list of LISTS) {
    await goInApp(page, list.path);
    // The list's own rows (the previous screen's stay on screen until this one's chunk has come).
    await page.locator(`[data-testid="${list.badges[0]}"]:visible`).first().waitFor();
    await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
    await page.screenshot({ path: `/tmp/sp-shots/${language}-${width}${list.path.replace('/', '-')}.png` });
    for (const testId of list.badges) {
      const badges = await badgeWidths(page, testId);
      expect(badges.length).toBeGreaterThan(0);
      expect({ list: list.path, testId, cut: badges.filter((b) => b.cut).map((b) => b.text) }).toEqual({
        list: list.path,
        testId,
        cut: [],
      });
    }
    const place = await actionsPlace(page, list.badges[0]!);
    expect({ list: list.path, onScreen: place.right <= place.viewport, reachable: place.reachable }).toEqual({
      list: list.path,
      onScreen: true,
      reachable: true,
    });
  }
}

describe('list screens at 1280 and 1440 px with the sidebar open', () => {
  for (const width of [1280, 1440]) {
    it(`zh at ${width}: badges whole, actions in reach`, async () => {
      const page = await h.newPage({ viewport: { width, height: 900 } });
      await loginAs(page);
      await checkLists(page, 'zh', width);
    });
    it(`en at ${width}: badges whole, actions in reach`, async () => {
      const page = await h.newPage({ viewport: { width, height: 900 }, locale: 'en-US' });
      await loginAs(page);
      await inEnglish(page);
      await checkLists(page, 'en', width);
    });
  }
});
