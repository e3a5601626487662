import { readFile } from 'node:fs/promises';
import { expect } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import { clearDemoRows, openFromMenu } from '../catalog-support.js';
import { API_HEADERS, loginAs, waitForLayout, type Harness } from './harness.js';

/** Switches the console to English from the header's language menu, as a user would. */
export async function inEnglish(page: Page) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await page.getByTestId('page-title').getByText('Home').waitFor();
}

type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Each file's signed-in browser states (cookies and local storage right after signing in, in a language), by
 * account and language: the file's later pages start from them instead of signing in through the login page again
 * (~1 s of a loaded machine's CPU each). Keyed by the file's running system, so no state outlives its file.
 */
const signedInStates = new WeakMap<Harness['system'], Map<string, SignedInState>>();

/**
 * A fresh page (its own browser profile: nothing cached, its own session storage and tabs) signed in as demo or as
 * `account`, in English when `lang` is 'en', on the home page. The file's first such page signs in through the login
 * page; later ones start with its cookies and local storage when that session still holds (a test may have signed
 * out, or changed the account), else sign in again.
 */
export async function signedInPage(
  h: Harness,
  lang: 'zh' | 'en' = 'zh',
  ...account: [account: string, password: string] | []
): Promise<Page> {
  let states = signedInStates.get(h.system);
  if (!states) signedInStates.set(h.system, (states = new Map()));
  const key = `${account[0] ?? 'demo'}|${lang}`;
  const saved = states.get(key);
  if (saved) {
    const page = await h.newPage({ storageState: saved });
    const me = await page.request.get('/api/auth/me', { headers: API_HEADERS });
    if (me.ok() && ((await me.json()) as { status: number }).status === 200) {
      await page.goto('/home');
      await waitForLayout(page);
      return page;
    }
    states.delete(key);
    await page.context().close();
  }
  const page = await h.newPage();
  await loginAs(page, ...account);
  if (lang === 'en') await inEnglish(page);
  states.set(key, await page.context().storageState());
  return page;
}

/**
 * A fresh page signed in (in `lang`) on a reference-data list opened from the menu (`[group, title]`), the demo
 * brand's rows of `table` deleted first (only those of these Chinese names, when given): the test starts from a
 * list it knows.
 */
export async function signedInOnClearedList(
  h: Harness,
  lang: 'zh' | 'en',
  [group, title]: [group: string, title: string],
  table: string,
  zhNames?: string[],
): Promise<Page> {
  await clearDemoRows(h.system.db.url, table, zhNames);
  const page = await signedInPage(h, lang);
  await openFromMenu(page, group, title);
  return page;
}

// Kept-alive pages leave their hidden copies in the page: what a user sees is the visible one.

/** The visible element with this test id. */
export const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

/** The visible table row holding `text`. */
export const visibleRow = (page: Page, text: string) => page.locator('tbody tr:visible', { hasText: text });

/**
 * Clicks the filter bar's Search and waits until the list shows the answer to it: until then the previous rows
 * stay on screen (and a test reading them would read the old query's).
 */
export async function searchList(page: Page) {
  await page.locator('[data-testid="filter-search"]:visible').click();
  await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
}

/**
 * Exports the visible list as CSV from its toolbar, follows the job until it reads `done` with a full progress bar,
 * downloads the file and answers its lines (without the BOM).
 */
export async function exportCsv(page: Page, done: string): Promise<string[]> {
  await visible(page, 'export-csv').click();
  const run = page.getByRole('dialog').getByTestId('job-run');
  await run.getByTestId('job-state').getByText(done, { exact: true }).waitFor({ timeout: 30_000 });
  expect(await run.getByTestId('job-progress').getAttribute('data-progress')).toBe('100');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    run.getByTestId('job-download').click(),
  ]);
  const text = await readFile((await download.path())!, 'utf8');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
}

/** Opens the recipe library from the menu and, from its toolbar, the new-recipe form (Chinese or English). */
export async function openNewRecipe(page: Page, lang: 'zh' | 'en' = 'zh') {
  await openFromMenu(page, 'recipes', lang === 'zh' ? '菜谱库' : 'Recipe library');
  await visible(page, 'add').click();
  await page
    .getByTestId('page-title')
    .getByText(lang === 'zh' ? '新增菜谱' : 'Add recipe', { exact: true })
    .waitFor();
}
