import { describe, expect, it } from '@jest/globals';
import { axeFindings } from './support/axe.js';
import { harnessForFile, loginAs } from './support/harness.js';
import {
  axeSummary as summary,
  pageIn as pageInFor,
  type Lang,
  type Scheme,
} from './support/every-screen-axe.js';

// axe-core (WCAG 2.1 A/AA) on the login page in Chinese and English, in the light and the dark colour scheme, and on
// the menu of a narrow screen (every screen of the registry: a11y-screens-light and a11y-screens-dark). No serious or
// critical finding is allowed.
const h = harnessForFile({ projector: true });
const pageIn = (lang: Lang, viewport?: { width: number; height: number }, scheme: Scheme = 'light') =>
  pageInFor(h, lang, viewport, scheme);

describe.each<[Lang, Scheme]>([
  ['zh', 'light'],
  ['en', 'light'],
  ['zh', 'dark'],
  ['en', 'dark'],
])('accessibility in %s, %s scheme', (lang, scheme) => {
  it('the login page has a main landmark, a level-one heading and readable contrast', async () => {
    const page = await pageIn(lang, undefined, scheme);
    await page.goto('/login');
    await page.getByTestId('login-submit').waitFor();
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(scheme);
    await expect(page.locator('main h1').count()).resolves.toBe(1);
    expect(summary(await axeFindings(page))).toEqual([]);
  });
});

describe('narrow screens', () => {
  it('at 390 px the menu is a drawer behind a burger, closed again when a page is chosen (zh and en)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await pageIn(lang, { width: 390, height: 844 });
      await loginAs(page);
      const menuTitle = lang === 'zh' ? '菜谱库' : 'Recipe library';
      // The page has the whole width; the menu is out of sight.
      const main = await page.locator('main').boundingBox();
      expect(main!.width).toBeGreaterThanOrEqual(389);
      await expect(page.getByTestId('sidebar').isVisible()).resolves.toBe(false);
      expect(summary(await axeFindings(page))).toEqual([]);

      // The burger opens it over the page ...
      const burger = page.getByTestId('sidebar-toggle');
      await expect(burger.getAttribute('aria-label')).resolves.toBe(
        lang === 'zh' ? '展开菜单' : 'Expand menu',
      );
      await burger.click();
      await page.getByTestId('sidebar').waitFor();
      // The drawer slides in: measure it once it has arrived.
      await page.waitForFunction(
        () => (document.querySelector('[data-testid="navbar"]')?.getBoundingClientRect().left ?? -1) >= 0,
      );
      const drawer = await page.getByTestId('navbar').boundingBox();
      expect(drawer!.x).toBeGreaterThanOrEqual(0);
      expect(drawer!.x + drawer!.width).toBeLessThanOrEqual(391);
      // ... and choosing a page closes it and shows the page.
      await page.getByTestId('menu-group-recipes').click();
      await page.getByTestId('sidebar').getByText(menuTitle, { exact: true }).click();
      await page.waitForURL('**/recipe-list');
      await page.getByTestId('sidebar').waitFor({ state: 'hidden' });
      await page.locator('[data-testid="page-title"]:visible').getByText(menuTitle).waitFor();
      await page.screenshot({ path: `/tmp/sp-shots/narrow-${lang}.png` });
    }
  }, 300_000);
});
