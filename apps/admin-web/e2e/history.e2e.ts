import { beforeEach, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { API_HEADERS, goInApp, harnessForFile } from './support/harness.js';
import { apiPost } from './support/api.js';
import { signedInPage, visible } from './support/gestures.js';
import { soupRecipe } from './support/recipes.js';

// The projector runs so that detail pages and the audit list follow each command (read-your-writes).
const h = harnessForFile({ projector: true });

/**
 * Recipe and category numbers stay taken once used: each test (and each retry of it, which runs beforeEach again)
 * names its own.
 */
let RUN = '';
let runs = 0;
beforeEach(() => {
  runs += 1;
  RUN = `${Date.now().toString(36).slice(-4)}${runs.toString(36)}`.toUpperCase();
});

/** A recipe whose step 3 runs the food processor at speed `speed`; `salt` adds a second ingredient. */
const recipe = (number: string, speed: number, salt = false) =>
  soupRecipe(
    number,
    { zh: `番茄汤${number}`, en: `Tomato soup ${number}` },
    {
      ingredients: [
        { names: { zh: '番茄', en: 'Tomato' }, quantity: 3 },
        ...(salt ? [{ names: { zh: '盐', en: 'Salt' }, quantity: 1 }] : []),
      ],
      steps: [
        { number: 1, workMode: 'FOOD_PROCESSOR', speed: 4, seconds: 20 },
        { number: 3, workMode: 'FOOD_PROCESSOR', speed, seconds: 30 },
      ],
    },
  );

/** Creates a recipe at speed 3 and saves it at speed 5 with salt added; answers its id. */
async function editedRecipe(page: Page, number: string): Promise<string> {
  const added = await apiPost(page, '/api/recipe/add', recipe(number, 3));
  await apiPost(page, '/api/recipe/save', { ...recipe(number, 5, true), id: added.id, revision: 0 });
  return added.id as string;
}

async function openHistory(page: Page, href: string) {
  await goInApp(page, href);
  await visible(page, 'tab-history').click();
  await visible(page, 'history-entry').first().waitFor();
}

async function pickVersion(page: Page, testId: string, n: number) {
  await visible(page, testId).click();
  await page.getByRole('option', { name: new RegExp(`^#${n} · `) }).click();
}

describe('an auditor-grade history (zh)', () => {
  it('reads a recipe edit as “2 人份 · 步骤 3 · 速度 3 → 5”, shows the recipe as of any event, and compares two versions', async () => {
    const page = await signedInPage(h);
    const id = await editedRecipe(page, `HE1${RUN}`);
    await openHistory(page, `/recipe-detail?id=${id}`);

    const newest = visible(page, 'history-entry').first();
    await newest.getByText('2 人份 · 步骤 3 · 速度 3 → 5').waitFor();
    const added = newest.getByTestId('history-change').filter({ hasText: '2 人份 · 食材 2' });
    await added.getByText('新增').waitFor();
    await added.getByText('盐 1').waitFor();
    // No raw field names, ids or JSON anywhere in the trail.
    const trail = (await visible(page, 'history').textContent()) ?? '';
    for (const raw of ['servingVersions', 'productCodes', 'categoryId', '{"', id])
      expect(trail).not.toContain(raw);
    // An event's number is never called a version: that word is the recipe's own (v0, v1…).
    expect(trail).toMatch(/事件 #\d+ · /);
    expect(trail).not.toMatch(/第 \d+ 版/);
    await visible(page, 'history-entry').last().getByText('新建菜谱', { exact: true }).waitFor();

    // The state as of the creation, in the detail page's layout: step 3 still at speed 3, one ingredient.
    await visible(page, 'history-entry').last().getByTestId('history-state-button').click();
    const asOf = visible(page, 'state-as-of');
    await asOf.getByText('事件 #1', { exact: false }).first().waitFor();
    await expect(asOf.getByTestId('state-name-zh-value').textContent()).resolves.toBe(`番茄汤HE1${RUN}`);
    const steps = asOf.getByTestId('detail-step');
    await expect(steps.nth(1).textContent()).resolves.toContain('速度 3');
    await expect(asOf.getByTestId('detail-ingredient-amount').count()).resolves.toBe(1);

    // Compare event 2 back to event 1.
    await pickVersion(page, 'compare-from', 2);
    await pickVersion(page, 'compare-to', 1);
    const compared = visible(page, 'history-compare');
    await compared.getByText('2 人份 · 步骤 3 · 速度 5 → 3').waitFor();
    await compared.getByText('删除').waitFor();
  });

  it('names a category as it was called at each event: “分类 汤羹 → 清汤” stays after 清汤 is renamed 高汤', async () => {
    const page = await signedInPage(h);
    const category = (number: string, zh: string, en: string) =>
      apiPost(page, '/api/recipeCategory/add', { number, mainLang: 'zh', names: { zh, en } });
    const soups = await category(`HS${RUN}`, `汤羹${RUN}`, `Soups ${RUN}`);
    const broths = await category(`HB${RUN}`, `清汤${RUN}`, `Broths ${RUN}`);
    const number = `HE3${RUN}`;
    const { id } = await apiPost(page, '/api/recipe/add', { ...recipe(number, 3), categoryId: soups.id });
    await apiPost(page, '/api/recipe/save', { ...recipe(number, 3), categoryId: broths.id, id, revision: 0 });
    await apiPost(page, '/api/recipeCategory/update', {
      id: broths.id,
      version: broths.version,
      number: `HB${RUN}`,
      mainLang: 'zh',
      names: { zh: `高汤${RUN}`, en: `Stocks ${RUN}` },
    });
    await apiPost(page, '/api/recipe/save', { ...recipe(number, 3), categoryId: soups.id, id, revision: 1 });

    await openHistory(page, `/recipe-detail?id=${id}`);
    const entries = visible(page, 'history-entry');
    await entries.first().getByText(`分类 高汤${RUN} → 汤羹${RUN}`).waitFor();
    await entries.nth(1).getByText(`分类 汤羹${RUN} → 清汤${RUN}`).waitFor();
  });

  it('reads an APK package’s and an offline pack’s history as an audit trail', async () => {
    const page = await signedInPage(h);
    const apk = await apiPost(page, '/api/subApk/add', {
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: `8.0.${parseInt(RUN, 36) % 1000}`,
      modeName: '厨师模式',
    });
    await apiPost(page, '/api/subApk/update', {
      id: apk.id,
      revision: 0,
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: `8.0.${parseInt(RUN, 36) % 1000}`,
      modeName: '大厨模式',
      updateNotes: '新的开机动画',
    });
    await openHistory(page, `/apk-detail?id=${apk.id}`);
    const newest = visible(page, 'history-entry').first();
    await newest.getByText('模式名称 厨师模式 → 大厨模式').waitFor();
    await newest.getByText('更新说明').waitFor();
    await newest.getByTestId('history-status').getByText('未提交 · 未测试 · 未上线').waitFor();
    await newest.getByText('demo ·', { exact: false }).waitFor();

    // A seeded pack (OP-1002): its creation reads as fields and recipes added, by number and name, never by id.
    const packs = await page.request.get('/api/offlineRecipes/list?number=OP-1002', { headers: API_HEADERS });
    const pack = ((await packs.json()) as { data: { list: { id: string }[] } }).data.list[0]!;
    await openHistory(page, `/offline-recipes-edit?id=${pack.id}`);
    const created = visible(page, 'history-entry').last();
    await created.getByText('编号', { exact: false }).first().waitFor();
    const recipes = created.getByTestId('history-change').filter({ hasText: '菜谱' });
    await recipes.first().getByText('新增').waitFor();
    const text = (await created.textContent()) ?? '';
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(text).toMatch(/R-\d+/);
  });

  it('lets an auditor reach a cleared recipe’s history from the recycle bin, and export it', async () => {
    const admin = await signedInPage(h);
    const id = await editedRecipe(admin, `HEC${RUN}`);
    await apiPost(admin, '/api/recipe/delete', { id });
    await apiPost(admin, '/api/recipe/clear', { id });

    const auditor = await signedInPage(h, 'zh', 'audit', 'audit12345');
    await goInApp(auditor, '/recycling-list');
    await visible(auditor, 'open-audit').click();
    const row = auditor.locator('[data-testid="audit-ended-row"]:visible', { hasText: `HEC${RUN}` });
    await row.getByText('已清除', { exact: false }).waitFor();
    await row.getByTestId('audit-open').click();
    await visible(auditor, 'history-ended').getByText('已清除', { exact: false }).waitFor();
    await visible(auditor, 'history-entry').first().getByText('彻底清除', { exact: false }).first().waitFor();
    await auditor.getByText('2 人份 · 步骤 3 · 速度 3 → 5').waitFor();
    const href = await visible(auditor, 'history-export').getAttribute('href');
    const csv = await auditor.request.get(href!);
    const bytes = Buffer.from(await csv.body());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('2 人份 · 步骤 3 · 速度,3,5');
  });
});

describe('an auditor-grade history (en)', () => {
  it('reads the same edit as “2 servings · Step 3 · speed 3 → 5” with the state as of an event', async () => {
    const page = await signedInPage(h, 'en');
    const id = await editedRecipe(page, `HE2${RUN}`);
    await openHistory(page, `/recipe-detail?id=${id}`);
    const newest = visible(page, 'history-entry').first();
    await newest.getByText('2 servings · Step 3 · speed 3 → 5').waitFor();
    await newest
      .getByTestId('history-change')
      .filter({ hasText: 'Ingredient 2' })
      .getByText('added')
      .waitFor();
    await newest.getByTestId('history-status').getByText('in editing · v0').waitFor();
    await visible(page, 'history-entry').last().getByTestId('history-state-button').click();
    const asOf = visible(page, 'state-as-of');
    await asOf.getByText('As of event #1', { exact: false }).waitFor();
    await expect(asOf.getByTestId('detail-step').nth(1).textContent()).resolves.toContain('speed 3');
    await pickVersion(page, 'compare-from', 1);
    await pickVersion(page, 'compare-to', 2);
    await visible(page, 'history-compare').getByText('2 servings · Step 3 · speed 3 → 5').waitFor();

    const auditor = await signedInPage(h, 'en', 'audit', 'audit12345');
    await goInApp(auditor, '/audit-history');
    await auditor.getByText('Offline pack', { exact: true }).click();
    await visible(auditor, 'audit-ended').waitFor();
  });
});
