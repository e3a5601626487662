import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { goInApp, harnessForFile } from './support/harness.js';
import { signedInPage } from './support/gestures.js';
import { settles } from './support/waits.js';

const h = harnessForFile();

/** What the sort field shows: its error text and whether it is drawn as invalid (the red border). */
async function sortState(page: Page): Promise<{ error: string; invalid: boolean }> {
  const input = page.getByTestId('field-sort');
  const wrapper = input.locator(
    'xpath=ancestor::div[contains(concat(" ", @class, " "), " mantine-InputWrapper-root ")][1]',
  );
  const error = wrapper.locator(':scope > .mantine-InputWrapper-error');
  return {
    error: (await error.count()) ? ((await error.textContent()) ?? '') : '',
    invalid:
      (await input.getAttribute('aria-invalid')) === 'true' ||
      (await input.getAttribute('data-error')) !== null,
  };
}

async function sortBecomes(page: Page, expected: { error: string; invalid: boolean }) {
  await settles(() => sortState(page), expected);
}

async function checkSort(page: Page, addTitle: string, message: string) {
  await goInApp(page, '/category-set-add');
  await page.getByTestId('page-title').getByText(addTitle, { exact: true }).waitFor();
  const saves: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/recipeCategory/')) saves.push(r.url());
  });
  await page.getByTestId('field-number').fill('C-SORT');
  await page.getByTestId('name-zh').fill('排序测试');
  await page.getByTestId('field-sort').fill('abc');
  await sortBecomes(page, { error: message, invalid: true });
  await page.getByTestId('form-submit').click();
  await sortBecomes(page, { error: message, invalid: true });
  expect(saves).toEqual([]);
  await page.getByTestId('field-sort').fill('12');
  // Fixed: no message and no red border left behind.
  await sortBecomes(page, { error: '', invalid: false });
}

describe('category sort', () => {
  it('(zh) refuses letters at once and clears the error and the red border once fixed', async () => {
    const page = await signedInPage(h);
    await checkSort(page, '新增分类', '排序必须为数字');
  });

  it('(en) the same in English', async () => {
    const page = await signedInPage(h, 'en');
    await checkSort(page, 'Add category', 'Sort must be numeric');
  });
});
