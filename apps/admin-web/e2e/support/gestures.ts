import type { Page } from 'playwright-core';

/** Switches the console to English from the header's language menu, as a user would. */
export async function inEnglish(page: Page) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
  await page.getByTestId('page-title').getByText('Home').waitFor();
}

// Kept-alive pages leave their hidden copies in the page: what a user sees is the visible one.

/** The visible element with this test id. */
export const visible = (page: Page, testId: string) => page.locator(`[data-testid="${testId}"]:visible`);

/** The visible table row holding `text`. */
export const visibleRow = (page: Page, text: string) => page.locator('tbody tr:visible', { hasText: text });
