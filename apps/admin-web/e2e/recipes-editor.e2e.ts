import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { choose, openFromMenu, pngImage } from './catalog-support.js';
import { goInApp, harnessForFile } from './support/harness.js';
import { openNewRecipe, signedInPage, visible, visibleRow as row } from './support/gestures.js';
import { ownTag, settles } from './support/waits.js';

// The projector runs so that the library and the detail read model follow the editor's saves.
const h = harnessForFile({ projector: true });

// The library and the editors are kept alive: their hidden copies stay in the page.
const nth = (page: Page, testId: string, i: number) => visible(page, testId).nth(i);
async function chooseNth(page: Page, testId: string, i: number, option: string) {
  await nth(page, testId, i).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Picks an option of a Mantine (multi)select shown on screen. */
async function pick(page: Page, testId: string, option: string) {
  await visible(page, testId).click({ force: true });
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('recipe editor (zh)', () => {
  it('creates a recipe in two languages with two serving versions, steps prefilled from their work modes and range-checked, and submits it', async () => {
    const page = await signedInPage(h);
    await openNewRecipe(page);
    // A recipe number of this test's own, apart from the seeded recipes.
    const number = `R-2001-${ownTag()}`;

    await visible(page, 'field-number').fill(number);
    await pick(page, 'field-langs', '英语');
    await visible(page, 'name-zh').fill('番茄蛋汤');
    await visible(page, 'lang-tab-en').click();
    await visible(page, 'name-en').fill('Tomato egg soup');
    await pick(page, 'field-difficulty', '简单');
    await pick(page, 'field-models', '智能料理锅 TM-7 (TM-7)');
    await page
      .locator('[data-testid="image-dropzone"]:visible input[type=file]')
      .setInputFiles({ name: 'soup.png', mimeType: 'image/png', buffer: pngImage(16) });
    await visible(page, 'uploaded-image').waitFor();

    await visible(page, 'add-ingredient').click();
    await visible(page, 'ingredient-name-zh').fill('番茄');
    await visible(page, 'ingredient-quantity').fill('2');

    await visible(page, 'add-step').click();
    await choose(page, 'step-mode', '蒸');
    // Prefilled from the steam mode's §9 defaults, with its notes.
    await expect(visible(page, 'step-temperature').inputValue()).resolves.toBe('100');
    await expect(visible(page, 'step-minutes').inputValue()).resolves.toBe('15');
    await expect(visible(page, 'step-seconds').inputValue()).resolves.toBe('0');
    await visible(page, 'step-mode-notes').getByText('温度达到95°C后开始倒计时').waitFor();
    await visible(page, 'step-temperature').fill('90');
    await page.getByText('蒸模式在95°C后才开始倒计时，温度不能低于95°C').waitFor();
    await visible(page, 'step-temperature').fill('100');
    await page.getByText('蒸模式在95°C后才开始倒计时', { exact: false }).waitFor({ state: 'detached' });
    await visible(page, 'step-text-zh').fill('蒸15分钟');
    await visible(page, 'step-media')
      .locator('input[type=file]')
      .setInputFiles({ name: 'step.png', mimeType: 'image/png', buffer: pngImage(12) });
    await visible(page, 'step-media-name').getByText('step.png').waitFor();

    // Two more steps: boil (no time) and knead, whose time must be whole 60-second cycles.
    await visible(page, 'add-step').click();
    await chooseNth(page, 'step-mode', 1, '煮沸');
    await expect(nth(page, 'step-temperature', 1).inputValue()).resolves.toBe('100');
    expect(
      await page.locator('[data-testid="step"]:visible').nth(1).getByTestId('step-minutes').count(),
    ).toBe(0);
    await visible(page, 'add-step').click();
    await chooseNth(page, 'step-mode', 2, '揉面');
    await expect(nth(page, 'step-minutes', 1).inputValue()).resolves.toBe('3');
    await nth(page, 'step-seconds', 1).fill('30');
    await page.getByText('时长须为60秒循环的整数倍').waitFor();
    await nth(page, 'step-seconds', 1).fill('0');
    await page.getByText('时长须为60秒循环的整数倍').waitFor({ state: 'detached' });

    // A second serving version with its own step.
    await visible(page, 'add-version').click();
    await nth(page, 'version-servings', 1).fill('4');
    await page.locator('[data-testid="add-step"]:visible').nth(1).click();
    await chooseNth(page, 'step-mode', 3, '蒸');
    await expect(nth(page, 'step-temperature', 2).inputValue()).resolves.toBe('100');

    await visible(page, 'editor-submit').click();
    // Saved and submitted: the editor goes on once the screens show both (on a loaded machine the projector may
    // take a while; meanwhile an "applying" notice shows).
    await page.waitForURL('**/recipe-list', { timeout: 45_000 });
    await row(page, number).getByTestId('recipe-status').getByText('待发布').waitFor();

    await row(page, number).getByTestId('row-detail').click();
    await visible(page, 'detail-name-en-value').getByText('Tomato egg soup').waitFor();
    await expect(visible(page, 'detail-step').first().locator('td').nth(2).textContent()).resolves.toBe(
      '100°C · 15:00',
    );
    await expect(visible(page, 'detail-step').count()).resolves.toBe(4);
    await expect(visible(page, 'serving-version').count()).resolves.toBe(2);
    await visible(page, 'tab-history').click();
    // The timeline shows once its first entry is in; the submit is there once the history caught up with it.
    await settles(
      () =>
        page.locator('[data-testid="history-entry"]:visible .mantine-Timeline-itemTitle').allTextContents(),
      ['提交待发布', '新建菜谱'],
    );
  });
});

describe('recipe editor (en)', () => {
  it('saves over the loaded revision and offers to reload when someone else saved first', async () => {
    const first = await signedInPage(h, 'en');
    await openFromMenu(first, 'recipes', 'Recipe library');
    await row(first, 'R-1005').getByTestId('row-edit').click();
    await first.getByTestId('page-title').getByText('Edit recipe', { exact: false }).waitFor();
    await expect(visible(first, 'field-number').inputValue()).resolves.toBe('R-1005');

    const second = await signedInPage(h, 'en');
    await goInApp(second, '/recipe-edit?id=5e0c1a2b-0005-4d10-8a00-00000000d005');
    await expect(visible(second, 'field-number').inputValue()).resolves.toBe('R-1005');

    await visible(first, 'name-zh').fill('自制蛋黄酱');
    await visible(first, 'editor-save').click();
    await first.getByText('Saved', { exact: false }).first().waitFor();

    await visible(second, 'name-zh').fill('蛋黄酱（另一人）');
    await visible(second, 'editor-save').click();
    await second.getByText('Someone else changed this recipe', { exact: false }).waitFor();
    await second.getByRole('button', { name: 'Reload' }).click();
    await second.waitForFunction(() =>
      Array.from(document.querySelectorAll<HTMLInputElement>('[data-testid="name-zh"]')).some(
        (input) => input.offsetParent !== null && input.value === '自制蛋黄酱',
      ),
    );

    await openFromMenu(first, 'recipes', 'Recipe library');
    await row(first, 'R-1005').getByText('自制蛋黄酱', { exact: true }).waitFor();
  });

  it('a released recipe cannot be edited until recalled', async () => {
    const page = await signedInPage(h, 'en');
    await goInApp(page, '/recipe-edit?id=5e0c1a2b-0001-4d10-8a00-00000000d001');
    await visible(page, 'not-editable')
      .getByText('only recipes in editing can be changed', { exact: false })
      .waitFor();
    // A recipe that is not there (or another brand's): said so, not an empty box.
    await goInApp(page, `/recipe-edit?id=${randomUUID()}`);
    await visible(page, 'record-load-failed').getByText('Record does not exist').waitFor();
  });
});
