import { describe, expect, it } from '@jest/globals';
import type { DeviceListPage } from '@kb/contracts';
import type { Page } from 'playwright-core';
import { openFromMenu } from './catalog-support.js';
import { exportCsv, inEnglish, signedInPage, visible } from './support/gestures.js';
import { API_HEADERS, harnessForFile, location, loginAs, waitForLayout } from './support/harness.js';

// The list kit on the device list: sort by a column header (kept in the address), save the view, reload, pick
// the view again, and export what the list shows; in Chinese and in English. Then the same kit on the staff,
// test device and unit lists.
const h = harnessForFile();

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
    const page = await signedInPage(h);
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
    await waitForLayout(page);
    // The layout may come before the list: its rows are waited for, not read at once.
    await visible(page, 'device-sn').first().waitFor();
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

  /** The texts of a sortable column's cells on the visible page, once the list shows its latest query. */
  async function columnTexts(page: Page, field: string): Promise<string[]> {
    await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
    const table = page.locator('table:visible', { has: page.locator(`[data-sort-field="${field}"]`) });
    const headers = await table
      .locator('thead th')
      .evaluateAll(
        (ths, f) => ths.findIndex((th) => th.querySelector(`[data-sort-field="${f}"]`) !== null),
        field,
      );
    expect(headers).toBeGreaterThanOrEqual(0);
    return (await table.locator(`tbody tr td:nth-child(${headers + 1})`).allTextContents()).map((t) =>
      t.trim(),
    );
  }

  const header = (page: Page, field: string) =>
    page.locator('th:visible', { has: page.locator(`[data-sort-field="${field}"]`) });

  /** One list's column as the server sorts it (the whole list), read through the API. */
  async function serverOrder(page: Page, url: string, pick: (row: never) => string): Promise<string[]> {
    const res = await page.request.get(url, { headers: API_HEADERS });
    // A whole list is the page's rows, or (lists the spec reads whole) the rows themselves.
    const body = (await res.json()) as { data: { list: never[] } | never[] };
    return (Array.isArray(body.data) ? body.data : body.data.list).map(pick);
  }

  it('sorts the staff accounts and the online categories from the header, and saved views bring it back (zh)', async () => {
    const page = await signedInPage(h);
    await page.goto('/staff-list');
    await waitForLayout(page);
    const asc = await serverOrder(
      page,
      '/api/staff/list?orderBy=account&order=asc&onPage=false',
      (s: { account: string }) => s.account,
    );
    expect(asc.length).toBeGreaterThan(2);

    expect(await header(page, 'account').getAttribute('aria-sort')).toBe('none');
    await page.locator('[data-sort-field="account"]:visible').click();
    expect(await columnTexts(page, 'account')).toEqual(asc.slice(0, 10));
    expect(await header(page, 'account').getAttribute('aria-sort')).toBe('ascending');
    expect(location(page)).toContain('orderBy=account&order=asc');
    await page.locator('[data-sort-field="account"]:visible').click();
    expect(await columnTexts(page, 'account')).toEqual([...asc].reverse().slice(0, 10));
    expect(await header(page, 'account').getAttribute('aria-sort')).toBe('descending');

    await saveView(page, '账号倒序');
    // Back to the list's own order (newest first), then the view sorts again.
    await page.locator('[data-sort-field="account"]:visible').click();
    await page.waitForURL((url) => !url.search.includes('orderBy'));
    expect(await header(page, 'account').getAttribute('aria-sort')).toBe('none');
    await pickView(page, '账号倒序');
    expect(await columnTexts(page, 'account')).toEqual([...asc].reverse().slice(0, 10));
    expect(await header(page, 'account').getAttribute('aria-sort')).toBe('descending');
    // The header's title says the sort in Chinese.
    expect(await page.locator('[data-sort-field="account"]:visible').getAttribute('title')).toBe(
      '账号：降序，点击取消排序',
    );

    // Online categories sort by the name shown, on the server.
    const added = await page.request.post('/api/appOnlineCategory/batchAdd', {
      headers: API_HEADERS,
      data: {
        categories: [
          { names: { zh: '乙 早餐' }, sort: 1 },
          { names: { zh: '丙 晚餐' }, sort: 2 },
          { names: { zh: '甲 午餐' }, sort: 3 },
        ],
      },
    });
    expect(added.status()).toBe(200);
    const byName = await serverOrder(
      page,
      '/api/appOnlineCategory/list?orderBy=name&order=desc&onPage=false',
      (c: { name: string }) => c.name,
    );
    await page.goto('/online-cate/list');
    await waitForLayout(page);
    await page.locator('[data-sort-field="name"]:visible').click();
    await page.locator('[data-sort-field="name"]:visible').click();
    expect(await columnTexts(page, 'name')).toEqual(byName.slice(0, 10));
    expect(await header(page, 'name').getAttribute('aria-sort')).toBe('descending');
    await saveView(page, '名称倒序');
    await page.locator('[data-sort-field="sort"]:visible').click();
    expect(await header(page, 'name').getAttribute('aria-sort')).toBe('none');
    await pickView(page, '名称倒序');
    expect(await columnTexts(page, 'name')).toEqual(byName.slice(0, 10));
    expect(await header(page, 'name').getAttribute('aria-sort')).toBe('descending');
  });

  it('sorts the test devices by SN, saves the view with a hidden column, and sorts the units (en)', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await loginAs(page);
    await inEnglish(page);
    const sns = (await allSns(page)).slice(3, 6);
    // The test starts from an empty test device group.
    const group = await page.request.get('/api/testDevice/list?pageNum=1&pageSize=100', {
      headers: API_HEADERS,
    });
    const ids = ((await group.json()) as { data: { list: { id: string }[] } }).data.list.map((d) => d.id);
    if (ids.length)
      expect(
        (
          await page.request.post('/api/testDevice/batchDelete', { headers: API_HEADERS, data: { ids } })
        ).status(),
      ).toBe(200);
    for (const sn of [sns[1], sns[2], sns[0]]) {
      const added = await page.request.post('/api/testDevice/add', {
        headers: API_HEADERS,
        data: { sn, remark: `bench ${sn}` },
      });
      expect(added.status()).toBe(200);
    }
    await page.goto('/test-device-list');
    await waitForLayout(page);
    // Newest first without a sort; SN ascending and descending from the header.
    expect(await columnTexts(page, 'sn')).toEqual([sns[0], sns[2], sns[1]]);
    await page.locator('[data-sort-field="sn"]:visible').click();
    expect(await columnTexts(page, 'sn')).toEqual(sns);
    await page.locator('[data-sort-field="sn"]:visible').click();
    expect(await columnTexts(page, 'sn')).toEqual([...sns].reverse());
    expect(await header(page, 'sn').getAttribute('aria-sort')).toBe('descending');
    expect(location(page)).toContain('orderBy=sn&order=desc');

    // Hide the remark column and save it all as a view.
    await visible(page, 'list-columns').click();
    await page.getByTestId('column-toggle-remark').click();
    await page.keyboard.press('Escape');
    await page.locator('td:visible', { hasText: `bench ${sns[0]}` }).waitFor({ state: 'detached' });
    await saveView(page, 'Test SNs down');

    // Back to newest first with every column, then the view brings sort and columns back.
    await page.locator('[data-sort-field="sn"]:visible').click();
    await page.waitForURL((url) => !url.search.includes('orderBy'));
    await visible(page, 'list-columns').click();
    await page.getByTestId('column-toggle-remark').click();
    await page.keyboard.press('Escape');
    await page.locator('td:visible', { hasText: `bench ${sns[0]}` }).waitFor();
    expect(await columnTexts(page, 'sn')).toEqual([sns[0], sns[2], sns[1]]);
    await pickView(page, 'Test SNs down');
    expect(await columnTexts(page, 'sn')).toEqual([...sns].reverse());
    expect(await header(page, 'sn').getAttribute('aria-sort')).toBe('descending');
    await page.locator('td:visible', { hasText: `bench ${sns[0]}` }).waitFor({ state: 'detached' });

    // Units (a reference list the screen pages itself): the server sorts the whole list by last change.
    // Named apart from the brand's seeded units (克 g, 只 pcs…).
    const tag = Date.now().toString(36).slice(-4);
    const units = [`Kilogram ${tag}`, `Spoon ${tag}`, `Cup ${tag}`];
    for (const [zh, en] of [
      [`千克${tag}`, units[0]],
      [`勺${tag}`, units[1]],
      [`杯${tag}`, units[2]],
    ]) {
      const unit = await page.request.post('/api/boUnit/add', {
        headers: API_HEADERS,
        data: { names: { zh, en } },
      });
      expect(unit.status()).toBe(200);
    }
    const unitOrder = async () => {
      await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
      const rows = await page.locator('tbody:visible tr').allTextContents();
      return rows.map((text) => units.find((u) => text.includes(u))).filter((u) => u !== undefined);
    };
    await page.goto('/unit-list');
    await waitForLayout(page);
    await page.locator('[data-sort-field="updatedAt"]:visible').click();
    expect(await unitOrder()).toEqual(units);
    await page.locator('[data-sort-field="updatedAt"]:visible').click();
    expect(await unitOrder()).toEqual([...units].reverse());
    expect(await header(page, 'updatedAt').getAttribute('aria-sort')).toBe('descending');
    await saveView(page, 'Last changed units');
    await page.locator('[data-sort-field="updatedAt"]:visible').click();
    await page.waitForURL((url) => !url.search.includes('orderBy'));
    await page.locator('[data-sort-field="updatedAt"]:visible').click();
    expect(await unitOrder()).toEqual(units);
    await pickView(page, 'Last changed units');
    expect(await unitOrder()).toEqual([...units].reverse());
    expect(await header(page, 'updatedAt').getAttribute('aria-sort')).toBe('descending');
  });
});
