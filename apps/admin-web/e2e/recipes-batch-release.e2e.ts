import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { confirm, openFromMenu, pngImage } from './catalog-support.js';
import { API_HEADERS, harnessForFile } from './support/harness.js';
import { apiPost } from './support/api.js';
import { searchList, signedInPage, visible, visibleRow as row } from './support/gestures.js';
import { ownTag } from './support/waits.js';
import { soupRecipe } from './support/recipes.js';

// The projector runs so that the library and the detail follow each command (read-your-writes).
const h = harnessForFile({ projector: true });

/** A complete recipe (submittable): two languages, a picture, difficulty, a serving version with two steps. */
async function addCompleteRecipe(page: Page, number: string, picture: string) {
  return apiPost(
    page,
    '/api/recipe/add',
    soupRecipe(
      number,
      { zh: `批量汤${number}`, en: `Batch soup ${number}` },
      {
        ingredients: [{ names: { zh: '南瓜', en: 'Pumpkin' }, quantity: 300 }],
        steps: [
          { number: 1, workMode: 'FOOD_PROCESSOR', speed: 4, seconds: 20, descriptions: { zh: '切碎' } },
          { number: 2, workMode: 'SLOW_COOK', minutes: 30, descriptions: { zh: '慢炖' } },
        ],
      },
      { difficulty: 'easy', pictureFileCode: picture },
    ),
  );
}

/** Finds the recipe in the library by its number and opens its detail. */
async function openDetail(page: Page, number: string) {
  await visible(page, 'filter-number').fill(number);
  await searchList(page);
  await row(page, number).getByTestId('row-detail').click();
}

/** Writes a review on /user-evaluation-add, as a user would, and lands on the review list. */
async function writeReview(
  page: Page,
  review: {
    /** Typed into the recipe picker, and the option to take (none: the screen came with the recipe). */
    recipe?: { search: string; option: string };
    sn: string;
    user: string;
    nickname: string;
    stars: number;
    content: string;
  },
) {
  if (review.recipe) {
    await page.getByTestId('field-recipe').fill(review.recipe.search);
    await page.getByRole('option', { name: review.recipe.option, exact: true }).click();
  }
  await page.getByTestId('field-sn').fill(review.sn);
  await page.getByTestId('field-user').fill(review.user);
  await page.getByTestId('field-nickname').fill(review.nickname);
  // The stars are labels of hidden radio inputs: click the label of the wanted one.
  const star = await page
    .getByTestId('field-score')
    .locator(`input[value="${review.stars}"]`)
    .getAttribute('id');
  await page.locator(`label[for="${star}"]`).click();
  await page.getByTestId('field-content').fill(review.content);
  await page.getByTestId('form-submit').click();
}

describe('batch release of 20 recipes, and reviews on the detail (zh)', () => {
  it('submits and releases 20 selected recipes, reports per recipe, and the detail counts a new review', async () => {
    const page = await signedInPage(h);
    const upload = await page.request.post('/api/file/upload', {
      multipart: { file: { name: 'soup.png', mimeType: 'image/png', buffer: pngImage(16) } },
      headers: API_HEADERS,
    });
    const picture = ((await upload.json()) as { data: { fileCode: string } }).data.fileCode;
    // Numbers of this test's own: the batch holds exactly its twenty recipes.
    const prefix = `BR${ownTag()}-`;
    const br = (i: number) => `${prefix}${String(i).padStart(2, '0')}`;
    const numbers = Array.from({ length: 20 }, (_, i) => br(i + 1));
    for (const number of numbers) await addCompleteRecipe(page, number, picture);

    await openFromMenu(page, 'recipes', '菜谱库');
    await visible(page, 'filter-number').fill(prefix);
    await searchList(page);
    await visible(page, 'pager-size').selectOption('20');
    await row(page, br(20)).waitFor();
    await row(page, br(1)).waitFor();
    expect(await page.locator('tbody tr:visible').count()).toBe(20);

    // Select all 20 with the header's checkbox, submit them in one batch.
    await page.locator('thead:visible').getByRole('checkbox').check();
    await expect(visible(page, 'batch-selected').textContent()).resolves.toContain('20');
    await visible(page, 'batch-submit').click();
    expect(await confirm(page)).toContain('提交');
    await page.getByText('20个菜谱操作成功').first().waitFor();
    for (const number of numbers)
      await row(page, number).getByTestId('recipe-status').getByText('待发布', { exact: true }).waitFor();

    // Then release all 20 behind the release confirmation.
    await page.locator('thead:visible').getByRole('checkbox').check();
    await visible(page, 'batch-release').click();
    expect(await confirm(page)).toContain('发布');
    for (const number of numbers) {
      await row(page, number).getByTestId('recipe-status').getByText('已发布', { exact: true }).waitFor();
    }

    // Releasing them again is refused recipe by recipe, each with its reason.
    await page.locator('thead:visible').getByRole('checkbox').check();
    await visible(page, 'batch-release').click();
    await confirm(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('batch-summary').getByText('成功 0 条，失败 20 条', { exact: false }).waitFor();
    for (const number of [br(1), br(13), br(20)])
      await dialog.getByText(`菜谱${number}当前为“已发布”，不能发布`, { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    // The detail of the seventh: no ratings yet; a review written on /user-evaluation-add shows there.
    await row(page, br(7)).getByTestId('row-detail').click();
    await page.getByTestId('page-title').getByText('菜谱详情', { exact: false }).waitFor();
    await visible(page, 'recipe-statistics').waitFor();
    await expect(visible(page, 'stat-collections').textContent()).resolves.toBe('0');
    await expect(visible(page, 'stat-raters').textContent()).resolves.toBe('0');
    await expect(visible(page, 'stat-score').textContent()).resolves.toBe('暂无评分');

    await visible(page, 'add-review').click();
    await page.getByTestId('page-title').getByText('新增评价', { exact: true }).waitFor();
    // §5: SN, user and score are required.
    await page.getByTestId('form-submit').click();
    await page.getByText('SN号不能为空').waitFor();
    await page.getByText('请选择评分').waitFor();
    // Opened from the detail, the screen has the recipe chosen already.
    await expect(page.getByTestId('field-recipe').inputValue()).resolves.toBe(`${br(7)} 批量汤${br(7)}`);
    await writeReview(page, {
      sn: 'SN-TM6-777',
      user: 'mei@example.com',
      nickname: '小梅',
      stars: 4,
      content: '南瓜汤很香甜',
    });
    await page.getByTestId('page-title').getByText('用户评价', { exact: true }).waitFor();
    await row(page, 'SN-TM6-777').getByText('南瓜汤很香甜').waitFor();

    await openFromMenu(page, 'recipes', '菜谱库');
    await row(page, br(7)).getByTestId('row-detail').click();
    await page.getByTestId('page-title').getByText('菜谱详情', { exact: false }).waitFor();
    await visible(page, 'stat-raters').getByText('1', { exact: true }).waitFor();
    await expect(visible(page, 'stat-score').textContent()).resolves.toBe('4');
    await visible(page, 'tab-comments').click();
    const comment = visible(page, 'recipe-comment');
    await comment.getByText('小梅').waitFor();
    await comment.getByText('南瓜汤很香甜').waitFor();
    await expect(comment.getByTestId('comment-score').getAttribute('data-score')).resolves.toBe('4');
  });
});

describe('reviews (en)', () => {
  it('adds a review of a demo recipe, filters and batch-deletes reviews, and the detail follows', async () => {
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'recipes', 'User reviews');
    // The seeded reviews of DEMO (OTHER's are never listed).
    await row(page, 'SN-TM6-000123').waitFor();
    expect(await page.locator('tbody tr:visible', { hasText: 'SN-OT-900001' }).count()).toBe(0);

    await visible(page, 'add').click();
    await page.getByTestId('page-title').getByText('Add review', { exact: true }).waitFor();
    await writeReview(page, {
      recipe: { search: 'R-1001', option: 'R-1001 Tomato beef brisket stew' },
      sn: 'SN-EN-42',
      user: 'sam@example.com',
      nickname: 'Sam',
      stars: 5,
      content: 'Rich and tender',
    });
    await row(page, 'SN-EN-42').getByText('Rich and tender').waitFor();

    // Filters: by SN, then by score with the recipe.
    await visible(page, 'filter-sn').fill('SN-EN');
    await searchList(page);
    await row(page, 'SN-TM6-000123').waitFor({ state: 'detached' });
    expect(await page.locator('tbody tr:visible').count()).toBe(1);
    await page.getByRole('button', { name: 'Reset' }).click();
    await visible(page, 'filter-recipe').fill('R-1001');
    await visible(page, 'filter-score').click();
    await page.getByRole('option', { name: '4 stars', exact: true }).click();
    await searchList(page);
    await row(page, 'SN-EN-42').waitFor({ state: 'detached' });
    await row(page, 'SN-TM6-000456').waitFor();
    expect(await page.locator('tbody tr:visible').count()).toBe(1);

    // The review's recipe opens its detail: four raters now (5, 4, 5 and the new 5 stars → 4.8), newest first.
    await row(page, 'SN-TM6-000456').getByTestId('review-recipe').click();
    await page.getByTestId('page-title').getByText('Recipe detail', { exact: false }).waitFor();
    await visible(page, 'stat-raters').getByText('4', { exact: true }).waitFor();
    await expect(visible(page, 'stat-score').textContent()).resolves.toBe('4.8');
    await visible(page, 'tab-comments').click();
    await expect(visible(page, 'comment-user').first().textContent()).resolves.toBe('Sam');
    expect(await visible(page, 'recipe-comment').count()).toBe(4);

    // Batch delete on the list, behind its confirmation: the review leaves the list and the statistics.
    await openFromMenu(page, 'recipes', 'User reviews');
    await page.getByRole('button', { name: 'Reset' }).click();
    await row(page, 'SN-EN-42').getByRole('checkbox').check();
    await row(page, 'SN-TM6-000789').getByRole('checkbox').check();
    await visible(page, 'batch-delete').click();
    expect(await confirm(page)).toBe('Delete the 2 selected records?');
    await row(page, 'SN-EN-42').waitFor({ state: 'detached' });
    await row(page, 'SN-TM6-000789').waitFor({ state: 'detached' });

    await openFromMenu(page, 'recipes', 'Recipe library');
    await openDetail(page, 'R-1001');
    await visible(page, 'stat-raters').getByText('2', { exact: true }).waitFor();
    await expect(visible(page, 'stat-score').textContent()).resolves.toBe('4.5');
  });
});
