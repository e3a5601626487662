import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Locator, Page, Request } from 'playwright-core';
import { eventually } from '@kb/testing';
import { LIVE_FALLBACK_POLL_MS } from '../src/lib/live-events.js';
import { goInApp, harnessForFile, loginAs } from './support/harness.js';
import { apiPost } from './support/api.js';
import { inEnglish, signedInPage } from './support/gestures.js';

// What the screens say when something goes wrong or is about to: said once, in the user's language, where it does
// not hide anything, and nothing more asked of the server once the user has left.
const h = harnessForFile({ projector: true });

const toasts = (page: Page) => page.locator('.mantine-Notification-root');
const shown = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

/**
 * No toast came with the failure the page shows (a failure said in the page is not said twice): its answer was
 * handled when the page drew the failure, and a toast raised with it is drawn within the next two frames.
 */
async function noToastWithFailure(page: Page) {
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await expect(toasts(page).allTextContents()).resolves.toEqual([]);
}

describe('a list that cannot load', () => {
  it('says so with a retry instead of "no records, total 0", once, then loads on retry (zh, then en)', async () => {
    const page = await signedInPage(h);
    await goInApp(page, '/tag-list');
    await shown(page, 'filter-search').waitFor();
    for (const [lang, title, noRecords] of [
      ['zh', '列表加载失败', '暂无数据'],
      ['en', 'The list could not be loaded', 'No records'],
    ] as const) {
      if (lang === 'en') {
        await goInApp(page, '/home');
        await inEnglish(page);
        await goInApp(page, '/tag-list');
      }
      // The network drops the list's answer.
      await page.route(/\/api\/recipeTag\/list/, (route) => route.abort('failed'));
      await shown(page, 'filter-search').click();
      const failed = shown(page, 'list-load-failed');
      await failed.getByText(title, { exact: true }).waitFor();
      await expect(page.getByText(noRecords, { exact: true }).locator('visible=true').count()).resolves.toBe(
        0,
      );
      await expect(shown(page, 'pager').count()).resolves.toBe(0);
      await noToastWithFailure(page);

      // Back online: the retry shows the rows.
      await page.unroute(/\/api\/recipeTag\/list/);
      await shown(page, 'list-retry').click();
      await failed.waitFor({ state: 'detached' });
      await page.locator('tbody tr:visible').first().waitFor();
    }
  });
});

describe('a record that does not exist', () => {
  it('is said once, in the page, not also in a toast (zh and en)', async () => {
    const page = await signedInPage(h);
    await goInApp(page, `/tag-edit?id=${randomUUID()}`);
    await shown(page, 'record-load-failed').getByText('记录不存在').waitFor();
    await noToastWithFailure(page);

    await goInApp(page, '/home');
    await inEnglish(page);
    await goInApp(page, `/recipe-detail?id=${randomUUID()}`);
    await shown(page, 'record-load-failed').waitFor();
    await expect(shown(page, 'record-load-failed').textContent()).resolves.toMatch(/[A-Za-z]/);
    await noToastWithFailure(page);
  });
});

describe('the recycle bin', () => {
  it('asks before clearing for good, and says it cannot be undone (zh and en)', async () => {
    const page = await signedInPage(h);
    const number = `BIN-${Date.now() % 1_000_000}`;
    const recipe = await apiPost(page, '/api/recipe/add', {
      type: 'SOUP',
      number,
      mainLang: 'zh',
      langs: ['zh'],
      texts: { zh: { name: '待清除的汤' } },
      servingVersions: [
        {
          servings: 2,
          ingredients: [],
          steps: [{ number: 1, workMode: 'BOIL', descriptions: { zh: '煮' } }],
        },
      ],
    });
    await apiPost(page, '/api/recipe/batchDelete', { ids: [recipe.id] });
    await goInApp(page, '/recycling-list');
    const row = page.locator('tbody tr:visible', { hasText: number });
    for (const expected of [
      '确定彻底删除这条记录吗？彻底删除后无法恢复。',
      'Delete this record for good? This cannot be undone.',
    ]) {
      if (expected.startsWith('Delete')) {
        await goInApp(page, '/home');
        await inEnglish(page);
        await goInApp(page, '/recycling-list');
      }
      await row.getByTestId('row-clear').click();
      await expect(page.getByTestId('confirm-message').textContent()).resolves.toBe(expected);
      await page.getByTestId('confirm-cancel').click();
      await page.getByTestId('confirm-message').waitFor({ state: 'detached' });
      await row.waitFor();
    }
  });
});

describe('a wrong original password', () => {
  it('is said in the language the user switches to', async () => {
    const page = await signedInPage(h, 'zh', 'editor', 'editor12345');
    await goInApp(page, '/password-edit');
    await page.getByTestId('pw-original').fill('wrong-original1');
    await page.getByTestId('pw-new').fill('NewPass2024');
    await page.getByTestId('pw-confirm').fill('NewPass2024');
    await page.getByTestId('form-submit').click();
    await page.getByText('原密码错误', { exact: true }).waitFor();

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByText('The original password is wrong', { exact: true }).waitFor();
    await expect(page.getByText('原密码错误').count()).resolves.toBe(0);
  });
});

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

describe('toasts', () => {
  it('leave the header controls and the tab bar uncovered (zh and en)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await signedInPage(h);
      if (lang === 'en') await inEnglish(page);
      await goInApp(page, '/tag-list');
      // Delete with nothing selected: a warning toast.
      await shown(page, 'batch-delete').click();
      const toast = toasts(page).first();
      await toast.waitFor();
      const box = await boxOf(toast);
      for (const control of ['language-menu', 'fullscreen', 'user-menu', 'tab-bar', 'sidebar-toggle'])
        expect([control, overlaps(box, await boxOf(page.getByTestId(control)))]).toEqual([control, false]);
    }
  });
});

describe('logging out', () => {
  it('asks the server nothing more: no 401s from the pages left behind, and the reason stays "logged out"', async () => {
    const page = await h.newPage();
    // The page's clock is the test's to move on: its timers (the pages' polls) fire when the test says.
    await page.clock.install();
    await loginAs(page);
    // The device list polls the devices' status; home and the list stay open in their tabs.
    await goInApp(page, '/device-info-list');
    await page.locator('tbody tr:visible').first().waitFor();
    const refused: string[] = [];
    const underWay = new Set<Request>();
    page.on('request', (req) => {
      // The event stream stays open while a page is shown; it is not a call that answers.
      if (req.url().includes('/api/') && !req.url().includes('/api/events')) underWay.add(req);
    });
    page.on('requestfinished', (req) => underWay.delete(req));
    page.on('requestfailed', (req) => underWay.delete(req));
    page.on('response', (res) => {
      if (res.url().includes('/api/') && res.status() === 401) refused.push(res.url());
    });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL('**/login?**');
    await page.getByTestId('login-reason').waitFor();
    // Past the device list's slowest poll, every timer the pages left behind has fired; what they asked answered.
    await page.clock.runFor(LIVE_FALLBACK_POLL_MS + 1000);
    await eventually(
      async () => underWay.size,
      (size) => size === 0,
      15_000,
      'the calls under way answered',
    );
    expect(refused).toEqual([]);
    expect(new URL(page.url()).searchParams.get('reason')).toBe('loggedOut');
    await expect(page.getByTestId('login-reason').textContent()).resolves.toBe('您已退出登录');
  });
});
