import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { goInApp, harnessForFile } from './support/harness.js';
import { signedInPage } from './support/gestures.js';
import { apiGet, apiPost } from './support/api.js';

// Detail screens name things in the user's language: no work-mode, language or country codes, no ids.
const h = harnessForFile({ projector: true });

async function switchLanguage(page: Page, lang: 'en' | 'zh') {
  await page.getByTestId('language-menu').click();
  await page.getByTestId(`language-${lang}`).click();
}

const text = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"]:visible`).first().textContent();
const texts = (page: Page, testId: string) =>
  page.locator(`[data-testid="${testId}"]:visible`).allTextContents();

describe('recipe detail', () => {
  it('shows work modes, languages, unit, tags, accessories and head packages by name (zh, then en)', async () => {
    const page = await signedInPage(h);
    // Names of this test's own, apart from the seeded ones and the file's other tests'.
    const n = String(Date.now() % 1_000_000);
    const unit = await apiPost(page, '/api/boUnit/add', { names: { zh: `克${n}`, en: `g${n}` } });
    const tag = await apiPost(page, '/api/recipeTag/add', {
      number: `T${n}`,
      names: { zh: `快手菜${n}`, en: `Quick ${n}` },
    });
    const recipe = await apiPost(page, '/api/recipe/add', {
      type: 'SOUP',
      number: `L${n}`,
      mainLang: 'zh',
      langs: ['zh', 'en'],
      texts: { zh: { name: '南瓜汤' }, en: { name: 'Pumpkin soup' } },
      servingVersions: [
        {
          servings: 2,
          ingredients: [{ names: { zh: '南瓜', en: 'Pumpkin' }, quantity: 300, unitId: unit.id }],
          steps: [
            { number: 1, workMode: 'FOOD_PROCESSOR', speed: 4, seconds: 20, descriptions: { zh: '切碎' } },
            { number: 2, workMode: 'BOIL', descriptions: { zh: '煮沸' } },
          ],
        },
      ],
      tagIds: [tag.id],
      headPackageIds: ['MAIN-2.1'],
      productCodes: ['TM-6'],
    });
    await goInApp(page, `/recipe-detail?id=${recipe.id}`);
    await page.locator('[data-testid="detail-number-value"]:visible').getByText(`L${n}`).waitFor();
    await page.screenshot({ path: '/tmp/sp-shots/recipe-detail-zh.png', fullPage: true });

    expect(await texts(page, 'detail-step-mode')).toEqual(['料理机', '煮沸']);
    expect(await text(page, 'detail-main-lang-value')).toBe('中文');
    expect(await text(page, 'detail-ingredient-amount')).toBe(`300 克${n}`);
    expect(await text(page, 'detail-tags-value')).toBe(`快手菜${n}`);
    expect(await text(page, 'detail-head-packages-value')).toBe('MAIN-2.1');
    // Models by their product name, not the bare code.
    expect(await text(page, 'detail-models-value')).toBe('智能料理锅 TM-6');

    await switchLanguage(page, 'en');
    await page.locator('[data-testid="detail-step-mode"]:visible', { hasText: 'Food processor' }).waitFor();
    expect(await texts(page, 'detail-step-mode')).toEqual(['Food processor', 'Boil']);
    expect(await text(page, 'detail-main-lang-value')).toBe('Chinese');
    await page
      .locator('[data-testid="detail-ingredient-amount"]:visible', { hasText: `300 g${n}` })
      .waitFor();
    await page.locator('[data-testid="detail-tags-value"]:visible', { hasText: `Quick ${n}` }).waitFor();
    await page.screenshot({ path: '/tmp/sp-shots/recipe-detail-en.png', fullPage: true });
  });
});

describe('device and fault screens', () => {
  it('show the current mode, telemetry readings and fault countries by name (zh, then en)', async () => {
    const page = await signedInPage(h);
    // A seeded device whose last sample was in a work mode (the seed cycles idle, boil, steam, knead).
    const devices = await apiGet<{ list: { id: string; sn: string; currentMode?: string | null }[] }>(
      page,
      '/api/device/list?pageNum=1&pageSize=20',
    );
    let target: { id: string; mode: string } | null = null;
    for (const d of devices.list) {
      const detail = await apiGet<{ currentMode: string | null; faults: unknown[] }>(
        page,
        `/api/device/detail?id=${d.id}`,
      );
      if (detail.currentMode === 'KNEAD' && detail.faults.length > 0) target = { id: d.id, mode: 'KNEAD' };
      if (target) break;
    }
    expect(target).not.toBeNull();
    await goInApp(page, `/device-info-detail?id=${target!.id}`);
    await page.locator('[data-testid="detail-mode-value"]:visible').waitFor();
    await page.screenshot({ path: '/tmp/sp-shots/device-detail-zh.png', fullPage: true });
    expect(await text(page, 'detail-mode-value')).toBe('揉面');
    const extra = await texts(page, 'telemetry-extra');
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.join(' ')).toMatch(/温度 \d+ °C/);
    expect(extra.join(' ')).not.toContain('{');
    const faults = page.locator('[data-testid="device-faults"]:visible tbody tr');
    await faults.first().waitFor();
    const faultText = await faults.first().textContent();
    expect(faultText).not.toMatch(/\b(CN|US|DE|JP)\b/);

    await switchLanguage(page, 'en');
    await page.locator('[data-testid="detail-mode-value"]:visible', { hasText: 'Knead' }).waitFor();
    expect((await texts(page, 'telemetry-extra')).join(' ')).toMatch(/Temperature \d+ °C/);

    await goInApp(page, '/fault-record-list');
    await page.locator('tbody tr:visible').first().waitFor();
    const countries = await page
      .locator('tbody tr:visible')
      .evaluateAll((rows) => rows.map((r) => r.textContent ?? ''));
    expect(countries.join(' ')).not.toMatch(/\b(CN|US|DE|JP)\b/);
    await page.screenshot({ path: '/tmp/sp-shots/fault-list-en.png', fullPage: true });
  });
});
