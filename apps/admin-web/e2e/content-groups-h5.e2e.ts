import { describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { confirm } from './catalog-support.js';
import { createGroup, recipeShareId, releasedRecipes } from './content-support.js';
import { goInApp, harnessForFile, location } from './support/harness.js';
import { signedInPage, visible, visibleRow } from './support/gestures.js';
import { settles } from './support/waits.js';

// The recipe read model (released recipes to link) is the projector's.
const h = harnessForFile({ projector: true });

/** The recipe numbers of the linked-recipe list, in the order shown. */
async function linkedOrder(page: Page): Promise<string[]> {
  const list = visible(page, 'linked-recipes');
  await list.locator('[data-list-fetching="false"]').waitFor();
  return list
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.children[2]?.textContent?.trim() ?? ''));
}

async function waitForOrder(page: Page, expected: string[]) {
  await settles(() => linkedOrder(page), expected);
}

describe('themed recipe groups (en)', () => {
  it('adds a group, links released recipes from the picker and reorders them by up/down and by sort value', async () => {
    const page = await signedInPage(h, 'en');
    const recipes = (await releasedRecipes(page)).slice(0, 2);
    expect(recipes).toHaveLength(2);
    const [a, b] = recipes.map((r) => r.number) as [string, string];
    // A group number of this test's own: the list shows exactly the group it made.
    const number = `G-WEEK-${Date.now().toString(36).slice(-5).toUpperCase()}`;

    await goInApp(page, '/group-recipe/list');
    await page.getByTestId('page-title').getByText('Themed recipes', { exact: true }).waitFor();
    await visible(page, 'add').click();
    await page.getByTestId('page-title').getByText('Add themed recipe group', { exact: true }).waitFor();
    await visible(page, 'field-name').fill('Weeknight dinners');
    await visible(page, 'field-number').fill(number);
    await visible(page, 'descriptions-en').fill('Quick dinners for busy days');
    await visible(page, 'descriptions-zh').fill('工作日快手晚餐');
    await visible(page, 'form-submit').click();
    await page.waitForURL('**/group-recipe/list');
    await visibleRow(page, number).getByText('Weeknight dinners').waitFor();

    await visibleRow(page, number).getByTestId('row-recipes').click();
    await page.getByTestId('page-title').getByText('Themed recipe list', { exact: true }).waitFor();
    await visible(page, 'add-recipes').click();
    const picker = page.getByTestId('recipe-picker');
    for (const n of [a, b]) await picker.locator('tbody tr', { hasText: n }).getByRole('checkbox').check();
    await picker.getByTestId('batch-add-recipes').click();
    await picker.waitFor({ state: 'detached' });
    await waitForOrder(page, [a, b]);

    // Up/down: the second moves above the first, then back down.
    await visible(page, `link-up-${b}`).click();
    await waitForOrder(page, [b, a]);
    await visible(page, `link-down-${b}`).click();
    await waitForOrder(page, [a, b]);
    // A sort value: the first one, given the largest value, goes last.
    const sort = visible(page, `link-sort-${a}`);
    await sort.fill('99');
    await sort.press('Enter');
    await waitForOrder(page, [b, a]);
    // The order is the server's: it survives a reload.
    await page.reload();
    await waitForOrder(page, [b, a]);

    // Removing one asks first.
    await visible(page, 'linked-recipes').locator('tbody tr', { hasText: b }).getByRole('checkbox').check();
    await visible(page, 'batch-remove').click();
    await confirm(page);
    await waitForOrder(page, [a]);
  });
});

describe('hot search labels (zh)', () => {
  it('adds labels per language, and batch-deletes a selection after the confirmation', async () => {
    const page = await signedInPage(h);
    await goInApp(page, '/hot-tag-list');
    await page.getByTestId('page-title').getByText('热搜标签', { exact: true }).waitFor();
    for (const [zh, en, sort] of [
      ['红烧肉', 'Braised pork', '1'],
      ['蛋糕', 'Cake', '2'],
      ['凉菜', 'Cold dishes', '3'],
    ] as const) {
      await visible(page, 'add').click();
      await page.getByTestId('page-title').getByText('新增热搜标签', { exact: true }).waitFor();
      if (zh === '红烧肉') {
        // The main language's label is required.
        await visible(page, 'labels-en').fill(en);
        await visible(page, 'form-submit').click();
        await page.getByText('主语言标签不能为空').waitFor();
      }
      await visible(page, 'labels-zh').fill(zh);
      await visible(page, 'labels-en').fill(en);
      await visible(page, 'field-sort').fill(sort);
      await visible(page, 'form-submit').click();
      await page.waitForURL('**/hot-tag-list');
      await visibleRow(page, zh).waitFor();
    }
    await page.getByTestId('pager-total').getByText('共 3 条').waitFor();

    for (const label of ['红烧肉', '凉菜']) await visibleRow(page, label).getByRole('checkbox').check();
    await visible(page, 'batch-delete').click();
    expect(await confirm(page)).toContain('2');
    await page.getByTestId('pager-total').getByText('共 1 条').waitFor();
    await visibleRow(page, '蛋糕').waitFor();
    await expect(visibleRow(page, '红烧肉').count()).resolves.toBe(0);
  });

  it('suggests labels from the terms app users searched most, and adds one with its main-language label', async () => {
    // What the app recorded: "Quince tart" searched 25 times in English (any casing), 榅桲挞 20 times in Chinese;
    // the terms are this test's own, so the counts are only what it recorded.
    const run = Date.now().toString(36).slice(-5);
    const [en, zh] = [`quince tart ${run}`, `榅桲挞${run}`];
    const pool = new pg.Pool({ connectionString: h.system.db.url, max: 1 });
    try {
      await pool.query(
        `INSERT INTO app_search_records (brand_owner_code, message_id, account, terms, lang, result_count, searched_at)
         SELECT 'DEMO', 'suggest-' || $1 || i, 'fan@example.com',
                CASE WHEN i <= 25 THEN (ARRAY[initcap($1), upper($1)])[1 + i % 2] ELSE $2 END,
                CASE WHEN i <= 25 THEN 'en' ELSE 'zh' END, 3, now() - make_interval(hours => i)
           FROM generate_series(1, 45) i`,
        [en, zh],
      );
    } finally {
      await pool.end();
    }
    const page = await signedInPage(h);
    await goInApp(page, '/hot-tag-list');
    await visible(page, 'hot-tag-suggest').click();
    const dialog = page.getByRole('dialog');
    const row = (term: string) => dialog.locator(`[data-testid="suggestion-row"][data-term="${term}"]`);
    await dialog.getByTestId('suggestions').waitFor();
    await row(en).getByText('25', { exact: true }).waitFor();
    await row(en).getByText('英语', { exact: true }).waitFor();
    await row(zh).getByText('20', { exact: true }).waitFor();

    // An English term needs the label in the brand's main language too before it is saved.
    await row(en).getByTestId('suggestion-add').click();
    await expect(visible(page, 'suggestion-label-en').inputValue()).resolves.toBe(en);
    await visible(page, 'suggestion-label-en').fill(`Quince tart ${run}`);
    await visible(page, 'suggestion-save').click();
    await dialog.getByText('主语言标签不能为空').waitFor();
    await visible(page, 'suggestion-label-zh').fill(zh);
    await visible(page, 'suggestion-save').click();
    await visible(page, 'suggestion-form').waitFor({ state: 'detached' });
    // The new label says both terms: each is marked, and the list shows it (offline).
    await row(en).getByTestId('suggestion-labelled').getByText('已是热门标签').waitFor();
    await row(zh).getByTestId('suggestion-labelled').waitFor();
    await page.keyboard.press('Escape');
    await visibleRow(page, zh).getByText('未上线').waitFor();

    // In English: the same dialog, worded in English, languages by their English names.
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await visible(page, 'hot-tag-suggest').getByText('Suggest from searches').click();
    await dialog.getByRole('columnheader', { name: 'Searches' }).waitFor();
    await row(zh).getByText('Chinese', { exact: true }).waitFor();
    await row(en).getByTestId('suggestion-labelled').getByText('Already a label').waitFor();
  });
});

describe('the public H5 page', () => {
  it('shows a shared recipe and a themed group without login, laid out for a 390 px phone, in its language; an unknown id is not found', async () => {
    const staff = await signedInPage(h);
    const recipes = await releasedRecipes(staff);
    const online = recipes.filter((r) => r.online);
    expect(online.length).toBeGreaterThan(0);
    const recipe = online[0]!;
    const recipeShare = await recipeShareId(staff, recipe.id);
    // A group number of this test's own, apart from the file's other groups.
    const group = await createGroup(staff, `G-H5-${Date.now().toString(36)}`, '周末烘焙', [recipe.id]);

    // A phone in Chinese, never logged in.
    const phone = await h.newPage({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    await phone.goto(`/h5/index.html?id=${recipeShare}`);
    await phone.getByTestId('h5-recipe').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/h5/index.html');
    await phone.getByRole('heading', { name: recipe.name }).waitFor();
    await phone
      .getByRole('heading', { name: '食材' })
      .or(phone.getByRole('heading', { name: '步骤' }))
      .first()
      .waitFor();
    // Nothing wider than the phone.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The group in English (the phone's language, or ?lang=en), and its recipe one tap away. Only the English
    // strings are downloaded, whatever language a console in this browser was left in.
    const english = await h.newPage({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const catalogs: string[] = [];
    english.on('request', (r) => {
      const name = /console-catalog-(\w+)-[^/]*\.js$/.exec(r.url())?.[1];
      if (name) catalogs.push(name);
    });
    await english.goto(`/h5/index.html?id=${group.shareId}`);
    await english.getByTestId('h5-group').waitFor();
    await english.getByRole('heading', { name: '周末烘焙' }).waitFor();
    await english.getByText('About 周末烘焙').waitFor();
    await english.getByRole('heading', { name: 'Recipes' }).waitFor();
    expect(await english.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(catalogs).toEqual(['en']);
    await english.getByTestId('h5-group-recipe').first().click();
    await english.getByTestId('h5-recipe').waitFor();

    // An id nobody shared says "not found", in the page's language; no login is asked for.
    await phone.goto('/h5/index.html?id=AAAAAAAAAAAAAAAAAAAAAA');
    await phone.getByTestId('h5-not-found').getByText('内容不存在').waitFor();
    expect(location(phone)).toContain('/h5/index.html');
    await english.goto('/h5/index.html?id=nonsense');
    await english.getByTestId('h5-not-found').getByText('Not found').waitFor();
  });

  it("offers a retry, in the phone's language, when its strings could not be downloaded, and shows the page after it", async () => {
    const staff = await signedInPage(h);
    const online = (await releasedRecipes(staff)).filter((r) => r.online);
    expect(online.length).toBeGreaterThan(0);
    const recipeShare = await recipeShareId(staff, online[0]!.id);

    const phone = await h.newPage({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });
    const catalog = /console-catalog-en-[^/]*\.js$/;
    await phone.route(catalog, (route) => route.abort('failed'));
    await phone.goto(`/h5/index.html?id=${recipeShare}&lang=en`);
    const retry = phone.getByRole('button', { name: 'Retry' });
    await phone.getByText('The page could not be loaded').waitFor();
    await retry.waitFor();

    await phone.unroute(catalog);
    await retry.click();
    await phone.getByTestId('h5-recipe').waitFor();
    await phone
      .getByRole('heading', { name: 'Ingredients' })
      .or(phone.getByRole('heading', { name: 'Steps' }))
      .first()
      .waitFor();
  });
});
