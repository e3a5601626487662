import { beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@kb/testing';
import type { Page } from 'playwright-core';
import { SCREENS } from '../src/app/screens.js';
import { inEnglish } from './support/gestures.js';
import { harnessForFile, loginAs } from './support/harness.js';

// Every list screen at a laptop, a small laptop and a tablet width: no cell of a list covered by another (the
// table scrolls sideways instead), no cell's content or badge cut, and the menu taking exactly the width it shows.
const h = harnessForFile({ projector: true });

/** The list screens of the registry: every screen of a list of records that needs no record of its own. */
const LIST_PATHS = SCREENS.filter((s) => !s.record && /list/i.test(s.path)).map((s) => s.path);

const WIDTHS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
];

/**
 * What is wrong with the visible list's layout, as sentences (none when all is well): cells of one row that cover
 * each other with the table scrolled to its start, a cell whose content or a badge whose text does not fit in it,
 * a table reaching past the window, and a main area that does not start where the visible menu ends.
 */
async function layoutFaults(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const faults: string[] = [];
    const isShown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const navbar = document.querySelector('[data-testid="navbar"]');
    const main = document.querySelector('.mantine-AppShell-main');
    if (navbar && main) {
      const nav = navbar.getBoundingClientRect();
      const shown = isShown(navbar) && nav.right > 1;
      const start = main.getBoundingClientRect().left + parseFloat(getComputedStyle(main).paddingLeft);
      const expected = shown ? nav.right : 0;
      if (Math.abs(start - expected) > 1)
        faults.push(
          `the page starts at ${Math.round(start)} px, the visible menu ends at ${Math.round(expected)} px`,
        );
    }
    const table = [...document.querySelectorAll('table')].find(isShown);
    if (!table) return [...faults, 'no list table on screen'];
    const scroller = table.closest('.mantine-ScrollArea-viewport') ?? table.parentElement!;
    scroller.scrollLeft = 0;
    const frame = scroller.getBoundingClientRect();
    if (frame.right > window.innerWidth + 1)
      faults.push(
        `the table's frame ends at ${Math.round(frame.right)} px, past the window's ${window.innerWidth}`,
      );
    const headers = [...table.querySelectorAll('thead th')].map(
      (th) => th.textContent?.trim() || '(selection)',
    );
    const rows = [...table.querySelectorAll('thead tr, tbody tr')].slice(0, 6);
    for (const row of rows) {
      const cells = [...row.children].filter(isShown);
      const boxes = cells.map((c) => c.getBoundingClientRect());
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          if (overlap > 1)
            faults.push(`"${headers[j] ?? j}" covers "${headers[i] ?? i}" by ${Math.round(overlap)} px`);
        }
        const cell = cells[i] as HTMLElement;
        // The selection column draws its edge shadow past its box on purpose.
        if (/selector-cell/.test(cell.className)) continue;
        const style = getComputedStyle(cell);
        // A free-text cell may end in an ellipsis on purpose (its whole text is in the title); anything else is cut.
        if (cell.scrollWidth > cell.clientWidth + 1 && style.textOverflow !== 'ellipsis')
          faults.push(`"${headers[i] ?? i}" is cut: "${cell.textContent?.trim()}"`);
      }
    }
    for (const badge of table.querySelectorAll('.mantine-Badge-root')) {
      const label = badge.querySelector('.mantine-Badge-label') ?? badge;
      if (label.scrollWidth > label.clientWidth + 0.5 || badge.scrollWidth > badge.clientWidth + 0.5)
        faults.push(`badge "${badge.textContent}" is clipped`);
    }
    return [...new Set(faults)];
  });
}

/** Waits until the list's layout is right (it settles after a resize), else returns what is still wrong. */
async function settledFaults(page: Page): Promise<string[]> {
  return eventually(
    () => layoutFaults(page),
    (faults) => faults.length === 0,
    1_500,
  ).catch(() => layoutFaults(page));
}

async function faultsOf(page: Page, path: string, language: string) {
  const found: { width: number; faults: string[] }[] = [];
  await page.setViewportSize(WIDTHS[0]!);
  await page.goto(path);
  await page.locator('table:visible').first().waitFor();
  await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const faults = await settledFaults(page);
    if (faults.length > 0) {
      await page.screenshot({
        path: `/tmp/sp-shots/list-${language}-${size.width}${path.replaceAll('/', '-')}.png`,
      });
      found.push({ width: size.width, faults });
    }
  }
  return found;
}

it('finds the list screens in the registry', () => {
  expect(LIST_PATHS).toEqual(expect.arrayContaining(['/recipe-list', '/apk-list', '/offline-recipes-list']));
  expect(LIST_PATHS.length).toBeGreaterThan(15);
});

for (const language of ['zh', 'en']) {
  describe(`every list screen in ${language} at 1440, 1024 and 768 px`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await h.newPage(language === 'en' ? { locale: 'en-US' } : {});
      await loginAs(page);
      if (language === 'en') await inEnglish(page);
    });
    for (const path of LIST_PATHS) {
      it(`${path}: no cell covered or cut, the menu takes only the width it shows`, async () => {
        expect(await faultsOf(page, path, language)).toEqual([]);
      });
    }
  });
}
