import { crc32, deflateSync } from 'node:zlib';
import pg from 'pg';
import type { Locator, Page } from 'playwright-core';
import { settles } from './support/waits.js';

/**
 * Helpers of the recipe reference-data browser tests (catalog-*.e2e.ts): a real PNG to upload, and the few
 * gestures those screens share (menu, rows, confirmations, field errors).
 */

/**
 * Deletes the demo brand's rows of a reference-data table (only those of these Chinese names, when given): the
 * test starts from a list it knows, whatever the seed or an earlier test of the file left.
 */
export async function clearDemoRows(databaseUrl: string, table: string, zhNames?: string[]) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    if (zhNames)
      await pool.query(`DELETE FROM ${table} WHERE brand_owner_code = 'DEMO' AND names->>'zh' = ANY($1)`, [
        zhNames,
      ]);
    else await pool.query(`DELETE FROM ${table} WHERE brand_owner_code = 'DEMO'`);
  } finally {
    await pool.end();
  }
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid RGB PNG of `size`×`size` pixels in one colour. Uncompressible noise can be appended after the image
 * (`padTo` bytes in total, in an ancillary chunk) to make a file over the 300 KB limit.
 */
export function pngImage(size = 8, rgb: [number, number, number] = [220, 60, 40], padTo = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit depth, truecolour, default compression/filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  const parts = [Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels)];
  const used = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (padTo > used + 12) parts.push(chunk('tEXt', Buffer.alloc(padTo - used - 12, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** Opens a page from the sidebar (opening its group when needed), as a user would. */
export async function openFromMenu(page: Page, group: string, title: string) {
  const sidebar = page.getByTestId('sidebar');
  const item = sidebar.getByRole('link', { name: title, exact: true });
  if (!(await item.isVisible())) await page.getByTestId(`menu-group-${group}`).click();
  await item.click();
  const opened = page.getByTestId('page-title').getByText(title, { exact: true });
  // A click that lands while the layout re-renders (a language switch just before, a loaded machine) can be
  // lost; a person would click again, and so does this.
  if (
    !(await opened.waitFor({ timeout: 7_000 }).then(
      () => true,
      () => false,
    ))
  ) {
    await item.click();
    await opened.waitFor();
  }
}

/** The table row holding `text`. */
export function row(page: Page, text: string) {
  return page.locator('tbody tr', { hasText: text });
}

/** Ticks the rows holding these texts. */
export async function selectRows(page: Page, texts: string[]) {
  for (const text of texts) await row(page, text).getByRole('checkbox').check();
}

/** Answers the open §8 confirmation, returning its message. */
export async function confirm(page: Page): Promise<string> {
  const message = (await page.getByTestId('confirm-message').textContent()) ?? '';
  await page.getByTestId('confirm-ok').click();
  await page.getByTestId('confirm-message').waitFor({ state: 'detached' });
  return message;
}

/** The error element of the Mantine input with this test id (inside `scope`: the page, a dialog, a form row). */
function errorOf(scope: Page | Locator, testId: string): Locator {
  return scope
    .getByTestId(testId)
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " mantine-InputWrapper-root ")][1]')
    .locator(':scope > .mantine-InputWrapper-error');
}

/** The error shown under that input now (empty when none). */
export async function fieldError(scope: Page | Locator, testId: string): Promise<string> {
  const error = errorOf(scope, testId);
  return (await error.count()) ? ((await error.textContent()) ?? '') : '';
}

/** Waits until that input shows `text` as its error. */
export async function waitForFieldError(scope: Page | Locator, testId: string, text: string) {
  await errorOf(scope, testId).getByText(text, { exact: true }).waitFor();
}

/** Fills the list's filter bar and searches. */
export async function search(page: Page, filters: Record<string, string>) {
  for (const [name, value] of Object.entries(filters)) await page.getByTestId(`filter-${name}`).fill(value);
  await page.getByTestId('filter-search').click();
}

/** Searches by these filters and waits until one row is left, whose number column says `number`. */
export async function searchFindsOne(page: Page, filters: Record<string, string>, number: string) {
  await search(page, filters);
  await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
  await settles(() => column(page, 'number'), [number]);
}

/**
 * Ticks the rows holding these texts and deletes them from the batch bar, answering its §8 confirmation, then waits
 * for the pager to say `total`. Returns the confirmation's message.
 */
export async function batchDeleteRows(page: Page, texts: string[], total: string): Promise<string> {
  await selectRows(page, texts);
  await page.getByTestId('batch-delete').click();
  const message = await confirm(page);
  await page.getByTestId('pager-total').getByText(total).waitFor();
  return message;
}

/** Leaves a form holding typed input by its Cancel, dropping the input at the question it asks. */
export async function cancelAndDiscard(page: Page) {
  await page.getByTestId('form-cancel').click();
  await page.getByTestId('leave-discard').click();
}

/** Fills a reference form's number and its names in the languages given. */
export async function fillNumberAndNames(page: Page, values: { number: string; zh: string; en?: string }) {
  await page.getByTestId('field-number').fill(values.number);
  await page.getByTestId('name-zh').fill(values.zh);
  if (values.en !== undefined) await page.getByTestId('name-en').fill(values.en);
}

/** Chooses `option` in the Mantine select with this test id. */
export async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The texts of one column (by its header's accessor) of the current table page. */
export async function column(page: Page, accessor: string): Promise<string[]> {
  const header = page.locator(`thead th[data-accessor="${accessor}"]`);
  await header.waitFor();
  const index = await header.evaluate((th) => Array.from(th.parentElement!.children).indexOf(th));
  return page
    .locator('tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((r) => r.children[i]?.textContent?.trim() ?? '').filter((t) => t !== ''),
      index,
    );
}
