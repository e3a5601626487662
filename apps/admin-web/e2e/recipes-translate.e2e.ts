import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { confirm, openFromMenu } from './catalog-support.js';
import { API_HEADERS, harnessForFile } from './support/harness.js';
import { inEnglish, searchList, signedInPage, visible, visibleRow as row } from './support/gestures.js';

// The projector keeps the library and the detail current; device-ingest works the translation jobs with the
// built-in demo glossary (no translation service is configured).
const h = harnessForFile({ projector: true, ingest: true });

/** Adds a recipe in editing through the API as the logged-in browser (the setup, not what is tested). */
async function addRecipe(
  page: Page,
  number: string,
  mainLang: string,
  langs: string[],
  texts: object,
  step: string,
) {
  const res = await page.request.post('/api/recipe/add', {
    data: {
      type: 'SOUP',
      number,
      mainLang,
      langs,
      texts,
      servingVersions: [
        {
          servings: 2,
          ingredients: [{ names: { [mainLang]: mainLang === 'zh' ? '番茄' : 'Tomato' }, quantity: 300 }],
          steps: [{ number: 1, workMode: 'SLOW_COOK', minutes: 30, descriptions: { [mainLang]: step } }],
        },
      ],
      productCodes: ['TM-6'],
    },
    headers: API_HEADERS,
  });
  const body = (await res.json()) as { status: number; desc: string };
  if (body.status !== 200) throw new Error(`add ${number}: ${body.desc}`);
}

/** Shows the recipes whose number starts with `prefix` and ticks those named. */
async function selectRecipes(page: Page, prefix: string, numbers: string[]) {
  await visible(page, 'filter-number').fill(prefix);
  await searchList(page);
  for (const number of numbers) await row(page, number).getByRole('checkbox').check();
}

/** Chooses an option of the Mantine (multi)select with this test id inside the open dialog. */
/**
 * Opens the (multi)select with this test id in the open dialog. Its input sits under its pills box, which takes the
 * click (so it is forced); a click that lands while the dialog is still opening opens nothing, so it clicks again
 * until the list shows (seen once in CI: the list never opened in 30 s).
 */
async function openSelect(page: Page, testId: string) {
  const listbox = page.getByRole('listbox');
  for (let attempt = 1; ; attempt += 1) {
    await page.getByRole('dialog').getByTestId(testId).click({ force: true });
    try {
      await listbox.waitFor({ timeout: 5_000 });
      return listbox;
    } catch (error) {
      if (attempt === 6) throw error;
    }
  }
}

async function pick(page: Page, testId: string, option: string) {
  await openSelect(page, testId);
  await page.getByRole('option', { name: option, exact: true }).click();
  // close the dropdown without leaving the dialog: a click on the dialog's title
  await page.locator('.mantine-Modal-title').click();
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
}

/** The options the (multi)select with this test id offers in the open dialog. */
async function options(page: Page, testId: string): Promise<string[]> {
  const listbox = await openSelect(page, testId);
  const names = await listbox.getByRole('option').allTextContents();
  await page.locator('.mantine-Modal-title').click();
  await listbox.waitFor({ state: 'hidden' });
  return names.map((n) => n.trim());
}

describe('recipe translation (zh)', () => {
  it('translates a selected recipe with the demo provider, shows it side by side, and saves it only on confirmation', async () => {
    const page = await signedInPage(h);
    await addRecipe(
      page,
      'TR-ZH-1',
      'zh',
      ['zh', 'en'],
      { zh: { name: '番茄炒蛋', chefTips: '趁热吃' }, en: { name: 'Old tomato eggs' } },
      '翻炒',
    );
    await openFromMenu(page, 'recipes', '菜谱库');
    await selectRecipes(page, 'TR-ZH', ['TR-ZH-1']);
    await visible(page, 'batch-translate').click();
    const dialog = page.getByRole('dialog');

    // The source is the recipe's main language; the targets offered are the recipe's other languages only.
    await expect(dialog.getByTestId('translate-source-lang').inputValue()).resolves.toBe('中文');
    expect(await options(page, 'translate-target-langs')).toEqual(['英语']);
    // §5: a target is required.
    await dialog.getByTestId('translate-start').click();
    await dialog.getByTestId('translate-error').getByText('请选择目标语言').waitFor();
    await pick(page, 'translate-target-langs', '英语');
    await dialog.getByTestId('translate-start').click();

    // Progress, then the review: source | current | proposed per field, and the demo notice.
    await dialog.getByTestId('job-progress').waitFor();
    await dialog.locator('[data-testid="job-run"][data-state="succeeded"]').waitFor({ timeout: 60_000 });
    await dialog.getByTestId('translate-demo-notice').getByText('演示翻译', { exact: false }).waitFor();
    const proposal = dialog.locator('[data-testid="translate-proposal"][data-number="TR-ZH-1"]');
    const name = proposal.locator('[data-testid="translate-field"][data-path="texts.name"]');
    await expect(name.getByTestId('translate-source').textContent()).resolves.toBe('番茄炒蛋');
    // What Confirm overwrites stands beside what it writes.
    await expect(name.getByTestId('translate-current').textContent()).resolves.toBe('Old tomato eggs');
    await expect(name.getByTestId('translate-target').textContent()).resolves.toBe(
      'Scrambled eggs with tomato',
    );
    expect(await proposal.locator('thead th').allTextContents()).toEqual([
      '字段',
      '原文（中文）',
      '现有（英语）',
      '译文（英语）',
    ]);
    const step = proposal.locator(
      '[data-testid="translate-field"][data-path="servingVersions.0.steps.0.descriptions"]',
    );
    await step.getByText('步骤1（份量版本1）').waitFor();
    await expect(step.getByTestId('translate-target').textContent()).resolves.toBe('Stir-fry');
    // read-only: nothing in the review can be typed into
    expect(await dialog.getByTestId('translate-review').locator('input, textarea').count()).toBe(0);

    await dialog.getByTestId('translate-confirm').click();
    expect(await confirm(page)).toBe('确定保存 1 个菜谱的翻译吗？保存后不能再修改。');
    await page.getByText('已保存1个菜谱的翻译').first().waitFor();

    // The detail shows the English name; the history says what happened.
    await row(page, 'TR-ZH-1').getByTestId('row-detail').click();
    await page.getByTestId('page-title').getByText('菜谱详情', { exact: false }).waitFor();
    await page.getByTestId('detail-name-en-value').getByText('Scrambled eggs with tomato').waitFor();
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-entry').first().getByText('翻译（zh → en，demo）').waitFor();
  });
});

describe('recipe translation (en)', () => {
  it('refuses single-language recipes, and translates English into Chinese on confirmation', async () => {
    const page = await signedInPage(h);
    await addRecipe(page, 'TR-EN-1', 'en', ['en', 'zh'], { en: { name: 'Tomato soup' } }, 'Add salt');
    await addRecipe(page, 'TR-EN-2', 'en', ['en'], { en: { name: 'Plain soup' } }, 'Boil');
    await inEnglish(page);
    await openFromMenu(page, 'recipes', 'Recipe library');

    // Only multi-language recipes can be translated.
    await selectRecipes(page, 'TR-EN', ['TR-EN-2']);
    await visible(page, 'batch-translate').click();
    const dialog = page.getByRole('dialog');
    // A recipe in one language has no language to translate into.
    await dialog
      .getByText('The selected recipes share no language besides the source', { exact: false })
      .waitFor();
    await dialog.getByTestId('translate-start').click();
    await dialog
      .getByTestId('translate-error')
      .getByText('Select multi-language recipes: every selected recipe has one language')
      .waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await row(page, 'TR-EN-2').getByRole('checkbox').uncheck();
    await row(page, 'TR-EN-1').getByRole('checkbox').check();
    await visible(page, 'batch-translate').click();
    await expect(dialog.getByTestId('translate-source-lang').inputValue()).resolves.toBe('English');
    expect(await options(page, 'translate-target-langs')).toEqual(['Chinese']);
    await pick(page, 'translate-target-langs', 'Chinese');
    await dialog.getByTestId('translate-start').click();
    await dialog.locator('[data-testid="job-run"][data-state="succeeded"]').waitFor({ timeout: 60_000 });
    await dialog
      .getByTestId('translate-demo-notice')
      .getByText('Demo translation', { exact: false })
      .waitFor();
    const name = dialog.locator('[data-testid="translate-field"][data-path="texts.name"]');
    await name.getByText('Name', { exact: true }).waitFor();
    await expect(name.getByTestId('translate-current').textContent()).resolves.toBe('—');
    await expect(name.getByTestId('translate-target').textContent()).resolves.toBe('番茄汤');

    await dialog.getByTestId('translate-confirm').click();
    expect(await confirm(page)).toBe('Save the translation of 1 recipe(s)? It cannot be edited afterwards.');
    await page.getByText('The translation of 1 recipe(s) was saved').first().waitFor();

    await row(page, 'TR-EN-1').getByTestId('row-detail').click();
    await page.getByTestId('detail-name-zh-value').getByText('番茄汤').waitFor();
    await page.getByTestId('tab-history').click();
    await page.getByTestId('history-entry').first().getByText('Translated (en → zh, demo)').waitFor();
  });
});
