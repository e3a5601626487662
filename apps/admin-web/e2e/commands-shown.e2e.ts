import { describe, expect, it } from '@jest/globals';
import { eventually } from '@kb/testing';
import type { Page } from 'playwright-core';
import { confirm } from './catalog-support.js';
import { apiGet, apiPost } from './support/api.js';
import { goInApp, harnessForFile } from './support/harness.js';
import { signedInPage, visible } from './support/gestures.js';

// The projector applies each batch 4.5 s late, past the API's read wait (3 s): a screen asking right after a
// command gets the state before it, as on a loaded machine.
const h = harnessForFile({ projector: true, projectorDelayMs: 4500, ingest: true });

/**
 * Waits for the success toast saying `success` and answers what the element `testId` said in the very frame the
 * toast first showed: a toast beside the old state is seen, however soon the state follows it.
 */
async function stateWhenToastShows(page: Page, success: string, testId: string): Promise<string> {
  const shown = await page.waitForFunction(
    ({ success, testId }) => {
      const toast = [...document.querySelectorAll('.mantine-Notification-root')].some(
        (n) => n.getAttribute('data-testid') !== 'applying-notice' && n.textContent?.includes(success),
      );
      if (!toast) return null;
      const state = [...document.querySelectorAll(`[data-testid="${testId}"]`)].find(
        (e) => (e as HTMLElement).offsetParent !== null,
      );
      return state?.textContent ?? '';
    },
    { success, testId },
    { polling: 'raf', timeout: 40_000 },
  );
  return (await shown.jsonValue()) as string;
}

describe('a command is shown with the state it produced (read side behind)', () => {
  it('audit pass on the APK detail: applying, then passed together with the new status (zh)', async () => {
    const page = await signedInPage(h, 'zh', 'audit', 'audit12345');
    // The seeded APK pending review, once the projector has listed it.
    const pending = await eventually(
      async () =>
        (
          await apiGet<{ list: { id: string; reviewStatus: string }[] }>(
            page,
            '/api/subApk/list?pageSize=100',
          )
        ).list.find((apk) => apk.reviewStatus === 'pending_review'),
      (apk) => apk !== undefined,
      30_000,
      'the seeded APK pending review is listed',
    );
    expect(pending).toBeDefined();
    await goInApp(page, `/apk-detail?id=${pending!.id}`);
    await visible(page, 'detail-review-value').getByText('待审核', { exact: true }).waitFor();

    await visible(page, 'row-audit').click();
    await page.getByTestId('audit-pass').click();
    // Not shown yet: the screen says so, and the Audit button of the old state cannot be pressed.
    await page.getByText('正在应用更改…', { exact: true }).waitFor();
    expect(await visible(page, 'row-audit').isDisabled()).toBe(true);

    expect(await stateWhenToastShows(page, '审核通过', 'detail-review-value')).toBe('已创建');
    expect(await visible(page, 'row-audit').count()).toBe(0);
    expect(await page.getByText('正在应用更改…', { exact: true }).count()).toBe(0);
  });

  it('publish test of an offline pack: applying, then the toast together with "In test" (en)', async () => {
    const page = await signedInPage(h, 'en');
    const { list } = await apiGet<{ list: { id: string; number: string }[] }>(
      page,
      '/api/offlineRecipes/list?pageSize=100',
    );
    const pack = list.find((p) => p.number === 'OP-1001');
    expect(pack).toBeDefined();
    await apiPost(page, '/api/offlineRecipes/build', { id: pack!.id });
    await goInApp(page, `/offline-recipes-edit?id=${pack!.id}`);
    await page.locator('[data-testid="pack-build"][data-status="done"]:visible').waitFor({ timeout: 40_000 });
    await visible(page, 'pack-test-status').getByText('Not in test', { exact: true }).waitFor();

    await visible(page, 'row-publishTest').click();
    await confirm(page);
    await page.getByText('Applying the change…', { exact: true }).waitFor();
    expect(await visible(page, 'row-publishTest').isDisabled()).toBe(true);

    expect(await stateWhenToastShows(page, 'Operation successful', 'pack-test-status')).toBe('In test');
    expect(await visible(page, 'row-publishTest').count()).toBe(0);
    await visible(page, 'row-cancelTest').waitFor();
    expect(await visible(page, 'row-cancelTest').isDisabled()).toBe(false);
  });
});
