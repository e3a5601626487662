import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { harnessForFile, loginAs } from './support/harness.js';

// The console's keys: `/` to the list's search, `?` for the shortcut help, Esc to close a dialog.
const h = harnessForFile();

const TEXT = {
  zh: { help: '键盘快捷键', search: '聚焦列表的搜索框', escape: '关闭对话框', logoutTitle: '退出登录' },
  en: {
    help: 'Keyboard shortcuts',
    search: 'Focus the list’s search field',
    escape: 'Close a dialog',
    logoutTitle: 'Log out',
  },
} as const;

const focusedTestId = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid ?? null);

describe.each(['zh', 'en'] as const)('keyboard in %s', (lang) => {
  it('`/` focuses the list search, `?` shows the shortcuts, Esc closes dialogs', async () => {
    const text = TEXT[lang];
    const page = await h.newPage();
    await page.addInitScript((l) => localStorage.setItem('kb.lang', l), lang);
    await loginAs(page);
    await page.goto('/recipe-list');
    await page.locator('[data-testid="page-title"]:visible').waitFor();
    // The list's filter bar is there (the page's code has loaded).
    await page.locator('main input[data-testid^="filter-"]:visible').first().waitFor();

    // `/` puts the cursor in the list's first filter field; what is typed next lands there, a `?` too.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('/');
    await expect(focusedTestId(page)).resolves.toMatch(/^filter-/);
    await page.keyboard.type('soup?');
    const field = page.locator(`[data-testid="${await focusedTestId(page)}"]:visible`);
    await expect(field.inputValue()).resolves.toBe('soup?');
    await expect(page.getByRole('dialog', { name: text.help }).count()).resolves.toBe(0);

    // Outside a field `?` opens the help, which names each key in the page's language; Esc closes it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: text.help });
    await dialog.waitFor();
    await dialog.getByText(text.search).waitFor();
    await dialog.getByText(text.escape).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Esc closes the app's confirmation dialogs too (the log-out question here), and nothing happens.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    const confirm = page.getByRole('dialog', { name: text.logoutTitle });
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/recipe-list');
  }, 120_000);
});
