import { describe, expect, it } from '@jest/globals';
import type { RecipeListItem } from '@kb/contracts';
import type { Page } from 'playwright-core';
import { goInApp, harnessForFile } from './support/harness.js';
import { signedInPage, visible } from './support/gestures.js';
import { listedWhen } from './support/api.js';

// The projector runs so that the recipe list (where the test finds the recipe's id) and the detail fill.
const h = harnessForFile({ projector: true });

/** The id of the demo recipe with this number, as the signed-in user's list answers it. */
async function recipeId(page: Page, number: string): Promise<string> {
  const rows = await listedWhen<RecipeListItem>(
    page,
    `/api/recipe/list?number=${number}&pageNum=1&pageSize=10`,
    (list) => list.some((r) => r.number === number),
    `${number} listed`,
  );
  return rows.find((r) => r.number === number)!.id;
}

describe('recipe add and edit for roles that cannot author (zh)', () => {
  it('shows the auditor why there is no form on /recipe-edit and leads to the recipe’s detail', async () => {
    const page = await signedInPage(h, 'zh', 'audit', 'audit12345');
    const id = await recipeId(page, 'R-1001');
    await goInApp(page, `/recipe-edit?id=${id}`);
    await visible(page, 'editor-read-only')
      .getByText('你的角色可以查看菜谱，但不能新增或修改菜谱。', { exact: true })
      .waitFor();
    expect(await visible(page, 'editor-save').count()).toBe(0);
    expect(await visible(page, 'field-number').count()).toBe(0);

    await visible(page, 'editor-open-detail').getByText('查看菜谱详情').click();
    await page.waitForURL(`**/recipe-detail?id=${id}`);
    await visible(page, 'detail-number-value').getByText('R-1001', { exact: true }).waitFor();
  });
});

describe('recipe add and edit for roles that cannot author (en)', () => {
  it('shows the viewer a read-only notice on /recipe-add instead of a form it could not save', async () => {
    const page = await signedInPage(h, 'en', 'viewer', 'viewer12345');
    await goInApp(page, '/recipe-add');
    await visible(page, 'editor-read-only')
      .getByText('Your role can view recipes but cannot add or change them.', { exact: true })
      .waitFor();
    expect(await visible(page, 'editor-submit').count()).toBe(0);
    expect(await visible(page, 'field-number').count()).toBe(0);

    await visible(page, 'editor-to-list').getByText('Back to the recipe library').click();
    await page.waitForURL('**/recipe-list');
  });
});
