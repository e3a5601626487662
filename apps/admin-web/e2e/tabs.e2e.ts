import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { createBanner } from './content-support.js';
import { goInApp, harnessForFile, location, loginAs, tab, visibleTabKeys } from './support/harness.js';
import { signedInPage } from './support/gestures.js';

const h = harnessForFile();

/** Opens a page from the sidebar, as a user would. */
async function openFromMenu(page: Page, group: string | null, title: string) {
  const sidebar = page.getByTestId('sidebar');
  if (group) {
    const item = sidebar.getByRole('link', { name: title, exact: true });
    if (!(await item.isVisible())) await page.getByTestId(`menu-group-${group}`).click();
  }
  await sidebar.getByRole('link', { name: title, exact: true }).click();
  await page.getByTestId('page-title').getByText(title, { exact: true }).waitFor();
}

const SEVEN: [string | null, string, string][] = [
  ['recipes', '分类设置', '/category-set-list'],
  ['recipes', '标签库', '/tag-list'],
  [null, 'APK管理', '/apk-list'],
  [null, 'Banner管理', '/banner/list'],
  ['devices', '设备信息', '/device-info-list'],
  ['users', '付费用户', '/vip-user-list'],
  ['operations', '锁屏广告', '/lock-screen-ads-list'],
];

describe('tab bar', () => {
  it('opens a tab per page and moves through them with the arrows in groups of five', async () => {
    // Narrow enough that the eight tabs do not all fit in the strip: the arrows scroll it.
    const page = await h.newPage({ viewport: { width: 900, height: 800 } });
    await loginAs(page);
    for (const [group, title] of SEVEN) await openFromMenu(page, group, title);

    // Eight tabs (Home + 7) in groups of five; the second group is brought into view because its last tab is current.
    let seen = await visibleTabKeys(page);
    expect(seen).toEqual(
      expect.arrayContaining(['/device-info-list', '/vip-user-list', '/lock-screen-ads-list']),
    );
    expect(seen).not.toContain('/home');
    await expect(tab(page, '/lock-screen-ads-list').getAttribute('data-active')).resolves.toBe('true');
    await expect(page.getByTestId('tabs-next').isDisabled()).resolves.toBe(true);

    await page.getByTestId('tabs-previous').click();
    seen = await visibleTabKeys(page);
    expect(seen.slice(0, 3)).toEqual(['/home', '/category-set-list', '/tag-list']);
    expect(seen).not.toContain('/lock-screen-ads-list');
    await expect(page.getByTestId('tabs-previous').isDisabled()).resolves.toBe(true);
    await page.getByTestId('tabs-next').click();
    seen = await visibleTabKeys(page);
    expect(seen).toEqual(
      expect.arrayContaining(['/device-info-list', '/vip-user-list', '/lock-screen-ads-list']),
    );
    expect(seen).not.toContain('/home');

    // Clicking a tab goes to its page and highlights it.
    await page.getByTestId('tabs-previous').click();
    await tab(page, '/tag-list').click();
    await page.waitForURL('**/tag-list');
    await expect(tab(page, '/tag-list').getByRole('tab').getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByTestId('page-title').textContent()).resolves.toBe('标签库');
  });

  it('shows a close button on every tab but the current one and Home', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, null, 'APK管理');
    await openFromMenu(page, null, 'Banner管理');
    await expect(tab(page, '/banner/list').getByTestId('tab-close').count()).resolves.toBe(0);
    await expect(tab(page, '/home').getByTestId('tab-close').count()).resolves.toBe(0);
    await tab(page, '/apk-list').getByTestId('tab-close').click();
    await tab(page, '/apk-list').waitFor({ state: 'detached' });
    expect(location(page)).toBe('/banner/list');
  });

  it('opens two records of one screen in two tabs, keyed by the full address', async () => {
    const page = await signedInPage(h);
    await page.goto('/recipe-detail?id=1');
    await tab(page, '/recipe-detail?id=1').waitFor();
    await page.goto('/recipe-detail?id=2');
    await tab(page, '/recipe-detail?id=2').waitFor();
    await expect(tab(page, '/recipe-detail?id=1').textContent()).resolves.toBe('菜谱详情 · 1');
    await expect(tab(page, '/recipe-detail?id=2').textContent()).resolves.toBe('菜谱详情 · 2');
    await tab(page, '/recipe-detail?id=1').click();
    await page.waitForURL('**/recipe-detail?id=1');
  });

  it('closes others and closes all from the right-click menu; Home stays; tabs survive a reload', async () => {
    const page = await signedInPage(h);
    for (const [group, title] of SEVEN.slice(0, 4)) await openFromMenu(page, group, title);
    await page.reload();
    await page.getByTestId('page-title').getByText('Banner管理').waitFor();
    expect(await visibleTabKeys(page)).toEqual([
      '/home',
      '/category-set-list',
      '/tag-list',
      '/apk-list',
      '/banner/list',
    ]);

    await tab(page, '/tag-list').click({ button: 'right' });
    await page.getByTestId('tab-close-others').click();
    await page.waitForURL('**/tag-list');
    expect(await visibleTabKeys(page)).toEqual(['/home', '/tag-list']);

    await openFromMenu(page, null, 'APK管理');
    await tab(page, '/tag-list').click({ button: 'right' });
    await page.getByTestId('tab-close-all').click();
    await page.waitForURL('**/home');
    expect(await visibleTabKeys(page)).toEqual(['/home']);
    await expect(tab(page, '/home').getAttribute('data-active')).resolves.toBe('true');
  });

  it('a kept-alive page keeps its typed input across tab switches; closing it asks because it is unsaved', async () => {
    const page = await signedInPage(h);
    const bannerName = page.locator('[data-testid="field-name"]:visible');
    // The recipe editor is kept alive: what is typed into it survives a tab switch.
    const recipeNumber = page.locator('[data-testid="field-number"]:visible');
    await goInApp(page, '/recipe-add');
    await recipeNumber.fill('R-DRAFT');
    await tab(page, '/recipe-add').getByTestId('tab-dirty').waitFor();
    await tab(page, '/home').click();
    await page.getByTestId('page-title').getByText('首页').waitFor();
    await expect(recipeNumber.count()).resolves.toBe(0);

    await tab(page, '/recipe-add').click();
    await page.getByTestId('page-title').getByText('新增菜谱').waitFor();
    await expect(recipeNumber.inputValue()).resolves.toBe('R-DRAFT');

    // Two banner edits are two kept-alive pages, each with its own input.
    const first = await createBanner(page, 'Tab banner one');
    const second = await createBanner(page, 'Tab banner two');
    await goInApp(page, `/banner/edit?id=${first}`);
    await expect(bannerName.inputValue()).resolves.toBe('Tab banner one');
    await bannerName.fill('first');
    await goInApp(page, `/banner/edit?id=${second}`);
    await expect(bannerName.inputValue()).resolves.toBe('Tab banner two');
    await bannerName.fill('second');
    await tab(page, `/banner/edit?id=${first}`).click();
    await page.waitForURL(`**/banner/edit?id=${first}`);
    await expect(bannerName.inputValue()).resolves.toBe('first');
    await tab(page, `/banner/edit?id=${second}`).click();
    await page.waitForURL(`**/banner/edit?id=${second}`);
    await expect(bannerName.inputValue()).resolves.toBe('second');

    // Closing an unsaved tab asks; cancelling keeps it, confirming drops its input.
    await tab(page, '/home').click();
    await tab(page, '/recipe-add').getByTestId('tab-close').click();
    await page.getByText('“新增菜谱”有未保存的修改，关闭后将丢失。确定关闭吗？').waitFor();
    await page.getByTestId('confirm-cancel').click();
    await expect(tab(page, '/recipe-add').count()).resolves.toBe(1);
    await tab(page, '/recipe-add').getByTestId('tab-close').click();
    await page.getByTestId('confirm-ok').click();
    await tab(page, '/recipe-add').waitFor({ state: 'detached' });
    await goInApp(page, '/recipe-add');
    await expect(recipeNumber.inputValue()).resolves.toBe('');
  });

  it('a kept-alive page keeps its scroll position', async () => {
    const page = await h.newPage({ viewport: { width: 1200, height: 420 } });
    await loginAs(page);
    // Banner add is kept alive; its form is taller than this window.
    await goInApp(page, '/banner/add');
    const scroller = page.locator('[data-testid="kept-page"]:visible');
    await page.locator('[data-testid="field-name"]:visible').fill('Scrolled banner');
    await scroller.evaluate((el) => (el.scrollTop = 200));
    await tab(page, '/home').click();
    await page.getByTestId('page-title').getByText('首页').waitFor();
    await tab(page, '/banner/add').click();
    await page.getByTestId('page-title').getByText('新增Banner').waitFor();
    await expect(scroller.evaluate((el) => el.scrollTop)).resolves.toBe(200);
    await expect(page.locator('[data-testid="field-name"]:visible').inputValue()).resolves.toBe(
      'Scrolled banner',
    );
  });

  it('a page that is not kept alive loads fresh when the user comes back', async () => {
    const page = await signedInPage(h);
    await goInApp(page, '/password-edit');
    await page.getByTestId('pw-original').fill('typed but not sent');
    await tab(page, '/password-edit').getByTestId('tab-dirty').waitFor();
    await tab(page, '/home').click();
    // Leaving drops the input, so it asks first (forms-unsaved-uploads.e2e.ts covers the question).
    await page.getByTestId('leave-discard').click();
    await page.getByTestId('page-title').getByText('首页').waitFor();
    await expect(tab(page, '/password-edit').getByTestId('tab-dirty').count()).resolves.toBe(0);
    await tab(page, '/password-edit').click();
    await page.getByTestId('page-title').getByText('修改密码').waitFor();
    await expect(page.getByTestId('pw-original').inputValue()).resolves.toBe('');
  });
});
