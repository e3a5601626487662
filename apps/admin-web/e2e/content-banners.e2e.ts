import { describe, expect, it } from '@jest/globals';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { clearDemoRows, pngImage } from './catalog-support.js';
import { releasedRecipes } from './content-support.js';
import { goInApp, harnessForFile, tab } from './support/harness.js';
import { searchList, signedInPage, visible, visibleRow } from './support/gestures.js';
import { ownTag } from './support/waits.js';

// The recipe read model (released recipes to link) is the projector's.
const h = harnessForFile({ projector: true });

/** Chooses `option` in the visible Mantine select with this test id. */
async function chooseVisible(page: Page, testId: string, option: string) {
  await visible(page, testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The visible error under the Mantine input (or wrapper) with this test id. */
function errorUnder(page: Page, testId: string) {
  return visible(page, testId)
    .locator(
      'xpath=ancestor-or-self::div[contains(concat(" ", @class, " "), " mantine-InputWrapper-root ")][1]',
    )
    .locator(':scope > .mantine-InputWrapper-error');
}

describe('banners (zh)', () => {
  it('creates a banner with an image and a linked released recipe, and shows it in the list, its details and its recipes', async () => {
    const page = await signedInPage(h);
    const [recipe] = await releasedRecipes(page);
    expect(recipe).toBeDefined();
    await page.getByTestId('sidebar').getByRole('link', { name: 'Banner管理', exact: true }).click();
    await page.getByTestId('page-title').getByText('Banner管理', { exact: true }).waitFor();
    await expect(page.getByTestId('not-built').count()).resolves.toBe(0);

    await visible(page, 'add').click();
    await page.getByTestId('page-title').getByText('新增Banner', { exact: true }).waitFor();
    // Nothing filled: the contract's rules answer under the fields, in Chinese.
    await visible(page, 'form-submit').click();
    await errorUnder(page, 'field-name').getByText('请输入名称').waitFor();
    await errorUnder(page, 'field-position').getByText('请选择展示位置').waitFor();
    await page.getByText('轮播图须上传且只能上传1张图片').waitFor();

    // A banner of this test's own name: the list shows exactly the one it made.
    const tag = ownTag();
    const name = `春季新品${tag}`;
    await visible(page, 'field-name').fill(name);
    await visible(page, 'field-identification').fill(`spring-${tag}`);
    await chooseVisible(page, 'field-position', 'APP首页');
    await visible(page, 'image-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: pngImage(16, [30, 160, 90]) });
    await visible(page, 'uploaded-image').waitFor();
    await visible(page, 'field-url').fill('not a link');
    await visible(page, 'form-submit').click();
    await errorUnder(page, 'field-url').getByText('请输入以 http:// 或 https:// 开头的链接').waitFor();

    // A recipe banner needs a recipe: chosen from the brand's released recipes.
    await chooseVisible(page, 'field-linkKind', '菜谱');
    await expect(visible(page, 'field-url').count()).resolves.toBe(0);
    await visible(page, 'form-submit').click();
    await visible(page, 'field-recipeIds').getByText('请选择关联菜谱').waitFor();
    await visible(page, 'choose-recipes').click();
    const picker = page.getByTestId('recipe-picker');
    await picker.locator('tbody tr', { hasText: recipe!.number }).getByRole('checkbox').check();
    await picker.getByTestId('batch-add-recipes').click();
    await picker.waitFor({ state: 'detached' });
    await visible(page, 'linked-recipe').getByText(recipe!.number).waitFor();

    await visible(page, 'field-sort').fill('3');
    await visible(page, 'form-submit').click();
    await page.waitForURL('**/banner/list');

    const row = visibleRow(page, name);
    await row.getByText(recipe!.number).waitFor();
    await row.getByText('APP首页').waitFor();
    await expect(row.locator('img').count()).resolves.toBe(1);
    // The kept-alive add page starts afresh for the next banner.
    await visible(page, 'add').click();
    await page.getByTestId('page-title').getByText('新增Banner', { exact: true }).waitFor();
    await expect(visible(page, 'field-name').inputValue()).resolves.toBe('');
    await goInApp(page, '/banner/list');

    await row.getByTestId('row-detail').click();
    await page.getByTestId('page-title').getByText('Banner详情', { exact: true }).waitFor();
    await visible(page, 'detail-recipes-value').getByText(recipe!.number).waitFor();
    await visible(page, 'share-link').waitFor();

    await goInApp(page, '/banner/list');
    await visibleRow(page, name).getByTestId('row-recipes').click();
    await page.getByTestId('page-title').getByText('Banner菜谱', { exact: true }).waitFor();
    await visible(page, 'linked-recipes').locator('tbody tr', { hasText: recipe!.number }).waitFor();
  });

  it('keeps what is typed into the banner form across a tab switch (kept alive)', async () => {
    const page = await signedInPage(h);
    await goInApp(page, '/banner/add');
    await visible(page, 'field-name').fill('未保存的Banner');
    await tab(page, '/banner/add').getByTestId('tab-dirty').waitFor();
    await tab(page, '/home').click();
    await page.getByTestId('page-title').getByText('首页', { exact: true }).waitFor();
    await tab(page, '/banner/add').click();
    await page.getByTestId('page-title').getByText('新增Banner', { exact: true }).waitFor();
    await expect(visible(page, 'field-name').inputValue()).resolves.toBe('未保存的Banner');
  });
});

/** Ticks these options of the visible Mantine multi-select with this test id, then closes its list. */
async function chooseMany(page: Page, testId: string, options: string[]) {
  await visible(page, testId).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Drops these PNGs on the visible image field and waits until each shows as uploaded. */
async function uploadImages(page: Page, names: string[]) {
  await visible(page, 'image-dropzone')
    .locator('input[type=file]')
    .setInputFiles(
      names.map((name, i) => ({ name, mimeType: 'image/png', buffer: pngImage(16, [40 * i, 90, 200]) })),
    );
  await visible(page, 'uploaded-image')
    .nth(names.length - 1)
    .waitFor();
  await expect(visible(page, 'uploaded-image').count()).resolves.toBe(names.length);
}

describe('lock-screen ads', () => {
  it('(zh) refuses an empty ad in Chinese, then creates one with two images on two models, online, and finds it by model', async () => {
    // The export below holds exactly the ads the filter finds: the test starts with none.
    await clearDemoRows(h.system.db.url, 'content_lock_screen_ads');
    const page = await signedInPage(h);
    await goInApp(page, '/lock-screen-ads-list');
    await page.getByTestId('page-title').getByText('锁屏广告', { exact: true }).waitFor();
    await visible(page, 'add').click();
    await page.getByTestId('page-title').getByText('新增锁屏广告', { exact: true }).waitFor();

    await visible(page, 'form-submit').click();
    await errorUnder(page, 'field-name').getByText('请输入名称').waitFor();
    await errorUnder(page, 'field-modelCodes').getByText('请选择适用机型').waitFor();
    await visible(page, 'field-imageFileCodes').getByText('请上传图片').waitFor();

    await visible(page, 'field-name').fill('春季锁屏');
    await chooseMany(page, 'field-modelCodes', ['智能料理锅 TM-6 (TM-6)', '空气炸锅 AF-5 (AF-5)']);
    await uploadImages(page, ['lock-1.png', 'lock-2.png']);
    await visible(page, 'field-sort').fill('2');
    await page.getByRole('switch', { name: '上线', exact: true }).check({ force: true });
    await visible(page, 'form-submit').click();
    await page.waitForURL('**/lock-screen-ads-list');

    const row = visibleRow(page, '春季锁屏');
    await row.getByText('智能料理锅 TM-6 (TM-6), 空气炸锅 AF-5 (AF-5)', { exact: true }).waitFor();
    await row.getByText('已上线', { exact: true }).waitFor();
    await expect(row.locator('img').count()).resolves.toBe(1);

    // The model filter: an ad shows under the models it applies to, not under others.
    await chooseVisible(page, 'filter-modelCode', '双篮空气炸锅 AF-8 (AF-8)');
    await searchList(page);
    await expect(visibleRow(page, '春季锁屏').count()).resolves.toBe(0);
    await chooseVisible(page, 'filter-modelCode', '空气炸锅 AF-5 (AF-5)');
    await searchList(page);
    await visibleRow(page, '春季锁屏').waitFor();

    // The export holds what the filtered list shows, under the list's column titles (images left out).
    const [file] = await Promise.all([page.waitForEvent('download'), visible(page, 'export-csv').click()]);
    expect(file.suggestedFilename()).toBe('lock-screen-ads.csv');
    const lines = (await readFile((await file.path())!, 'utf8')).split('\r\n');
    expect(lines[0]).toBe('\uFEFF名称,适用机型,排序,上线时间,上线,更新时间');
    expect(lines.slice(1, -1)).toHaveLength(1);
    expect(lines[1]).toMatch(/^春季锁屏,"TM-6, AF-5",2,,已上线,\d{4}-\d\d-\d\d \d\d:\d\d/);

    // The session ends before the next export: the login page says so, and no refusal is saved as the file.
    const saved: string[] = [];
    page.on('download', (d) => saved.push(d.suggestedFilename()));
    await page.context().clearCookies();
    await visible(page, 'export-csv').click();
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).searchParams.get('reason')).toBe('expired');
    expect(saved).toEqual([]);
  });

  it('(en) refuses an empty ad in English, then creates one for one model, offline by default', async () => {
    const page = await signedInPage(h, 'en');
    await goInApp(page, '/lock-screen-ads-add');
    await page.getByTestId('page-title').getByText('Add lock-screen ad', { exact: true }).waitFor();

    await visible(page, 'form-submit').click();
    await errorUnder(page, 'field-name').getByText('Enter a name').waitFor();
    await errorUnder(page, 'field-modelCodes').getByText('Choose the models it applies to').waitFor();
    await visible(page, 'field-imageFileCodes').getByText('Please upload an image').waitFor();

    // An ad of this test's own name: the list shows exactly the one it made.
    const name = `Oven lock screen ${ownTag()}`;
    await visible(page, 'field-name').fill(name);
    await chooseMany(page, 'field-modelCodes', ['Smart oven OV-40 (OV-40)']);
    await uploadImages(page, ['oven.png']);
    await visible(page, 'form-submit').click();
    await page.waitForURL('**/lock-screen-ads-list');
    await page.getByTestId('page-title').getByText('Lock-screen ads', { exact: true }).waitFor();

    const row = visibleRow(page, name);
    await row.getByText('Smart oven OV-40 (OV-40)', { exact: true }).waitFor();
    await row.getByText('Offline', { exact: true }).waitFor();
  });
});

describe('content screens (en)', () => {
  it('none of the content routes shows the "later release" panel', async () => {
    const page = await signedInPage(h, 'en');
    for (const [path, title] of [
      ['/banner/list', 'Banner management'],
      ['/banner/add', 'Add banner'],
      ['/group-recipe/list', 'Themed recipes'],
      ['/group-recipe/add', 'Add themed recipe group'],
      ['/lock-screen-ads-list', 'Lock-screen ads'],
      ['/lock-screen-ads-add', 'Add lock-screen ad'],
      ['/hot-tag-list', 'Hot search labels'],
      ['/hot-tag-add', 'Add hot search label'],
    ] as const) {
      await goInApp(page, path);
      await page.getByTestId('page-title').getByText(title, { exact: true }).waitFor();
      await visible(page, 'form-submit').or(visible(page, 'add')).first().waitFor();
      await expect(page.getByTestId('not-built').count()).resolves.toBe(0);
    }
  });
});
