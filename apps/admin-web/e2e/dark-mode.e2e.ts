import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { harnessForFile, loginAs, waitForLayout } from './support/harness.js';

// The colour scheme: follows the system until the user picks one in the header; the pick shows at once, stays
// across reloads and follows the user into another browser.
const h = harnessForFile();

const TEXT = {
  zh: { auto: '跟随系统', light: '浅色', dark: '深色', menu: '外观' },
  en: { auto: 'Follow system', light: 'Light', dark: 'Dark', menu: 'Appearance' },
} as const;

async function browserPreferring(scheme: 'light' | 'dark', lang: 'zh' | 'en'): Promise<Page> {
  const page = await h.newPage();
  await page.emulateMedia({ colorScheme: scheme });
  await page.addInitScript((l) => localStorage.setItem('kb.lang', l), lang);
  return page;
}

/** Waits until the console is drawn in `scheme` (the attribute Mantine's styles key on). */
async function drawnIn(page: Page, scheme: 'light' | 'dark') {
  await page.waitForFunction((s) => document.documentElement.dataset.mantineColorScheme === s, scheme);
}
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe.each([
  ['zh', 'editor', 'editor12345'],
  ['en', 'viewer', 'viewer12345'],
] as const)('colour scheme in %s', (lang, account, password) => {
  it('follows the system, switches in the header, and is remembered for the user', async () => {
    const text = TEXT[lang];
    const page = await browserPreferring('dark', lang);
    await loginAs(page, account, password);
    // Nothing chosen yet: the system's dark scheme, and the header says the console follows the system.
    await drawnIn(page, 'dark');
    const menu = page.getByTestId('color-scheme-menu');
    await expect(menu.getAttribute('aria-label')).resolves.toBe(`${text.menu} · ${text.auto}`);
    const darkBackground = await bodyBackground(page);

    // The user picks light: the whole console turns light at once.
    await menu.click();
    await page.getByRole('menuitem', { name: text.light }).click();
    await drawnIn(page, 'light');
    await expect(menu.getAttribute('aria-label')).resolves.toBe(`${text.menu} · ${text.light}`);
    const lightBackground = await bodyBackground(page);
    expect(lightBackground).not.toBe(darkBackground);

    // A reload keeps it, although the system still prefers dark.
    await expect(page.evaluate(() => localStorage.getItem('kb.color-scheme'))).resolves.toBe('light');
    await page.reload();
    await waitForLayout(page);
    await drawnIn(page, 'light');

    // Another browser of the same user, on a dark system, takes the user's choice over once signed in.
    const elsewhere = await browserPreferring('dark', lang);
    await loginAs(elsewhere, account, password);
    await drawnIn(elsewhere, 'light');
    await expect(bodyBackground(elsewhere)).resolves.toBe(lightBackground);

    // Choosing dark there, and then "follow system" on a light system, works the same way.
    await elsewhere.getByTestId('color-scheme-menu').click();
    await elsewhere.getByRole('menuitem', { name: text.dark }).click();
    await drawnIn(elsewhere, 'dark');
    await elsewhere.emulateMedia({ colorScheme: 'light' });
    await elsewhere.getByTestId('color-scheme-menu').click();
    await elsewhere.getByRole('menuitem', { name: text.auto }).click();
    await drawnIn(elsewhere, 'light');
    await elsewhere.emulateMedia({ colorScheme: 'dark' });
    await drawnIn(elsewhere, 'dark');
  }, 180_000);
});
