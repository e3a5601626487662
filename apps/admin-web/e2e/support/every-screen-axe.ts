import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually } from '@kb/testing';
import { enCatalog, zhCatalog } from '../../src/app/i18n/catalogs.js';
import { SCREENS } from '../../src/app/screens.js';
import { axeFindings } from './axe.js';
import { API_HEADERS, goInApp, harnessForFile, loginAs, type Harness } from './harness.js';
import { apiPost } from './api.js';

export type Lang = 'zh' | 'en';
export type Scheme = 'light' | 'dark';

/**
 * A page in this language from its first paint (the saved choice the language menu writes), on a system that
 * prefers `scheme`: the console follows the system until the user picks a scheme.
 */
export async function pageIn(
  h: Harness,
  lang: Lang,
  viewport?: { width: number; height: number },
  scheme: Scheme = 'light',
) {
  const page = await h.newPage({ viewport });
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript((l) => localStorage.setItem('kb.lang', l), lang);
  return page;
}

/** axe's serious and critical findings, one line each. */
export const axeSummary = (findings: Awaited<ReturnType<typeof axeFindings>>) =>
  findings.map((f) => `${f.rule} (${f.impact}): ${f.help} @ ${f.where.join(' | ')}`);

/**
 * Where each record screen finds a record: the API list whose first row's id the screen is opened with. A
 * record screen missing here fails the test (a new screen is checked from the day it is registered).
 */
export const RECORDS_FROM: Record<string, string> = {
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

/** The record screens of the registry that `RECORDS_FROM` does not place (none is allowed). */
export const unplacedRecordScreens = () =>
  SCREENS.filter((s) => s.record)
    .map((s) => s.path)
    .filter((path) => !RECORDS_FROM[path]);

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
// (Each scheme is a file of its own, so two browser workers share the 146 screens.)
export function axeEveryScreen(lang: Lang, scheme: Scheme) {
  describe(`every screen in ${lang}, ${scheme} scheme, passes axe`, () => {
    everyScreen(lang, scheme);
  });
}

function everyScreen(lang: Lang, scheme: Scheme) {
  const h = harnessForFile({ projector: true });
  let page: Page;
  let inFlight: () => number;
  const ids = new Map<string, string>();
  beforeAll(async () => {
    page = await pageIn(h, lang, undefined, scheme);
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
      const findings = axeSummary(await axeFindings(page));
      if (findings.length > 0)
        await page.screenshot({
          path: `/tmp/sp-shots/axe-${lang}-${scheme}${screen.path.replaceAll('/', '-')}.png`,
        });
      expect(findings).toEqual([]);
    }, 60_000);
  }
}
