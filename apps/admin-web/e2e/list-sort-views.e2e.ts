import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DeviceListPage } from '@kb/contracts';
import type { Page } from 'playwright-core';
import { openFromMenu } from './catalog-support.js';
import { inEnglish, visible } from './support/gestures.js';
import { API_HEADERS, location, loginAs, startHarness, type Harness } from './support/harness.js';

// The list kit on the device list: sort by a column header (kept in the address), save the view, reload, pick
// the view again, and export what the list shows; in Chinese and in English.
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});

/** Waits until the list shows the answer to its latest query, then reads the SN column of the visible rows. */
async function shownSns(page: Page): Promise<string[]> {
  await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
  return (await page.locator('[data-testid="device-sn"]:visible').allTextContents()).map((t) => t.trim());
}

const snHeader = (page: Page) => page.locator('th:visible', { has: page.locator('[data-sort-field="sn"]') });

/** The brand's SNs sorted as the console sorts them (byte order), read through the API. */
async function allSns(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/device/list?onPage=false', { headers: API_HEADERS });
  const body = (await res.json()) as { data: DeviceListPage };
  return body.data.list.map((d) => d.sn).sort();
}

/** Exports the list as CSV from its toolbar, follows the job to its end and answers the file's lines. */
async function exportCsv(page: Page, done: string): Promise<string[]> {
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

async function saveView(page: Page, name: string, shared = false) {
  await visible(page, 'saved-views').click();
  await page.getByTestId('saved-view-save').click();
  await page.getByTestId('saved-view-name').fill(name);
  if (shared) await page.getByTestId('saved-view-shared').click();
  await page.getByTestId('saved-view-submit').click();
  await page.getByTestId('saved-view-form').waitFor({ state: 'detached' });
}

async function pickView(page: Page, name: string) {
  await visible(page, 'saved-views').click();
  await page.locator(`[data-testid="saved-view"][data-view-name="${name}"]`).click();
}

describe('sorting, saved views and export on a list', () => {
  it('sorts by SN from the header, keeps it over a reload, saves and picks the view, exports it (zh)', async () => {
    const page = await h.newPage();
    await loginAs(page);
    await openFromMenu(page, 'devices', '设备信息');
    const sorted = await allSns(page);
    expect(sorted.length).toBeGreaterThan(10);

    // Unsorted: newest first; the header offers the sort.
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('none');
    await visible(page, 'device-sn').first().waitFor();
    await page.locator('[data-sort-field="sn"]:visible').click();
    expect(await shownSns(page)).toEqual(sorted.slice(0, 10));
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('ascending');
    expect(location(page)).toContain('orderBy=sn&order=asc');

    await page.locator('[data-sort-field="sn"]:visible').click();
    const descending = [...sorted].reverse();
    expect(await shownSns(page)).toEqual(descending.slice(0, 10));
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('descending');
    expect(location(page)).toContain('orderBy=sn&order=desc');
    // The next page continues the same order.
    await visible(page, 'pager').getByText('2', { exact: true }).click();
    expect(await shownSns(page)).toEqual(descending.slice(10, 20));

    // The sort is part of the address: a reload shows the same order.
    await saveView(page, 'SN 倒序');
    await page.reload();
    await page.getByTestId('layout').waitFor();
    expect(await shownSns(page)).toEqual(descending.slice(0, 10));
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('descending');

    // Back to the list's own order, then the saved view brings the sort back.
    await page.locator('[data-sort-field="sn"]:visible').click();
    await page.waitForURL((url) => !url.search.includes('orderBy'));
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('none');
    await pickView(page, 'SN 倒序');
    expect(await shownSns(page)).toEqual(descending.slice(0, 10));
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('descending');
    await page.waitForURL((url) => url.search.includes('orderBy=sn'));

    // The export writes what the list shows, in its order, with Chinese headers.
    const lines = await exportCsv(page, '已完成');
    expect(lines[0]).toMatch(/^设备SN,型号,品牌,产品/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(descending);
  });

  it('saves a view with chosen columns and a filter, shares it, and deletes it (en)', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await loginAs(page);
    await inEnglish(page);
    await openFromMenu(page, 'devices', 'Device info');
    const sorted = await allSns(page);

    await page.locator('[data-testid="filter-sn"]:visible').fill(sorted[0]!.slice(0, 4));
    await page.locator('[data-testid="filter-search"]:visible').click();
    await page.locator('[data-sort-field="sn"]:visible').click();
    const filtered = sorted.filter((sn) => sn.startsWith(sorted[0]!.slice(0, 4)));
    expect(await shownSns(page)).toEqual(filtered.slice(0, 10));
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('ascending');

    // Hide the IP column, then save all of it as a shared view.
    await visible(page, 'list-columns').click();
    await page.getByTestId('column-toggle-ip').click();
    await page.keyboard.press('Escape');
    await page.locator('th:visible', { hasText: 'IP' }).waitFor({ state: 'detached' });
    await saveView(page, 'First SNs', true);

    // Clear everything, then pick the view: filter, sort and columns come back.
    await page.locator('button:visible', { hasText: 'Reset' }).click();
    await page.locator('[data-sort-field="sn"]:visible').click();
    await page.locator('[data-sort-field="sn"]:visible').click();
    await visible(page, 'list-columns').click();
    await page.getByTestId('column-toggle-ip').click();
    await page.keyboard.press('Escape');
    await page.locator('th:visible', { hasText: 'IP' }).waitFor();
    await pickView(page, 'First SNs');
    expect(await shownSns(page)).toEqual(filtered.slice(0, 10));
    expect(await snHeader(page).getAttribute('aria-sort')).toBe('ascending');
    await page.locator('th:visible', { hasText: 'IP' }).waitFor({ state: 'detached' });
    expect(await page.locator('[data-testid="filter-sn"]:visible').inputValue()).toBe(sorted[0]!.slice(0, 4));

    // The export follows the view's filter and sort, with English headers.
    const lines = await exportCsv(page, 'Done');
    expect(lines[0]).toMatch(/^SN,Sub-model,Brand,Product/);
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(filtered);

    // Shared: another staff member of the brand sees it (and cannot delete it).
    const viewer = await h.newPage({ locale: 'en-US' });
    await loginAs(viewer, 'viewer', 'viewer12345');
    await viewer.goto('/device-info-list');
    await visible(viewer, 'saved-views').click();
    const seen = viewer.locator('[data-testid="saved-view"][data-view-name="First SNs"]');
    await seen.waitFor();
    expect(await seen.locator('[data-testid="saved-view-delete"]').count()).toBe(0);

    // Its owner deletes it.
    await visible(page, 'saved-views').click();
    await page
      .locator('[data-testid="saved-view"][data-view-name="First SNs"] [data-testid="saved-view-delete"]')
      .click();
    await page.getByTestId('confirm-ok').click();
    await visible(page, 'saved-views').click();
    await page
      .locator('[data-testid="saved-view"][data-view-name="First SNs"]')
      .waitFor({ state: 'detached' });
  });
});
