import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { signedInPage } from './support/gestures.js';
import { harnessForFile } from './support/harness.js';

// The home page's figures agree with the screens they summarise, and its charts can be read.
const h = harnessForFile({ projector: true });

async function total(page: Page, url: string): Promise<number> {
  const body = (await (await page.request.get(url)).json()) as { data: { total: number } };
  return body.data.total;
}

const value = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? '').replace(/[^\d]/g, ''));

async function checkHome(page: Page, note: RegExp) {
  const listed = await total(page, '/api/recipe/list?pageNum=1&pageSize=10');
  const recycled = await total(page, '/api/recipe/list?pageNum=1&pageSize=10&status=recycle_bin');
  await page.getByTestId('count-recipeCount-note').waitFor();
  await page.screenshot({ path: `/tmp/sp-shots/home-${String(note).slice(1, 4)}.png`, fullPage: true });

  // The recipe card says what it counts: the library's recipes and, of them, those in the recycle bin.
  expect(await value(page, 'count-recipeCount-value')).toBe(listed + recycled);
  const noteText = (await page.getByTestId('count-recipeCount-note').textContent()) ?? '';
  expect(noteText).toMatch(note);
  expect(noteText).toContain(String(recycled));
  // The seeded devices have bound app users: they are counted.
  expect(await value(page, 'count-userCount-value')).toBeGreaterThan(0);

  // The seeded recipes have reviews (their ranking has bars); the seed has no categories (theirs is empty).
  const texts = page.getByTestId('recipe-ranking').locator('svg text');
  await texts.first().waitFor();
  const shown = (await texts.allTextContents()).map((t) => t.trim()).filter(Boolean);
  // The bars' names: each by number and name, so two records of one name can be told apart.
  const names = shown.filter((t) => !/^[\d.,]+$/.test(t));
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toMatch(/^R-\d+ · .+/);
  // Everything else is a count (axis ticks, bar values): whole numbers only.
  const counts = shown.filter((t) => /^[\d.,]+$/.test(t));
  expect(counts.length).toBeGreaterThan(0);
  for (const count of counts) expect(count).toMatch(/^\d+$/);
}

describe('home', () => {
  it('zh: counts say what they count, users are counted, bars are told apart, whole-number axis', async () => {
    const page = await signedInPage(h);
    await checkHome(page, /回收站/);
  });

  it('en: the same in English', async () => {
    const page = await signedInPage(h, 'en');
    await checkHome(page, /recycle bin/);
  });
});
