import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  goInApp,
  harnessForFile,
  loginAs,
  submitLogin,
  tab,
  visibleTabKeys,
  waitForLayout,
} from './support/harness.js';
import { signedInPage } from './support/gestures.js';
import { listedWhen } from './support/api.js';
import { settles } from './support/waits.js';

const h = harnessForFile({ projector: true });

const TEN = [
  '/recipe-list',
  '/category-set-list',
  '/tag-list',
  '/apk-list',
  '/device-info-list',
  '/fault-record-list',
  '/test-device-list',
  '/fitting-list',
  '/recycling-list',
  '/offline-recipes-list',
];

async function openAll(page: Page, paths: string[]) {
  for (const path of paths) {
    await goInApp(page, path);
    await tab(page, path).waitFor();
  }
}

/** A seeded recipe of the signed-in brand: its id and the number users know it by. */
async function aRecipe(page: Page): Promise<{ id: string; number: string }> {
  const [first] = await listedWhen<{ id: string; number: string }>(
    page,
    '/api/recipe/list?pageNum=1&pageSize=10',
    (rows) => rows.length > 0,
    'a seeded recipe listed',
  );
  return first!;
}

/** Waits until the tab at `key` reads `title` (a record's name arrives with the record). */
async function tabTitled(page: Page, key: string, title: string) {
  try {
    await tab(page, key)
      .filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .waitFor();
  } catch {
    expect(await tab(page, key).textContent()).toBe(title);
  }
}

describe('tab strip', () => {
  it('shows every open tab that fits, not only the group of five holding the current one', async () => {
    const page = await h.newPage({ viewport: { width: 1440, height: 900 } });
    await loginAs(page);
    await openAll(page, TEN);
    await page.screenshot({ path: '/tmp/sp-shots/tabs-eleven.png' });
    // Home and ten pages: at 1440 px they all fit in the strip.
    await settles(() => visibleTabKeys(page), ['/home', ...TEN]);
  });

  it('moves the strip by five tabs with each arrow and keeps the current tab whole in view', async () => {
    const page = await h.newPage({ viewport: { width: 1024, height: 768 } });
    await loginAs(page);
    const fifteen = [...TEN, '/user-list', '/vip-user-list', '/hot-tag-list', '/inform-list', '/unit-list'];
    await openAll(page, fifteen);
    const all = ['/home', ...fifteen];
    /** The index of the first tab seen whole, and whether the current one is. */
    const strip = async () => {
      const seen = await visibleTabKeys(page);
      return { first: all.indexOf(seen[0]!), activeWhole: seen.includes(fifteen.at(-1)!) };
    };
    // The current tab, the last one opened, is seen whole (not cut at the strip's edge).
    await settles(async () => (await strip()).activeWhole, true);
    await page.screenshot({ path: '/tmp/sp-shots/tabs-fifteen.png' });
    const atEnd = await strip();
    expect(atEnd.first).toBeGreaterThan(5);
    await expect(page.getByTestId('tabs-next').isDisabled()).resolves.toBe(true);

    await page.getByTestId('tabs-previous').click();
    await settles(async () => (await strip()).first, atEnd.first - 5);
    await page.getByTestId('tabs-previous').click();
    await settles(async () => (await strip()).first, Math.max(0, atEnd.first - 10));
    if (atEnd.first - 10 > 0) await page.getByTestId('tabs-previous').click();
    await settles(async () => (await strip()).first, 0);
    await expect(page.getByTestId('tabs-previous').isDisabled()).resolves.toBe(true);

    await page.getByTestId('tabs-next').click();
    await settles(async () => (await strip()).first, 5);
    await page.getByTestId('tabs-next').click();
    await settles(async () => (await strip()).first, Math.min(10, atEnd.first));

    // Going to a tab scrolled out of view brings it whole into view.
    await page.getByTestId('tabs-previous').click();
    await page.getByTestId('tabs-previous').click();
    const target = fifteen.at(-2)!;
    await settles(async () => (await visibleTabKeys(page)).includes(target), false);
    await goInApp(page, target);
    await settles(async () => (await visibleTabKeys(page)).includes(target), true);
  });

  it('titles a record tab with the record number, not its id (zh and en)', async () => {
    const page = await signedInPage(h);
    const recipe = await aRecipe(page);
    const key = `/recipe-detail?id=${recipe.id}`;
    await goInApp(page, key);
    await tabTitled(page, key, `菜谱详情 · ${recipe.number}`);
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await tabTitled(page, key, `Recipe details · ${recipe.number}`);
    // The name survives a reload of the browser tab.
    await page.reload();
    await waitForLayout(page);
    await tabTitled(page, key, `Recipe details · ${recipe.number}`);
  });

  it('after a session expiry, another user signing in starts from Home, not on the previous user’s tabs', async () => {
    const page = await signedInPage(h);
    await openAll(page, ['/apk-list', '/recipe-list', '/device-info-list']);
    // The session ends on the server side (as after its lifetime): the next call answers 401.
    await page.context().clearCookies();
    await goInApp(page, '/tag-list');
    await page.waitForURL('**/login?**');
    await submitLogin(page, 'editor', 'editor12345');
    await page.waitForURL('**/home');
    await waitForLayout(page);
    await settles(() => visibleTabKeys(page), ['/home']);
  });

  it('after a session expiry, the same user gets their tabs and page back', async () => {
    const page = await signedInPage(h);
    await openAll(page, ['/apk-list', '/recipe-list']);
    await page.context().clearCookies();
    await goInApp(page, '/tag-list');
    await page.waitForURL('**/login?**');
    await submitLogin(page, 'demo', 'demo12345');
    await page.waitForURL('**/tag-list');
    await settles(() => visibleTabKeys(page), ['/home', '/apk-list', '/recipe-list', '/tag-list']);
  });
});
