import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { confirm, openFromMenu } from './catalog-support.js';
import { apiPost } from './support/api.js';
import { goInApp, harnessForFile } from './support/harness.js';
import { signedInPage, visibleRow as row } from './support/gestures.js';
import { settles } from './support/waits.js';

// The projector runs so that the library and the detail read model hold the demo recipes.
const h = harnessForFile({ projector: true });

/** The timeline entries' titles, newest first. */
async function historyTitles(page: Page): Promise<string[]> {
  const entries = page.getByTestId('history-entry');
  await entries.first().waitFor();
  return entries.locator('.mantine-Timeline-itemTitle').allTextContents();
}

describe('recipe detail (zh)', () => {
  it('shows the recipe, its history with the state as of an event, and the device preview', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, 'recipes', '菜谱库');
    await row(page, 'R-1001').getByTestId('row-detail').click();
    await page.getByTestId('page-title').getByText('菜谱详情', { exact: false }).waitFor();
    await page.getByTestId('detail-number-value').getByText('R-1001').waitFor();
    await expect(page.getByTestId('detail-name-zh-value').textContent()).resolves.toBe('番茄炖牛腩');
    await page.getByTestId('detail-status-value').getByText('已发布').waitFor();
    expect(await page.getByTestId('detail-step').count()).toBeGreaterThan(0);

    await page.getByTestId('tab-history').click();
    await settles(() => historyTitles(page), ['发布', '提交待发布', '设置上线状态', '新建菜谱']);
    // The state as of the creation: still in editing, version 0.
    await page.getByTestId('history-entry').last().getByRole('button', { name: '查看此时的状态' }).click();
    const asOf = page.getByTestId('state-as-of');
    await asOf.getByText('编辑中', { exact: true }).waitFor();
    await expect(asOf.getByTestId('state-name-zh-value').textContent()).resolves.toBe('番茄炖牛腩');
    await page.getByTestId('history-entry').first().getByText('状态 待发布 → 已发布').waitFor();

    await page.getByTestId('open-preview').click();
    await page.getByTestId('page-title').getByText('菜谱执行页', { exact: false }).waitFor();
    await expect(page.getByTestId('preview-name').textContent()).resolves.toBe('番茄炖牛腩');
    expect(await page.getByTestId('preview-step').count()).toBeGreaterThan(0);
    // The demo's ingredients are measured in the brand's units, named in the preview's language.
    const ingredient = (name: string) => page.getByTestId('preview-ingredient').filter({ hasText: name });
    await ingredient('牛腩').getByText('250 克', { exact: true }).waitFor();
    await ingredient('番茄').getByText('2 只', { exact: true }).waitFor();
    // Whether the device screen leaves the page at any moment of the switch (a loader blinking in over it).
    await page.evaluate(() => {
      const screen = document.querySelector('[data-testid="device-screen"]');
      const w = window as unknown as { kbDeviceScreenLeft?: boolean };
      w.kbDeviceScreenLeft = false;
      new MutationObserver(() => {
        if (!screen?.isConnected) w.kbDeviceScreenLeft = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByTestId('preview-lang').click();
    await page.getByRole('option', { name: '英语', exact: true }).click();
    await page.getByTestId('preview-name').getByText('Tomato beef brisket stew').waitFor();
    // The English strings were loaded meanwhile; the screen stayed in place until they were.
    expect(
      await page.evaluate(() => (window as unknown as { kbDeviceScreenLeft?: boolean }).kbDeviceScreenLeft),
    ).toBe(false);
    await ingredient('Beef brisket').getByText('250 g', { exact: true }).waitFor();
    await ingredient('Tomatoes').getByText('2 pcs', { exact: true }).waitFor();
    // The screen's own words follow it into English, though the console (in Chinese) never loaded its English.
    const screen = page.getByTestId('device-screen');
    await screen.getByText('Ingredients', { exact: true }).waitFor();
    expect(await screen.textContent()).not.toContain('食材');
  });
});

describe('recipe detail (en)', () => {
  it('the history shows a release made from the list, newest first', async () => {
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'recipes', 'Recipe library');
    await row(page, 'R-1003').getByTestId('row-release').click();
    await confirm(page);
    await row(page, 'R-1003').getByTestId('recipe-status').getByText('Released').waitFor();
    await row(page, 'R-1003').getByTestId('row-detail').click();
    await page.getByTestId('detail-version-value').getByText('1', { exact: true }).waitFor();
    await page.getByTestId('tab-history').click();
    await settles(async () => {
      const titles = await historyTitles(page);
      return [titles[0], titles.at(-1)];
    }, ['Released', 'Recipe created']);
    await page
      .getByTestId('history-entry')
      .first()
      .getByText('status waiting for release → released')
      .waitFor();
    await page.getByTestId('history-entry').first().getByText('demo', { exact: false }).waitFor();
  });
});

describe('recipe device preview (en)', () => {
  it('shows the demo’s chicken wings with their unit in English and in Chinese', async () => {
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'recipes', 'Recipe library');
    await row(page, 'R-1002').getByTestId('row-detail').click();
    await page.getByTestId('open-preview').click();
    const screen = page.getByTestId('device-screen');
    await screen.getByTestId('preview-name').getByText('Honey-glazed chicken wings').waitFor();
    const ingredient = (name: string) => screen.getByTestId('preview-ingredient').filter({ hasText: name });
    await ingredient('Chicken wings').getByText('8 pcs', { exact: true }).waitFor();
    await ingredient('Honey').getByText('2 tbsp', { exact: true }).waitFor();
    await page.getByTestId('preview-lang').click();
    await page.getByRole('option', { name: 'Chinese', exact: false }).first().click();
    await ingredient('鸡翅中').getByText('8 只', { exact: true }).waitFor();
    await ingredient('蜂蜜').getByText('2 汤匙', { exact: true }).waitFor();
  });

  it('opens in the user’s language, reads in one language and shows each quantity with its unit', async () => {
    const page = await signedInPage(h, 'en');
    const n = Date.now().toString(36);
    const unit = await apiPost<{ id: string }>(page, '/api/boUnit/add', {
      names: { zh: `克${n}`, en: `g${n}` },
    });
    const recipe = await apiPost<{ id: string }>(page, '/api/recipe/add', {
      type: 'SOUP',
      number: `PV-${n}`,
      mainLang: 'zh',
      langs: ['zh', 'en'],
      texts: { zh: { name: '牛肉汤' }, en: { name: 'Beef soup' } },
      servingVersions: [
        {
          servings: 2,
          ingredients: [
            { names: { zh: '牛肉', en: 'Beef' }, quantity: 250, unitId: unit.id },
            { names: { zh: '盐', en: 'Salt' } },
          ],
          steps: [{ number: 1, workMode: 'MANUAL', descriptions: { zh: '翻炒', en: 'Stir-fry' } }],
        },
      ],
      nutrients: [{ name: 'Energy', amount: 320, unit: 'kcal' }],
    });
    await goInApp(page, `/preview-detail?id=${recipe.id}`);
    const screen = page.getByTestId('device-screen');
    await screen.getByTestId('preview-name').getByText('Beef soup', { exact: true }).waitFor();
    const beef = screen.getByTestId('preview-ingredient').filter({ hasText: 'Beef' });
    await beef.getByText(`250 g${n}`, { exact: true }).waitFor();
    await screen
      .getByTestId('preview-ingredient')
      .filter({ hasText: 'Salt' })
      .getByText('to taste')
      .waitFor();
    await screen.getByTestId('preview-nutrient').getByText('320 kcal', { exact: true }).waitFor();
    await screen.getByText('Ingredients', { exact: true }).waitFor();
    expect(await screen.textContent()).not.toMatch(/[\u4e00-\u9fff]/);

    await page.getByTestId('preview-lang').click();
    await page.getByRole('option', { name: 'Chinese', exact: false }).first().click();
    await screen.getByTestId('preview-name').getByText('牛肉汤', { exact: true }).waitFor();
    await screen
      .getByTestId('preview-ingredient')
      .filter({ hasText: '牛肉' })
      .getByText(`250 克${n}`, { exact: true })
      .waitFor();
    await screen.getByText('食材', { exact: true }).waitFor();
    await screen.getByText('适量', { exact: true }).waitFor();
  });
});
