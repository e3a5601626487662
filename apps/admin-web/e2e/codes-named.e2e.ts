import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { apiPost } from './support/api.js';
import { goInApp, harnessForFile, tab } from './support/harness.js';
import { signedInPage, visible } from './support/gestures.js';
import { soupRecipe } from './support/recipes.js';

// The projector runs so the recipe screens show the demo recipes.
const h = harnessForFile({ projector: true });

const R_1001 = '5e0c1a2b-0001-4d10-8a00-00000000d001';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}/;

/** The label text of the Mantine input with this test id. */
async function labelOf(page: Page, testId: string): Promise<string> {
  const label = visible(page, testId)
    .locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " mantine-InputWrapper-root ")][1]')
    .locator('label');
  return ((await label.first().textContent()) ?? '').replace(/\s*\*$/, '');
}

/** The model column of the /recipe-model list: each cell's text, once some row names its models. */
async function modelCells(page: Page): Promise<string[]> {
  // The list's own header and rows, not those of the page shown before it.
  await page
    .locator('thead:visible th', { hasText: /^\s*(适用机型|Model)\s*$/ })
    .first()
    .waitFor();
  const rows = page.locator('tbody:visible tr');
  await rows.first().waitFor();
  const titles = (await page.locator('thead:visible th').allTextContents()).map((t) => t.trim());
  const at = titles.findIndex((t) => t === '适用机型' || t === 'Model');
  expect(at).toBeGreaterThanOrEqual(0);
  await page.waitForFunction(
    (i) => [...document.querySelectorAll('tbody tr')].some((tr) => tr.children[i]?.textContent?.trim()),
    at,
  );
  return rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i]?.textContent?.trim() ?? ''), at);
}

async function checkScreens(page: Page, ingredientLabel: string) {
  // The recipe's name heads its detail page.
  await goInApp(page, `/recipe-detail?id=${R_1001}`);
  const header = visible(page, 'detail-recipe-name');
  await header.waitFor();
  expect(await header.textContent()).toMatch(/^R-1001 \S/);

  // The preview's tab is named by the recipe's number (as its detail's tab is), not its id.
  await goInApp(page, `/preview-detail?id=${R_1001}`);
  const previewTab = tab(page, `/preview-detail?id=${R_1001}`);
  await previewTab.getByText('R-1001', { exact: false }).waitFor();
  expect(await previewTab.textContent()).not.toMatch(UUID);

  // A hot search label's edit tab is named by its label.
  const label = `热词${Date.now().toString(36)}`;
  const { id } = await apiPost<{ id: string }>(page, '/api/hotTag/add', { labels: { zh: label }, sort: 1 });
  await goInApp(page, `/hot-tag-edit?id=${id}`);
  const hotTab = tab(page, `/hot-tag-edit?id=${id}`);
  await hotTab.getByText(label, { exact: false }).waitFor();
  expect(await hotTab.textContent()).not.toMatch(UUID);

  // Models by their names on /recipe-model.
  await goInApp(page, '/recipe-model');
  const models = (await modelCells(page)).filter(Boolean);
  expect(models.length).toBeGreaterThan(0);
  for (const cell of models) for (const code of cell.split(', ')) expect(code).toMatch(/\S \([A-Z0-9-]+\)$/);

  // The editor names a content language by its name.
  await goInApp(page, '/recipe-add');
  await visible(page, 'add-ingredient').first().click();
  expect(await labelOf(page, 'ingredient-name-zh')).toBe(ingredientLabel);
}

describe('codes on screen are named', () => {
  it('shows names for the recipe, its tabs, models and languages (zh)', async () => {
    const page = await signedInPage(h);
    await checkScreens(page, '食材名称（中文）');
  });

  it('shows names for the recipe, its tabs, models and languages (en)', async () => {
    const page = await signedInPage(h, 'en');
    await checkScreens(page, 'Ingredient (Chinese)');
  });
});

describe('an offer of a recipe not released yet', () => {
  it('shows its online and paid offer as taking effect once released (zh, en)', async () => {
    const page = await signedInPage(h);
    const number = `OFR${Date.now().toString(36)}`.slice(0, 16);
    const { id } = await apiPost<{ id: string }>(
      page,
      '/api/recipe/add',
      soupRecipe(
        number,
        { zh: `草稿汤${number}`, en: `Draft soup ${number}` },
        {
          ingredients: [{ names: { zh: '番茄', en: 'Tomato' }, quantity: 3 }],
          steps: [{ number: 1, workMode: 'FOOD_PROCESSOR', speed: 4, seconds: 20 }],
        },
      ),
    );
    await apiPost(page, '/api/recipe/batchUpdateOnlineStatus', { ids: [id], online: true });
    await apiPost(page, '/api/recipe/batchUpdateBuyStatus', { ids: [id], paid: true });
    for (const [path, text] of [
      ['/online-recipe-list', '是（发布后生效）'],
      ['/pay-recipe-list', '是（发布后生效）'],
    ] as const) {
      await goInApp(page, path);
      const row = page.locator('tbody tr:visible', { hasText: number });
      // Both offers, online and paid, say so (waited for: the list may re-render between two reads).
      await row.getByTestId('offer-once-released').first().getByText(text, { exact: true }).waitFor();
      await row.getByTestId('offer-once-released').nth(1).getByText(text, { exact: true }).waitFor();
    }
    const en = await signedInPage(h, 'en');
    await goInApp(en, '/online-recipe-list');
    const row = en.locator('tbody tr:visible', { hasText: number });
    await row.getByTestId('offer-once-released').first().getByText('Yes, once released').waitFor();
  });
});
