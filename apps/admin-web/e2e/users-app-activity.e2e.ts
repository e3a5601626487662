import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually } from '@kb/testing';
import { confirm, openFromMenu } from './catalog-support.js';
import { API_HEADERS, harnessForFile, loginAs } from './support/harness.js';
import { ingestCall, ingestData } from './support/ingest.js';
import {
  exportCsv,
  inEnglish,
  searchList,
  signedInPage,
  visible,
  visibleRow as row,
} from './support/gestures.js';

// App users as the companion app and their appliance make them: device-ingest (the app API /app/v1, the device
// API and their workers) and the projector (the released demo recipes the app finds) run beside the API. The
// test plays a simulated app user with the simulator's calls: the device activates bound to the user, the user
// registers in the app, searches, favourites a recipe and cooks it on the device; the screens show what they did.
const h = harnessForFile({ ingest: true, projector: true });
/** The console page of the zh tests, logged in once. */
let zhPage: Page;

const BRAND = 'DEMO';
const ACCOUNT = 'lin.e2e@app.example.com';
const PASSWORD = 'app12345';
const NICKNAME = '小林厨房';
const SN = 'APPE2E0000001';
const SEARCH_TERMS = '鸡翅';
const COOKS = 4;

let recipe: { recipeId: string; number: string; name: string };
let appToken: string;
/** What the screens showed of the recipe before this user: its 30-day cooks and favourites. */
let cooksBefore: number;
let favouritesBefore: number;

/**
 * The test ids of the visible tables that show their "no records" state although they have rows (the state is
 * always in the page; only the table's styles hide it).
 */
async function shownEmptyStates(page: Page): Promise<string[]> {
  return page.locator('.mantine-datatable:visible').evaluateAll((tables) =>
    tables
      .filter((table) => table.querySelector('tbody tr:not(.mantine-datatable-empty-row)'))
      .filter((table) => {
        const empty = table.querySelector('.mantine-datatable-empty-state');
        return !!empty && getComputedStyle(empty).opacity !== '0';
      })
      .map((table) => table.closest('[data-testid]')?.getAttribute('data-testid') ?? '?'),
  );
}

async function consoleGet(page: Page, url: string) {
  const body = (await (await page.request.get(url, { headers: API_HEADERS })).json()) as {
    status: number;
    desc: string;
    data: any;
  };
  if (body.status !== 200) throw new Error(`${url}: ${body.desc}`);
  return body.data;
}

beforeAll(async () => {
  zhPage = await h.newPage();
  await loginAs(zhPage);

  // The appliance is activated bound to its owner, as the simulator's devices are.
  const { credential } = await ingestData(h, '/device/v1/activate', {
    body: {
      sn: SN,
      productCode: 'AF-5',
      subBrandCode: 'DEMO-AIR',
      apkVersion: '2.1.0',
      user: { account: ACCOUNT, nickname: NICKNAME, region: 'CN', gender: 'female', age: 31 },
    },
    headers: { 'x-activation-key': 'demo-device-activation-key' },
  });
  // The owner registers in the app and searches; the released demo recipes come from the projector.
  appToken = (
    await ingestData(h, '/app/v1/register', {
      body: { brandOwnerCode: BRAND, account: ACCOUNT, password: PASSWORD, nickname: NICKNAME, region: 'CN' },
    })
  ).token;
  const hits = await eventually(
    async () =>
      (
        await ingestData(h, `/app/v1/recipes/search?q=${encodeURIComponent(SEARCH_TERMS)}&lang=zh`, {
          token: appToken,
        })
      ).list as { recipeId: string; number: string; name: string }[],
    (list) => list.length > 0,
    30_000,
    `the app finds "${SEARCH_TERMS}"`,
  );
  recipe = hits[0]!;
  expect(recipe).toBeDefined();

  // What the console showed of this recipe before the user favourited and cooked it.
  const ranking = (await consoleGet(
    zhPage,
    `/api/common/loadBrandRecipeRanking?brandOwnerCode=${BRAND}&days=30`,
  )) as { recipeId: string; count: number }[];
  cooksBefore = ranking.find((r) => r.recipeId === recipe.recipeId)?.count ?? 0;
  favouritesBefore = (
    await consoleGet(zhPage, `/api/recipeUserEvaluation/recipeStatistics?recipeId=${recipe.recipeId}`)
  ).collectionCount;

  // A favourite in the app, then cooking on the appliance: four completed sessions and one aborted.
  await ingestData(h, '/app/v1/activity', {
    token: appToken,
    body: {
      messages: [
        {
          type: 'favourite',
          messageId: randomUUID(),
          at: new Date().toISOString(),
          recipeId: recipe.recipeId,
        },
      ],
    },
  });
  const now = Date.now();
  await ingestData(h, '/device/v1/cooking', {
    token: credential as string,
    body: {
      messages: Array.from({ length: COOKS + 1 }, (_, i) => ({
        messageId: randomUUID(),
        recipeId: recipe.recipeId,
        recipeVersion: 1,
        mode: 'AIR_FRYER',
        startedAt: new Date(now - (i + 1) * 3600_000).toISOString(),
        endedAt: new Date(now - (i + 1) * 3600_000 + 1500_000).toISOString(),
        outcome: i === COOKS ? 'aborted' : 'completed',
      })),
    },
  });
  // The workers store it within moments: the app's own profile shows it then.
  await eventually(
    () => ingestData(h, '/app/v1/me', { token: appToken }),
    (me) => me.favouriteCount === 1 && me.cookCount === COOKS,
    30_000,
    'the app profile shows the favourite and the cooks',
  );
});

/** Shows the user list's row of the simulated user (filtered by account). */
async function userRow(page: Page) {
  await visible(page, 'filter-account').fill(ACCOUNT);
  await searchList(page);
  return row(page, ACCOUNT);
}

/** The cells of a table row, trimmed. */
const cells = async (locator: ReturnType<typeof row>) =>
  (await locator.locator('td').allTextContents()).map((t) => t.trim());

/** The row's cells by the visible table's column titles. */
async function byColumn(page: Page, locator: ReturnType<typeof row>): Promise<Record<string, string>> {
  const titles = (await page.locator('thead:visible th').allTextContents()).map((t) => t.trim());
  const values = await cells(locator);
  return Object.fromEntries(titles.map((title, i) => [title, values[i] ?? '']));
}

/** Asks device-ingest's app API as the app does, in the app's language. */
const signIn = (lang: string) =>
  ingestCall(h, '/app/v1/sign-in', {
    body: { brandOwnerCode: BRAND, account: ACCOUNT, password: PASSWORD },
    headers: { 'accept-language': lang },
  });

/** The refusal of an app call with this token, once it comes (the console's sign-out takes moments). */
async function signedOut(token: string, lang: string): Promise<string> {
  const answer = await eventually(
    () => ingestCall(h, '/app/v1/me', { token, headers: { 'accept-language': lang } }),
    (a) => a.http === 401,
    10_000,
    'the app refuses the signed-out token',
  );
  return answer.desc;
}

describe('app users (zh)', () => {
  it('shows the simulated user with their counts and detail, and the recipe statistics and home ranking count them', async () => {
    const page = zhPage;
    await openFromMenu(page, 'users', '普通用户');
    const user = await userRow(page);
    const shown = await byColumn(page, user);
    expect(shown['昵称']).toBe(NICKNAME);
    expect(shown['注册状态']).toBe('已注册');
    expect(shown['状态']).toBe('启用');
    expect(shown['地区']).toBe('中国');
    // Favourites, cooks (completed sessions only), bound devices.
    expect([shown['收藏菜谱数'], shown['烹饪次数'], shown['绑定设备']]).toEqual(['1', String(COOKS), '1']);

    // The detail: the device, the favourite, the cooking history (the aborted session too), the search.
    await user.getByTestId('user-number').click();
    await page.getByTestId('page-title').getByText('用户详情', { exact: false }).waitFor();
    await visible(page, 'user-account').getByText(ACCOUNT).waitFor();
    expect(await visible(page, 'user-favourites-value').textContent()).toBe('1');
    expect(await visible(page, 'user-cooks-value').textContent()).toBe(String(COOKS));
    await visible(page, 'user-devices').getByText(SN).waitFor();
    const recipeLabel = `${recipe.number} · ${recipe.name}`;
    await visible(page, 'user-favourite-list').getByText(recipeLabel).waitFor();
    const cooking = visible(page, 'user-cooking');
    await cooking.locator('tbody tr', { hasText: '中止' }).waitFor();
    expect(await cooking.locator('tbody tr').count()).toBe(COOKS + 1);
    expect(await cooking.locator('tbody tr', { hasText: '完成' }).count()).toBe(COOKS);
    expect(await cooking.locator('tbody tr', { hasText: '中止' }).count()).toBe(1);
    await visible(page, 'user-searches').locator('tbody tr', { hasText: SEARCH_TERMS }).waitFor();
    // The mode by its name, never its code; no "no records" under the tables that have rows.
    expect(await cooking.locator('tbody tr', { hasText: '空气炸' }).count()).toBe(COOKS + 1);
    expect(await cooking.textContent()).not.toContain('AIR_FRYER');
    expect(await shownEmptyStates(page)).toEqual([]);
    // Opened straight from its address too, before any list page brought the tables' styles.
    const direct = await signedInPage(h);
    await direct.goto(new URL(page.url()).pathname + new URL(page.url()).search);
    await visible(direct, 'user-cooking').locator('tbody tr', { hasText: '空气炸' }).first().waitFor();
    expect(await shownEmptyStates(direct)).toEqual([]);

    // The favourite leads to the recipe: its statistics count this user's favourite and cooks.
    await visible(page, 'user-favourite-list').getByText(recipeLabel).click();
    await page.getByTestId('page-title').getByText('菜谱详情', { exact: false }).waitFor();
    await visible(page, 'stat-collections')
      .getByText(String(favouritesBefore + 1), { exact: true })
      .waitFor();
    expect(Number(await visible(page, 'stat-cooks').textContent())).toBeGreaterThanOrEqual(
      cooksBefore + COOKS,
    );

    // Home: the most cooked recipes of the last 30 days put this one on top with its new count.
    await page.goto('/home');
    const bars = page.getByTestId('recipe-ranking').locator('svg text');
    await bars.first().waitFor();
    const texts = (await bars.allTextContents()).map((t) => t.trim()).filter(Boolean);
    const names = texts.filter((t) => !/^\d+$/.test(t));
    expect(names[0]).toBe(recipeLabel);
    // Its bar's tooltip gives the count.
    const ranking = page.getByTestId('recipe-ranking');
    await ranking.locator('.recharts-bar-rectangle').first().hover();
    const tooltip = ranking.locator('.recharts-tooltip-wrapper');
    await tooltip.getByText(recipeLabel).waitFor();
    expect(await tooltip.textContent()).toMatch(new RegExp(`\\D${cooksBefore + COOKS}$`));
  });

  it('filters the search records and exports them as CSV with progress; the file holds the search', async () => {
    const page = zhPage;
    await openFromMenu(page, 'operations', '搜索记录');
    await visible(page, 'filter-terms').fill(SEARCH_TERMS);
    await visible(page, 'filter-user').fill('lin.e2e');
    await searchList(page);
    const record = row(page, SEARCH_TERMS);
    expect(await record.count()).toBe(1);
    const shown = await byColumn(page, record);
    expect(shown['用户']).toContain(ACCOUNT);
    expect(shown['语言']).toBe('中文');
    // The demo users' searches are not this user's. Back to the first filter (its page comes from the cache):
    // the export writes what the list shows, not what the list last fetched.
    await visible(page, 'filter-terms').fill('番茄');
    await searchList(page);
    expect(await row(page, '番茄').count()).toBe(0);

    await visible(page, 'filter-terms').fill(SEARCH_TERMS);
    await searchList(page);
    const lines = await exportCsv(page, '已完成');
    expect(lines[0]).toContain('搜索词');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(SEARCH_TERMS);
    expect(lines[1]).toContain(ACCOUNT);
  });

  it('disables the user after a confirmation: the app refuses them with a clear message; enabling lets them in', async () => {
    const page = zhPage;
    await openFromMenu(page, 'users', '普通用户');
    const user = await userRow(page);
    await user.getByTestId('row-toggle-status').click();
    expect(await confirm(page)).toContain('停用后其App登录立即失效');
    await user.getByTestId('user-status').getByText('停用', { exact: true }).waitFor();

    // The token the app holds (checked moments ago, so trusted by the app API) is refused at once, and a new
    // sign-in says why, in the app's language.
    expect(await signedOut(appToken, 'zh-CN')).toBe('登录已失效，请重新登录');
    const refused = await signIn('zh-CN');
    expect(refused.http).toBe(403);
    expect(refused.desc).toBe('该账号已被停用，请联系客服');

    await user.getByTestId('row-toggle-status').click();
    expect(await confirm(page)).toContain('启用');
    await user.getByTestId('user-status').getByText('启用', { exact: true }).waitFor();
    const back = await signIn('zh-CN');
    expect(back.http).toBe(200);
    appToken = back.data.token;
  });
});

describe('app users (en)', () => {
  it('shows the user, their detail and search records in English, exports them, and a disabled user is refused in English', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await loginAs(page);
    await inEnglish(page);
    await openFromMenu(page, 'users', 'Ordinary users');
    const user = await userRow(page);
    const shown = await byColumn(page, user);
    expect(shown['Registration']).toBe('Registered');
    expect(shown['Region']).toBe('China');
    expect([shown['Favourite recipes'], shown['Cooks'], shown['Bound devices']]).toEqual([
      '1',
      String(COOKS),
      '1',
    ]);
    await user.getByTestId('user-number').click();
    await page.getByTestId('page-title').getByText('User details', { exact: false }).waitFor();
    // The sessions' outcomes in English.
    const cooking = visible(page, 'user-cooking');
    await cooking.locator('tbody tr', { hasText: 'Aborted' }).waitFor();
    expect(await cooking.locator('tbody tr', { hasText: 'Completed' }).count()).toBe(COOKS);
    expect(await cooking.locator('tbody tr', { hasText: 'Aborted' }).count()).toBe(1);
    expect(await cooking.locator('tbody tr', { hasText: 'Air fryer' }).count()).toBe(COOKS + 1);
    await visible(page, 'user-searches').locator('tbody tr', { hasText: SEARCH_TERMS }).waitFor();
    expect(await shownEmptyStates(page)).toEqual([]);

    await openFromMenu(page, 'operations', 'Search history');
    await visible(page, 'filter-user').fill(ACCOUNT);
    await searchList(page);
    expect(await row(page, SEARCH_TERMS).count()).toBe(1);
    expect((await byColumn(page, row(page, SEARCH_TERMS)))['Language']).toBe('Chinese');
    const lines = await exportCsv(page, 'Done');
    expect(lines[0]).toContain('Search terms');
    expect(lines[1]).toContain(SEARCH_TERMS);

    // The app is in use (its token checked, so trusted for a while) when the user is disabled.
    expect((await ingestCall(h, '/app/v1/me', { token: appToken })).http).toBe(200);
    await openFromMenu(page, 'users', 'Ordinary users');
    const again = await userRow(page);
    await again.getByTestId('row-toggle-status').click();
    expect(await confirm(page)).toContain('Their app sign-in ends at once');
    await again.getByTestId('user-status').getByText('Disabled', { exact: true }).waitFor();
    const refused = await signIn('en');
    expect(refused.http).toBe(403);
    expect(refused.desc).toBe('This account has been disabled; contact customer service');
    expect(await signedOut(appToken, 'en')).toBe('Your sign-in has expired; sign in again');
  });
});
