import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { axeFindings } from './support/axe.js';
import { loginAs, startHarness, type Harness } from './support/harness.js';
import { apiPost } from './support/api.js';

// axe-core (WCAG 2.1 A/AA) on every layout a user meets: the login page, home, the shared list, form and
// detail layouts, in Chinese and English, in the light and the dark colour scheme. No serious or critical
// finding is allowed.
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ projector: true });
});
afterAll(async () => {
  await h?.stop();
});

type Lang = 'zh' | 'en';
type Scheme = 'light' | 'dark';

/**
 * A page in this language from its first paint (the saved choice the language menu writes), on a system that
 * prefers `scheme`: the console follows the system until the user picks a scheme.
 */
async function pageIn(lang: Lang, viewport?: { width: number; height: number }, scheme: Scheme = 'light') {
  const page = await h.newPage({ viewport });
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript((l) => localStorage.setItem('kb.lang', l), lang);
  return page;
}

/** Opens `path` and waits until it has settled: title shown, lists and loaders done, no call under way. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.locator('[data-testid="page-title"]:visible').waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
  await page.locator('.mantine-Loader:visible').first().waitFor({ state: 'detached' });
}

const summary = (findings: Awaited<ReturnType<typeof axeFindings>>) =>
  findings.map((f) => `${f.rule} (${f.impact}): ${f.help} @ ${f.where.join(' | ')}`);

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

  /** Logs in and makes the records the detail and edit pages show. */
  async function setUp() {
    const page = await pageIn(lang, undefined, scheme);
    await loginAs(page);
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(scheme);
    const n = `${lang}${Date.now() % 1_000_000}`;
    const tag = await apiPost(page, '/api/recipeTag/add', {
      number: `A${n}`,
      names: { zh: `无障碍${n}`, en: `Access ${n}` },
    });
    return { page, tag, n };
  }

  /** Opens each page and collects its serious and critical axe findings; every page must have none. */
  async function check(page: Page, paths: string[]) {
    const failures: Record<string, string[]> = {};
    for (const path of paths) {
      await open(page, path);
      // Every page of the console has one main landmark and one level-one heading: its title.
      await expect(page.locator('main h1:visible').count()).resolves.toBe(1);
      const findings = summary(await axeFindings(page));
      if (findings.length > 0) failures[path] = findings;
    }
    expect(failures).toEqual({});
  }

  it('home and the list layout pass axe', async () => {
    const { page } = await setUp();
    await check(page, [
      '/home',
      '/recipe-list',
      '/device-info-list',
      '/apk-list',
      '/recycling-list',
      '/tag-list',
    ]);
  }, 300_000);

  it('the form layouts pass axe', async () => {
    const { page, tag } = await setUp();
    await check(page, ['/recipe-add', '/apk-add', `/tag-edit?id=${tag.id}`, '/password-edit']);
  }, 300_000);

  it('the detail layouts pass axe', async () => {
    const { page, tag, n } = await setUp();
    const recipe = await apiPost(page, '/api/recipe/add', {
      type: 'SOUP',
      number: `AX${n}`,
      mainLang: 'zh',
      langs: ['zh', 'en'],
      texts: { zh: { name: '南瓜汤' }, en: { name: 'Pumpkin soup' } },
      servingVersions: [
        {
          servings: 2,
          ingredients: [],
          steps: [{ number: 1, workMode: 'BOIL', descriptions: { zh: '煮沸' } }],
        },
      ],
      tagIds: [tag.id],
      productCodes: ['TM-6'],
    });
    const devices = (await (await page.request.get('/api/device/list?pageNum=1&pageSize=20')).json()) as {
      data: { list: { id: string }[] };
    };
    await check(page, [
      `/recipe-detail?id=${recipe.id}`,
      `/device-info-detail?id=${devices.data.list[0]!.id}`,
      '/personage-detail',
    ]);
  }, 300_000);
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
