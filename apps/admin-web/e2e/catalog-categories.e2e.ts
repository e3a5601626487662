import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  batchDeleteRows,
  cancelAndDiscard,
  choose,
  clearDemoRows,
  column,
  confirm,
  fieldError,
  fillNumberAndNames,
  openFromMenu,
  pngImage,
  row,
  search,
  searchFindsOne,
  waitForFieldError,
} from './catalog-support.js';
import { API_HEADERS, harnessForFile, location, loginAs } from './support/harness.js';
import { searchList, signedInOnClearedList, signedInPage } from './support/gestures.js';
import { apiPost } from './support/api.js';
import { settles } from './support/waits.js';

// One system for the whole file: category settings in Chinese, and language settings (brand OTHER).
const h = harnessForFile();

async function fillCategory(page: Page, values: { number: string; zh: string; en?: string; sort?: string }) {
  await fillNumberAndNames(page, values);
  if (values.sort !== undefined) await page.getByTestId('field-sort').fill(values.sort);
}

async function saveAndBackToList(page: Page) {
  await page.getByTestId('form-submit').click();
  await page.waitForURL('**/category-set-list');
  await page.getByTestId('page-title').getByText('分类设置', { exact: true }).waitFor();
}

describe('category settings (zh)', () => {
  it('creates with a picture, shows §5 messages and a taken number under its field, edits, searches and batch-deletes', async () => {
    const page = await signedInOnClearedList(h, 'zh', ['recipes', '分类设置'], 'recipe_categories');

    // Nothing selected: the batch delete refuses (§5).
    await page.getByTestId('batch-delete').click();
    await page.getByText('请选择一条记录').waitFor();

    await page.getByTestId('add').click();
    await page.getByTestId('page-title').getByText('新增分类', { exact: true }).waitFor();
    // The brand's languages, main (Chinese) first and required (their fields render once the languages load).
    await page.getByTestId('name-fr').waitFor();
    const nameFields = await page
      .locator('[data-testid^="name-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(nameFields).toEqual(['name-zh', 'name-en', 'name-de', 'name-fr']);
    await expect(page.getByTestId('field-mainLang').inputValue()).resolves.toBe('中文');

    // §5 messages before anything is sent.
    await page.getByTestId('form-submit').click();
    await waitForFieldError(page, 'field-number', '编号不能为空');
    expect(await fieldError(page, 'name-zh')).toBe('主语言名称不能为空');
    await page.getByTestId('field-sort').fill('abc');
    await page.getByTestId('field-number').focus();
    await waitForFieldError(page, 'field-sort', '排序必须为数字');
    // Choosing English as main language makes the English name the required one.
    await choose(page, 'field-mainLang', '英语');
    await page.getByTestId('form-submit').click();
    await waitForFieldError(page, 'name-en', '主语言名称不能为空');
    await choose(page, 'field-mainLang', '中文');

    await fillCategory(page, { number: 'SOUP', zh: '汤品', en: 'Soups', sort: '2' });
    // Too large a picture is refused before it is sent; a small real PNG is uploaded and shown.
    const dropzone = page.getByTestId('image-dropzone').locator('input[type=file]');
    await dropzone.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: pngImage(8, [0, 0, 0], 301 * 1024),
    });
    await page.getByText('“huge.png”超过 300KB').waitFor();
    await expect(page.getByTestId('uploaded-image').count()).resolves.toBe(0);
    await dropzone.setInputFiles({ name: 'soup.png', mimeType: 'image/png', buffer: pngImage(16) });
    await page.getByTestId('uploaded-image').waitFor();
    await saveAndBackToList(page);
    await row(page, 'SOUP').getByText('汤品').waitFor();
    const thumb = await row(page, 'SOUP').locator('img').getAttribute('src');
    expect(thumb).toMatch(/^\/api\/file\/download\?fileCode=[0-9a-f-]{36}$/);
    const picture = await page.request.get(thumb!);
    expect(picture.headers()['content-type']).toBe('image/png');

    await page.getByTestId('add').click();
    await fillCategory(page, { number: 'BAKE', zh: '烘焙', sort: '1' });
    await saveAndBackToList(page);
    await row(page, 'BAKE').waitFor();
    await settles(() => column(page, 'number'), ['BAKE', 'SOUP']);

    // The number is unique per brand: the server's answer shows under the number field.
    await page.getByTestId('add').click();
    await fillCategory(page, { number: 'SOUP', zh: '另一个汤' });
    await page.getByTestId('form-submit').click();
    await waitForFieldError(page, 'field-number', '编号已存在');
    expect(location(page)).toBe('/category-set-add');
    // Leaving drops what was typed, so it asks first.
    await cancelAndDiscard(page);

    // Edit opens as its own tab keyed by the record id; saving goes back to the list, which shows the change.
    await openFromMenu(page, 'recipes', '分类设置');
    await row(page, 'SOUP').getByTestId('row-edit').click();
    await page.getByTestId('page-title').getByText('编辑分类', { exact: true }).waitFor();
    expect(location(page)).toMatch(/^\/category-set-edit\?id=[0-9a-f-]{36}$/);
    await expect(page.getByTestId('name-en').inputValue()).resolves.toBe('Soups');
    await expect(page.getByTestId('uploaded-image').count()).resolves.toBe(1);
    await page.getByTestId('name-zh').fill('浓汤');
    await page.getByTestId('field-sort').fill('0');
    await saveAndBackToList(page);
    await row(page, 'SOUP').getByText('浓汤').waitFor();
    await settles(() => column(page, 'number'), ['SOUP', 'BAKE']);

    // Filters: number, name, language (a name in that language).
    await searchFindsOne(page, { number: 'BA' }, 'BAKE');
    await search(page, { number: '', name: '浓' });
    await row(page, 'SOUP').waitFor();
    await settles(() => column(page, 'number'), ['SOUP']);
    await search(page, { name: '' });
    await choose(page, 'filter-lang', '英语');
    await searchList(page);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await settles(() => column(page, 'number'), ['SOUP']);
    await page.getByRole('button', { name: '重置' }).click();
    await row(page, 'BAKE').waitFor();

    // Batch delete after the §8 confirmation naming the count.
    expect(await batchDeleteRows(page, ['SOUP', 'BAKE'], '共 0 条')).toBe('确定删除选中的 2 条记录吗？');
  });

  it('tells an editor who loaded an older version, and reloads the latest one', async () => {
    await clearDemoRows(h.system.db.url, 'recipe_categories');
    const page = await signedInPage(h);
    const created = await page.request.post('/api/recipeCategory/add', {
      data: { number: 'FRY', mainLang: 'zh', names: { zh: '煎炸' }, sort: 5 },
      headers: API_HEADERS,
    });
    const { id, version } = ((await created.json()) as { data: { id: string; version: number } }).data;

    await page.goto(`/category-set-edit?id=${id}`);
    await expect(page.getByTestId('name-zh').inputValue()).resolves.toBe('煎炸');
    // Someone else saves in between.
    const other = await page.request.post('/api/recipeCategory/update', {
      data: { id, version, number: 'FRY', mainLang: 'zh', names: { zh: '油炸', en: 'Fried' }, sort: 5 },
      headers: API_HEADERS,
    });
    expect(other.status()).toBe(200);

    await page.getByTestId('name-zh').fill('我的修改');
    await page.getByTestId('form-submit').click();
    await page.getByTestId('conflict').getByText('记录已被他人修改').waitFor();
    expect(location(page)).toBe(`/category-set-edit?id=${id}`);
    await page.getByTestId('conflict-reload').click();
    await page.getByTestId('conflict').waitFor({ state: 'detached' });
    await expect(page.getByTestId('name-zh').inputValue()).resolves.toBe('油炸');
    await expect(page.getByTestId('name-en').inputValue()).resolves.toBe('Fried');
    // Saving from the latest version works.
    await page.getByTestId('name-zh').fill('炸物');
    await saveAndBackToList(page);
    await row(page, 'FRY').getByText('炸物').waitFor();

    // Deleting one row asks first.
    await row(page, 'FRY').getByTestId('row-delete').click();
    expect(await confirm(page)).toBe('确定删除这条记录吗？');
    await page.getByTestId('pager-total').getByText('共 0 条').waitFor();
  });
});

describe('language settings', () => {
  it('saves the brand’s languages and main language, which the category form then offers', async () => {
    const page = await h.newPage();
    // Brand OTHER (English and German), so the Chinese tests above keep their languages.
    await loginAs(page, 'other', 'other12345');
    // The brand's languages set to a known pair, whatever the seed or an earlier test left.
    await apiPost(page, '/api/sysSupportLang/save', { langs: ['en', 'de'], mainLang: 'en' });
    await openFromMenu(page, 'recipes', '语言设置');
    await expect(page.getByTestId('lang-supported-en').isChecked()).resolves.toBe(true);
    await expect(page.getByTestId('lang-supported-de').isChecked()).resolves.toBe(true);
    await expect(page.getByTestId('lang-main-en').isChecked()).resolves.toBe(true);

    // Unticking every language is refused.
    await page.getByTestId('lang-supported-en').uncheck();
    await page.getByTestId('lang-supported-de').uncheck();
    await page.getByTestId('form-submit').click();
    await page.getByTestId('lang-problem').getByText('请至少选择一种语言').waitFor();

    // French and German, German the main one.
    await page.getByTestId('lang-supported-fr').check();
    await page.getByTestId('lang-main-de').check();
    await expect(page.getByTestId('lang-supported-de').isChecked()).resolves.toBe(true);
    await page.getByTestId('form-submit').click();
    await page.getByText('保存成功').waitFor();

    await page.reload();
    await page.getByTestId('lang-table').waitFor();
    await expect(page.getByTestId('lang-main-de').isChecked()).resolves.toBe(true);
    await expect(page.getByTestId('lang-supported-fr').isChecked()).resolves.toBe(true);
    await expect(page.getByTestId('lang-supported-en').isChecked()).resolves.toBe(false);

    await openFromMenu(page, 'recipes', '分类设置');
    await page.getByTestId('add').click();
    await page.getByTestId('name-de').waitFor();
    const nameFields = await page
      .locator('[data-testid^="name-"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(nameFields).toEqual(['name-de', 'name-fr']);
    await expect(page.getByTestId('field-mainLang').inputValue()).resolves.toBe('德语');
    await page.getByTestId('form-submit').click();
    await waitForFieldError(page, 'name-de', '主语言名称不能为空');
    expect(await fieldError(page, 'name-fr')).toBe('');
  });
});
