import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { choose, confirm, openFromMenu, search } from './catalog-support.js';
import { harnessForFile } from './support/harness.js';
import { searchList, signedInPage, visibleRow as row } from './support/gestures.js';

// One system for the file, with the projector running so the recipe lists fill from the demo recipes' events.
const h = harnessForFile({ projector: true });

async function selectRows(page: Page, texts: string[]) {
  for (const text of texts) await row(page, text).getByRole('checkbox').check();
}

/** The texts of one column (by its header's accessor) of the table on screen. */
async function column(page: Page, accessor: string): Promise<string[]> {
  const header = page.locator(`thead th[data-accessor="${accessor}"]:visible`);
  await header.waitFor();
  const index = await header.evaluate((th) => Array.from(th.parentElement!.children).indexOf(th));
  return page
    .locator('tbody tr:visible')
    .evaluateAll(
      (rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? '').filter((t) => t !== ''),
      index,
    );
}

/** The status badge text of the row holding `text`. */
function statusOf(page: Page, text: string) {
  return row(page, text).getByTestId('recipe-status');
}

describe('recipe library (zh)', () => {
  it('filters, releases a waiting recipe in place and shows why an illegal release is refused', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, 'recipes', '菜谱库');
    await row(page, 'R-1001').waitFor();
    // The recycle bin has its own screen: the library leaves R-0901 out.
    expect(await column(page, 'number')).not.toContain('R-0901');

    await search(page, { number: 'R-100' });
    await row(page, 'P-2001').waitFor({ state: 'detached' });
    expect((await column(page, 'number')).sort()).toEqual(['R-1001', 'R-1002', 'R-1003', 'R-1004', 'R-1005']);

    // By name, in any of the recipe's languages and in any case.
    await search(page, { number: '', name: '鸡翅' });
    await row(page, 'R-1001').waitFor({ state: 'detached' });
    expect(await column(page, 'number')).toEqual(['R-1002']);
    await search(page, { name: 'BRISKET' });
    await row(page, 'R-1002').waitFor({ state: 'detached' });
    expect(await column(page, 'number')).toEqual(['R-1001']);
    await search(page, { name: '', number: 'R-100' });
    await row(page, 'R-1003').waitFor();

    await choose(page, 'filter-status', '待发布');
    await searchList(page);
    await row(page, 'R-1001').waitFor({ state: 'detached' });
    expect(await column(page, 'number')).toEqual(['R-1003']);

    // Recipes that support German: only R-1002.
    await page.getByRole('button', { name: '重置' }).click();
    await row(page, 'R-1001').waitFor();
    await choose(page, 'filter-lang', '德语');
    await searchList(page);
    await row(page, 'R-1001').waitFor({ state: 'detached' });
    expect(await column(page, 'number')).toEqual(['R-1002']);

    // Release from the row: a waiting recipe offers release, an editing one does not.
    await page.getByRole('button', { name: '重置' }).click();
    await row(page, 'R-1004').waitFor();
    expect(await row(page, 'R-1004').getByTestId('row-release').count()).toBe(0);
    await row(page, 'R-1003').getByTestId('row-release').click();
    expect(await confirm(page)).toContain('发布');
    await statusOf(page, 'R-1003').getByText('已发布', { exact: true }).waitFor();
    expect(await row(page, 'R-1003').locator('td').nth(6).textContent()).toBe('1');

    // A batch release with an editing recipe in it: the API refuses that one and says why, in Chinese.
    await selectRows(page, ['R-1004']);
    await page.getByTestId('batch-release').click();
    await confirm(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('batch-summary').getByText('成功 0 条，失败 1 条', { exact: false }).waitFor();
    await dialog.getByText('菜谱R-1004当前为“编辑中”，不能发布', { exact: false }).waitFor();
  });

  it('opens the calendar of the date filter on the first click and shows the range chosen', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, 'recipes', '菜谱库');
    await row(page, 'R-1001').waitFor();
    const field = page.getByTestId('filter-updated');
    await field.click();
    const days = page.locator('[data-dates-dropdown] button.mantine-DatePickerInput-day:not([data-outside])');
    await days.first().waitFor();
    await days.nth(0).click();
    await days.nth(1).click();
    await page.locator('[data-dates-dropdown]').waitFor({ state: 'detached' });
    expect(await field.textContent()).toMatch(/^\d{4}-\d{2}-01 – \d{4}-\d{2}-02$/);
    // Its label names it for a screen reader, before and after the picker's code has come.
    expect(await page.getByLabel('更新时间', { exact: true }).getAttribute('data-testid')).toBe(
      'filter-updated',
    );
  });
});

describe('recipe library (en)', () => {
  it('submits a recipe in place, refuses an incomplete one, deletes to the recycle bin and recovers', async () => {
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'recipes', 'Recipe library');
    await row(page, 'R-1004').waitFor();

    // Submit from the row: the status changes without a reload.
    await row(page, 'R-1004').getByTestId('row-submit').click();
    expect(await confirm(page)).toBe('Submit for review?');
    await statusOf(page, 'R-1004').getByText('Waiting for release', { exact: true }).waitFor();
    // R-1005 is a bare draft: its submit is refused with the translated reason, and it stays in editing.
    await row(page, 'R-1005').getByTestId('row-submit').click();
    await confirm(page);
    await page.getByText('Recipe R-1005 is incomplete and cannot be submitted', { exact: false }).waitFor();
    await statusOf(page, 'R-1005').getByText('Editing', { exact: true }).waitFor();

    // Delete R-1005 to the recycle bin: it leaves the library at once and the bin counts it.
    await selectRows(page, ['R-1005']);
    await page.getByTestId('batch-delete').click();
    expect(await confirm(page)).toBe('Delete the 1 selected records?');
    await row(page, 'R-1005').waitFor({ state: 'detached' });
    await page.getByTestId('recycle-bin').getByText('Recycle bin (2)').waitFor();

    await page.getByTestId('recycle-bin').click();
    await page.getByTestId('page-title').getByText('Recycle bin', { exact: true }).waitFor();
    await row(page, 'R-1005').waitFor();
    // Last deleted first; the delete time's header sorts the bin on the server, and shows which way.
    expect(await column(page, 'number')).toEqual(['R-1005', 'R-0901']);
    const byDeletion = page.locator('[data-sort-field="deletedAt"]:visible');
    const header = page.locator('th:visible', { has: byDeletion });
    expect(await header.getAttribute('aria-sort')).toBe('none');
    await byDeletion.click();
    await page.locator('tbody tr:visible').first().getByText('R-0901').waitFor();
    expect(await column(page, 'number')).toEqual(['R-0901', 'R-1005']);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await byDeletion.click();
    await page.locator('tbody tr:visible').first().getByText('R-1005').waitFor();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    expect(new URL(page.url()).search).toContain('orderBy=deletedAt&order=desc');
    await row(page, 'R-1005').getByText('Editing', { exact: true }).waitFor();
    await row(page, 'R-1005').getByTestId('row-recover').click();
    expect(await confirm(page)).toBe('Recover it from the recycle bin?');
    await row(page, 'R-1005').waitFor({ state: 'detached' });

    await openFromMenu(page, 'recipes', 'Recipe library');
    await statusOf(page, 'R-1005').getByText('Editing', { exact: true }).waitFor();
  });

  it('lists online and paid recipes, and sets a recipe paid in a batch', async () => {
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'recipes', 'Paid recipes');
    await row(page, 'R-1002').waitFor();
    expect(await column(page, 'number')).toEqual(['R-1002']);

    await openFromMenu(page, 'recipes', 'Online recipes');
    await row(page, 'R-1001').waitFor();
    expect((await column(page, 'number')).sort()).toEqual(['R-1001', 'R-1002']);
    await selectRows(page, ['R-1001']);
    await page.getByTestId('batch-paid').click();
    expect(await confirm(page)).toBe('Change the online or paid setting of the 1 selected records?');
    await row(page, 'R-1001').locator('td').nth(8).getByText('Yes').waitFor();

    await openFromMenu(page, 'recipes', 'Paid recipes');
    await row(page, 'R-1001').waitFor();
  });
  it('links models to several recipes and refuses to unlink the last model of a released one', async () => {
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'recipes', 'Recipe library');
    await page.locator('[data-testid="link-models"]:visible').click();
    await page.getByTestId('page-title').getByText('Batch link models', { exact: true }).waitFor();
    await row(page, 'R-1003').waitFor();

    const models = page.locator('[data-testid="models-choice"]:visible');
    await models.click({ force: true });
    await page.getByRole('option', { name: 'Robot cooker TM-6 (TM-6)', exact: true }).click();
    await page.keyboard.press('Escape');
    await selectRows(page, ['R-1003', 'R-1004']);
    await page.locator('[data-testid="batch-link"]:visible').click();
    // The models by their names.
    await row(page, 'R-1003').getByText('Stand mixer SM-3 (SM-3), Robot cooker TM-6 (TM-6)').waitFor();
    await row(page, 'R-1004').getByText('Robot cooker TM-7 (TM-7), Robot cooker TM-6 (TM-6)').waitFor();

    // Unlinking both of R-1003's models would leave a released recipe with none: refused, with the reason.
    await models.click({ force: true });
    await page.getByRole('option', { name: 'Stand mixer SM-3 (SM-3)', exact: true }).click();
    await page.keyboard.press('Escape');
    await selectRows(page, ['R-1003']);
    await page.locator('[data-testid="batch-unlink"]:visible').click();
    await page
      .getByRole('dialog')
      .getByText('Recipe R-1003 is submitted or released and must keep at least one compatible model')
      .waitFor();
  });
});
