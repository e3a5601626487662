import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually } from '@kb/testing';
import { enCatalog, zhCatalog } from '../src/app/i18n/catalogs.js';
import { SCREENS } from '../src/app/screens.js';
import { axeFindings } from './support/axe.js';
import { API_HEADERS, goInApp, harnessForFile, loginAs } from './support/harness.js';
import { apiPost } from './support/api.js';

// axe-core (WCAG 2.1 A/AA) on every page a user meets: the login page in Chinese and English, in the light and the
// dark colour scheme, and every screen of the registry in both schemes. No serious or critical finding is allowed.
const h = harnessForFile({ projector: true });

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
});

/**
 * Where each record screen finds a record: the API list whose first row's id the screen is opened with. A
 * record screen missing here fails the test (a new screen is checked from the day it is registered).
 */
const RECORDS_FROM: Record<string, string> = {
  '/apk-detail': '/api/subApk/list',
  '/apk-edit': '/api/subApk/list',
  '/device-info-detail': '/api/device/list',
  '/test-device-detail': '/api/testDevice/list',
  '/test-device-edit': '/api/testDevice/list',
  '/user-detail': '/api/user/list',
  '/inform-edit': '/api/inform/list',
  '/inform-detail': '/api/inform/list',
  '/recipe-edit': '/api/recipe/list',
  '/preview-detail': '/api/recipe/list',
  '/recipe-detail': '/api/recipe/list',
  '/category-set-edit': '/api/recipeCategory/list',
  '/tag-edit': '/api/recipeTag/list',
  '/fitting-edit': '/api/accessory/list',
  '/online-cate/detail': '/api/appOnlineCategory/list',
  '/online-cate/recipeList': '/api/appOnlineCategory/list',
  '/offline-recipes-edit': '/api/offlineRecipes/list',
  '/banner/edit': '/api/ccBanner/list',
  '/banner/detail': '/api/ccBanner/list',
  '/banner/recipe': '/api/ccBanner/list',
  '/group-recipe/edit': '/api/specRecipe/list',
  '/group-recipe/detail': '/api/specRecipe/list',
  '/group-recipe/recipeList': '/api/specRecipe/list',
  '/lock-screen-ads-edit': '/api/lockScreenAds/list',
  '/hot-tag-edit': '/api/hotTag/list',
};

/** Where 403 leads: not a screen of its own to check. */
const NOT_VISITED = new Set(['/no-permission']);

it('knows where every record screen of the registry finds a record', () => {
  const records = SCREENS.filter((s) => s.record).map((s) => s.path);
  expect(records.filter((path) => !RECORDS_FROM[path])).toEqual([]);
});

/** Requests of the page still under way (the live event stream, which never ends, left out). */
function trackRequests(page: Page) {
  const open = new Set<unknown>();
  const done = (r: unknown) => open.delete(r);
  page.on('request', (r) => {
    if (!r.url().includes('/api/events')) open.add(r);
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return () => open.size;
}

// Every screen of the registry (lists, add and edit forms, details, dashboards), in the light scheme in Chinese and
// in the dark one in English: one signed-in page moves from screen to screen inside the app, and axe checks each
// once it has settled. No serious or critical finding (contrast included) is allowed.
describe.each<[Lang, Scheme]>([
  ['zh', 'light'],
  ['en', 'dark'],
])('every screen in %s, %s scheme, passes axe', (lang, scheme) => {
  let page: Page;
  let inFlight: () => number;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    page = await pageIn(lang, undefined, scheme);
    inFlight = trackRequests(page);
    await loginAs(page);
    await expect(page.locator('html').getAttribute('data-mantine-color-scheme')).resolves.toBe(scheme);
    // A notice of this run, so its detail and edit screens have one to show.
    await apiPost(page, '/api/inform/add', {
      label: `a11y-${lang}-${Date.now() % 1_000_000}`,
      texts: [
        { lang: 'zh', title: '滤网提醒', content: '请清洗滤网' },
        { lang: 'en', title: 'Filter reminder', content: 'Please clean the filter' },
      ],
      pushMode: 'now',
      targetKind: 'all',
    });
    // A seeded device in the test device group (already there on a second run: the answer does not matter).
    await page.request.post('/api/testDevice/add', {
      data: { sn: 'DMTM6000001', remark: 'a11y' },
      headers: API_HEADERS,
    });
    for (const source of new Set(Object.values(RECORDS_FROM))) {
      const res = await page.request.get(`${source}?pageNum=1&pageSize=10`, { headers: API_HEADERS });
      const first = ((await res.json()) as { data?: { list?: { id?: string }[] } }).data?.list?.[0];
      if (first?.id) ids.set(source, first.id);
    }
  });

  const titles = lang === 'zh' ? zhCatalog.routes : enCatalog.routes;
  for (const screen of SCREENS.filter((s) => !NOT_VISITED.has(s.path))) {
    it(`${screen.path}`, async () => {
      let href: string = screen.path;
      if (screen.record) {
        const id = ids.get(RECORDS_FROM[screen.path]!);
        expect({ path: screen.path, record: id ?? 'none in the demo data' }).toEqual({
          path: screen.path,
          record: expect.stringMatching(/./),
        });
        href = `${screen.path}?id=${id}`;
      }
      await goInApp(page, href);
      // Settled: its title in the header, its code and data arrived, nothing loading.
      await page
        .locator('[data-testid="page-title"]:visible')
        .getByText(titles[screen.title as keyof typeof titles], { exact: true })
        .waitFor();
      await eventually(
        async () => inFlight(),
        (n) => n === 0,
        20_000,
        `${href}: its requests answered`,
      );
      await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
      await page.locator('.mantine-Loader:visible').first().waitFor({ state: 'detached' });
      await page.locator('.mantine-Skeleton-root:visible').first().waitFor({ state: 'detached' });
      await expect(page.locator('main h1:visible').count()).resolves.toBe(1);
      const findings = summary(await axeFindings(page));
      if (findings.length > 0)
        await page.screenshot({
          path: `/tmp/sp-shots/axe-${lang}-${scheme}${screen.path.replaceAll('/', '-')}.png`,
        });
      expect(findings).toEqual([]);
    }, 60_000);
  }
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
