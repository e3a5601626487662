import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Page } from 'playwright-core';
import * as catalog from './catalog-support.js';
import { harnessForFile, location } from './support/harness.js';
import { signedInOnClearedList, signedInPage } from './support/gestures.js';
import { settles } from './support/waits.js';

// One system for the whole file: the accessory library in English, online categories in Chinese.
const h = harnessForFile();

function upload(page: Page, field: string, name: string, buffer: Buffer, mimeType = 'image/png') {
  return page
    .getByTestId(field)
    .getByTestId('image-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType, buffer });
}

async function addAccessory(
  page: Page,
  a: { number: string; zh: string; en: string; type: string; code?: string },
) {
  await page.getByTestId('add').click();
  await page.getByTestId('page-title').getByText('Add accessory', { exact: true }).waitFor();
  await catalog.fillNumberAndNames(page, a);
  await catalog.choose(page, 'field-type', a.type);
  if (a.code) await page.getByTestId('field-code').fill(a.code);
  await upload(page, 'field-photo', `${a.number}.png`, catalog.pngImage(12, [30, 120, 200]));
  await page.getByTestId('field-photo').getByTestId('uploaded-image').waitFor();
  await page.getByTestId('form-submit').click();
}

describe('accessory library (en)', () => {
  it('creates with an image, refuses a taken number under its field, edits, searches and batch-deletes', async () => {
    const page = await signedInOnClearedList(h, 'en', ['operations', 'Accessory library'], 'accessories');

    // §5: image, number, main-language name and type are required; checked before sending.
    await page.getByTestId('add').click();
    await page.getByTestId('form-submit').click();
    await catalog.waitForFieldError(page, 'field-number', 'Number cannot be empty');
    expect(await catalog.fieldError(page, 'name-zh')).toBe('The name in the main language is required');
    expect(await catalog.fieldError(page, 'field-type')).toBe('Choose the accessory type');
    await page.getByTestId('field-photo').getByText('Please upload an image').waitFor();
    // Only jpg and png.
    await upload(page, 'field-photo', 'notes.txt', Buffer.from('not an image'), 'text/plain');
    await page.getByText('“notes.txt”: file format error, only jpg and png').waitFor();
    await catalog.openFromMenu(page, 'operations', 'Accessory library');

    await addAccessory(page, { number: 'A-KNIFE', zh: '刀片', en: 'Blade', type: 'Ironware', code: 'K1' });
    await page.waitForURL('**/fitting-list');
    await catalog.row(page, 'A-KNIFE').getByText('Ironware').waitFor();
    const photo = await catalog.row(page, 'A-KNIFE').locator('img').getAttribute('src');
    expect((await page.request.get(photo!)).headers()['content-type']).toBe('image/png');

    // The device-side photo is optional; this one has it.
    await page.getByTestId('add').click();
    await catalog.fillNumberAndNames(page, { number: 'A-WHISK', zh: '打蛋器', en: 'Whisk' });
    await catalog.choose(page, 'field-type', 'Common');
    await upload(page, 'field-photo', 'whisk.png', catalog.pngImage(10));
    await upload(page, 'field-xtPhoto', 'whisk-device.png', catalog.pngImage(10, [0, 200, 0]));
    await page.getByTestId('field-xtPhoto').getByTestId('uploaded-image').waitFor();
    await page.getByTestId('field-photo').getByTestId('uploaded-image').waitFor();
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/fitting-list');
    await catalog.row(page, 'A-WHISK').waitFor();

    await addAccessory(page, { number: 'A-KNIFE', zh: '另一把刀', en: 'Other blade', type: 'Line' });
    await catalog.waitForFieldError(page, 'field-number', 'This number already exists');
    expect(location(page)).toBe('/fitting-add');
    // Leaving drops what was typed, so it asks first.
    await catalog.cancelAndDiscard(page);

    await catalog.openFromMenu(page, 'operations', 'Accessory library');
    await catalog.row(page, 'A-WHISK').getByTestId('row-edit').click();
    await page.getByTestId('page-title').getByText('Edit accessory', { exact: true }).waitFor();
    await page.getByTestId('field-xtPhoto').getByTestId('uploaded-image').waitFor();
    await page.getByTestId('name-en').fill('Balloon whisk');
    await catalog.choose(page, 'field-type', 'Plastic');
    await page.getByTestId('field-accessoryCode').fill('ACC-7');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/fitting-list');
    await catalog.row(page, 'A-WHISK').getByText('Balloon whisk').waitFor();
    await catalog.row(page, 'A-WHISK').getByText('Plastic').waitFor();
    await catalog.row(page, 'A-WHISK').getByText('ACC-7').waitFor();

    await catalog.searchFindsOne(page, { number: 'KNI' }, 'A-KNIFE');
    await catalog.searchFindsOne(page, { number: '', name: 'balloon' }, 'A-WHISK');
    await page.getByRole('button', { name: 'Reset' }).click();
    await catalog.row(page, 'A-KNIFE').waitFor();

    expect(await catalog.batchDeleteRows(page, ['A-KNIFE', 'A-WHISK'], 'Total 0')).toBe(
      'Delete the 2 selected records?',
    );
  });
});

describe('online categories (zh)', () => {
  it('creates several at once, shows one with its recipes, removes a recipe, and deletes them', async () => {
    const page = await signedInPage(h);
    await catalog.openFromMenu(page, 'recipes', '在线菜谱分类');

    await page.getByTestId('add').click();
    await page.getByTestId('page-title').getByText('新增在线分类', { exact: true }).waitFor();
    const first = page.getByTestId('online-row-0');
    await first.getByTestId('name-zh').fill('早餐');
    await first.getByTestId('name-en').fill('Breakfast');
    await first.getByTestId('field-sort').fill('1');
    await first
      .getByTestId('image-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'breakfast.png', mimeType: 'image/png', buffer: catalog.pngImage(20) });
    await first.getByTestId('uploaded-image').waitFor();
    await page.getByTestId('online-add-row').click();
    const second = page.getByTestId('online-row-1');
    await second.getByTestId('field-sort').fill('二');
    await second.getByTestId('field-sort').blur();
    await catalog.waitForFieldError(second, 'field-sort', '排序必须为数字');
    await page.getByTestId('form-submit').click();
    await catalog.waitForFieldError(second, 'name-zh', '主语言名称不能为空');
    expect(await catalog.fieldError(first, 'name-zh')).toBe('');
    await second.getByTestId('name-zh').fill('晚餐');
    await second.getByTestId('field-sort').fill('2');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/online-cate/list');
    await catalog.row(page, '晚餐').waitFor();
    await settles(() => catalog.column(page, 'name'), ['早餐', '晚餐']);

    await catalog.search(page, { name: '早' });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await page.getByRole('button', { name: '重置' }).click();
    await catalog.row(page, '晚餐').waitFor();

    // Details: names per language, sort, picture, and (none yet) recipes.
    await catalog.row(page, '早餐').getByTestId('row-detail').click();
    await page.getByTestId('page-title').getByText('在线分类详情', { exact: true }).waitFor();
    expect(location(page)).toMatch(/^\/online-cate\/detail\?id=[0-9a-f-]{36}$/);
    const id = new URL(page.url()).searchParams.get('id')!;
    await page.getByTestId('detail-name-en-value').getByText('Breakfast').waitFor();
    await expect(page.getByTestId('detail-sort-value').textContent()).resolves.toBe('1');
    await page.getByTestId('no-recipes').waitFor();

    // The recipe picker lists the recipe library (GET /api/recipe/list) as it answers.
    await page.getByTestId('open-recipes').click();
    await page.getByTestId('page-title').getByText('在线分类菜谱', { exact: true }).waitFor();
    await page.getByTestId('category-name').getByText('早餐').waitFor();
    await page.getByTestId('add-recipes').click();
    const picker = page.getByTestId('recipe-picker');
    await picker.getByTestId('pager-total').waitFor();
    await expect(picker.getByTestId('picker-unavailable').count()).resolves.toBe(0);
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });

    // A linked recipe that no longer exists (a link stored before the recipe was cleared: the API refuses to
    // link an unknown recipe, so the row is written as old data would be) shows its id and can be removed.
    const gone = randomUUID();
    const pool = new pg.Pool({ connectionString: h.system.db.url, max: 1 });
    try {
      await pool.query(
        `INSERT INTO app_online_category_recipes (category_id, brand_owner_code, recipe_id, sort)
         VALUES ($1, 'DEMO', $2, 99)`,
        [id, gone],
      );
    } finally {
      await pool.end();
    }
    await page.reload();
    await catalog.row(page, gone).getByText('（菜谱已不存在）').waitFor();
    await catalog.selectRows(page, [gone]);
    await page.getByTestId('batch-remove').click();
    expect(await catalog.confirm(page)).toBe('确定删除选中的 1 条记录吗？');
    await page.getByTestId('pager-total').getByText('共 0 条').waitFor();

    await catalog.openFromMenu(page, 'recipes', '在线菜谱分类');
    expect(await catalog.batchDeleteRows(page, ['早餐', '晚餐'], '共 0 条')).toBe(
      '确定删除选中的 2 条记录吗？',
    );
  });
});
