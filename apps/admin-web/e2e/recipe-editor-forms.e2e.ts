import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { openFromMenu } from './catalog-support.js';
import { harnessForFile, loginAs } from './support/harness.js';
import { inEnglish, openNewRecipe, signedInPage, visible, visibleRow as row } from './support/gestures.js';
import { ownTag, settles } from './support/waits.js';

// The projector runs so that the list and the edit form read the editor's saves.
const h = harnessForFile({ projector: true });

/** The error under the visible input with this test id ('' when none). */
async function errorUnder(page: Page, testId: string, i = 0): Promise<string> {
  const error = visible(page, testId)
    .nth(i)
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " mantine-InputWrapper-root ")][1]')
    .locator(':scope > .mantine-InputWrapper-error');
  return (await error.count()) ? ((await error.textContent()) ?? '') : '';
}

/** Waits until the error under that input reads `text` ('' : until it has none). */
async function errorBecomes(page: Page, testId: string, text: string) {
  await settles(() => errorUnder(page, testId), text);
}

async function chooseVisible(page: Page, testId: string, option: string) {
  await visible(page, testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Counts the editor's saves and submits that reach the API. */
function countSends(page: Page): { saves: number; submits: number } {
  const sent = { saves: 0, submits: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    if (request.url().endsWith('/api/recipe/save')) sent.saves += 1;
    if (request.url().endsWith('/api/recipe/submit')) sent.submits += 1;
  });
  return sent;
}

describe('recipe editor forms (zh)', () => {
  it('an empty save names every empty required field at once, under its field, and sends nothing', async () => {
    const page = await h.newPage();
    const sent = countSends(page);
    await loginAs(page);
    await openNewRecipe(page);
    await visible(page, 'editor-save').click();
    await errorBecomes(page, 'field-number', '菜谱编号不能为空');
    await errorBecomes(page, 'name-zh', '菜谱名称不能为空');
    expect(sent.saves).toBe(0);
    await visible(page, 'name-zh').fill('番茄炖牛腩');
    await visible(page, 'editor-save').click();
    await errorBecomes(page, 'name-zh', '');
    await errorBecomes(page, 'field-number', '菜谱编号不能为空');
    expect(sent.saves).toBe(0);
  });

  it('“保存并提交” of an incomplete new recipe saves it once and continues on its edit form', async () => {
    const page = await signedInPage(h);
    await openNewRecipe(page);
    // A draft number of this test's own, apart from the seeded recipes.
    const number = `R-3001-${ownTag()}`;
    await visible(page, 'field-number').fill(number);
    await visible(page, 'name-zh').fill('半成品汤');

    await visible(page, 'editor-submit').click();
    // The submit is refused (no picture, no model…), and the saved draft is now edited in place.
    await page.getByText('信息不完整', { exact: false }).first().waitFor();
    await page.getByTestId('page-title').getByText('编辑菜谱', { exact: false }).waitFor();
    await expect(visible(page, 'field-number').inputValue()).resolves.toBe(number);
    await expect(visible(page, 'name-zh').inputValue()).resolves.toBe('半成品汤');

    await visible(page, 'name-zh').fill('半成品番茄汤');
    await visible(page, 'editor-save').click();
    await page.getByText('保存成功', { exact: false }).first().waitFor();
    expect(await page.getByText('已被其他菜谱使用', { exact: false }).count()).toBe(0);

    await openFromMenu(page, 'recipes', '菜谱库');
    await row(page, '半成品番茄汤').first().waitFor();
    await expect(row(page, number).count()).resolves.toBe(1);
  });

  it('refuses to send steps that break their mode and shows the API’s refusal under its field', async () => {
    const page = await h.newPage();
    const sent = countSends(page);
    await loginAs(page);
    await openNewRecipe(page);
    await visible(page, 'field-number').fill('R-1005');
    await visible(page, 'name-zh').fill('撞号的菜谱');
    await visible(page, 'add-step').click();
    await chooseVisible(page, 'step-mode', '搅拌');
    // Stir runs 5 s on, 25 s off: its default 5:00 is whole 30-second cycles.
    await expect(visible(page, 'step-minutes').inputValue()).resolves.toBe('5');
    await expect(errorUnder(page, 'step-minutes')).resolves.toBe('');
    await visible(page, 'step-seconds').fill('10');
    await errorBecomes(page, 'step-minutes', '时长须为30秒循环的整数倍');

    await visible(page, 'editor-save').click();
    await visible(page, 'editor-problems')
      .getByText('有步骤设置超出其工作模式的规则', { exact: false })
      .waitFor();
    expect(sent.saves).toBe(0);

    await visible(page, 'step-seconds').fill('30');
    await errorBecomes(page, 'step-minutes', '');
    await visible(page, 'editor-save').click();
    // The number is taken: said under the number, not as a toast naming a field path.
    await errorBecomes(page, 'field-number', '编号R-1005已被其他菜谱使用');
    expect(sent.saves).toBe(1);
    expect(await page.getByText('number:', { exact: false }).count()).toBe(0);
    await visible(page, 'field-number').fill('R-3002');
    await errorBecomes(page, 'field-number', '');
  });
});

describe('recipe editor forms (en)', () => {
  it('an empty save names every empty required field at once, under its field', async () => {
    const page = await h.newPage();
    const sent = countSends(page);
    await loginAs(page);
    await inEnglish(page);
    await openNewRecipe(page, 'en');
    await visible(page, 'editor-save').click();
    await errorBecomes(page, 'field-number', 'Recipe number cannot be empty');
    await errorBecomes(page, 'name-zh', 'Recipe name cannot be empty');
    expect(sent.saves).toBe(0);
  });

  it('shows pulse’s speed 12 as a default the author may change, and blocks a save on a range error', async () => {
    const page = await h.newPage();
    const sent = countSends(page);
    await loginAs(page);
    await inEnglish(page);
    await openNewRecipe(page, 'en');
    await visible(page, 'field-number').fill('R-3003');
    await visible(page, 'add-step').click();
    await chooseVisible(page, 'step-mode', 'Pulse');
    await expect(visible(page, 'step-speed').inputValue()).resolves.toBe('12');
    await visible(page, 'step-speed').fill('8');
    await expect(errorUnder(page, 'step-speed')).resolves.toBe('');
    await visible(page, 'step-minutes').fill('2');
    await errorBecomes(page, 'step-minutes', 'Time outside this mode’s range (1–60 s)');

    await visible(page, 'editor-submit').click();
    await visible(page, 'editor-problems')
      .getByText('Some step settings break their work mode’s rules', { exact: false })
      .waitFor();
    expect(sent).toEqual({ saves: 0, submits: 0 });
    await page.getByTestId('page-title').getByText('Add recipe', { exact: true }).waitFor();
  });
});
