import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { openFromMenu } from './catalog-support.js';
import { goInApp, harnessForFile } from './support/harness.js';
import { signedInPage, visible, visibleRow } from './support/gestures.js';

// The projector runs so that the lists show the demo recipes and APK packages in each of their states.
const h = harnessForFile({ projector: true });

/** How many visible elements carry this test id (0 when the screen does not offer it). */
const offered = (page: Page, testId: string) => visible(page, testId).count();

/** The row of a recipe (by number) or package (by version) once the list shows it. */
async function shownRow(page: Page, text: string) {
  const row = visibleRow(page, text).first();
  await row.waitFor();
  return row;
}

/** The row of the APK package with this version number. */
async function apkRow(page: Page, version: string) {
  const row = page
    .locator('tbody tr:visible', { has: page.getByTestId('apk-version').getByText(version, { exact: true }) })
    .first();
  await row.waitFor();
  return row;
}

const RELEASE_BATCH = ['batch-release', 'batch-recallEditing', 'batch-recallWaitRelease', 'batch-online'];

describe('what each role is offered (zh)', () => {
  it('offers an editor no release on the recipe list and no audit, test or online on the APK list; an auditor gets them', async () => {
    const editor = await signedInPage(h, 'zh', 'editor', 'editor12345');
    await openFromMenu(editor, 'recipes', '菜谱库');
    // R-1003 waits for release: its row offers the editor neither release nor recall.
    const waiting = await shownRow(editor, 'R-1003');
    await waiting.getByTestId('row-detail').waitFor();
    expect(await waiting.getByTestId('row-release').count()).toBe(0);
    expect(await waiting.getByTestId('row-recallEditing').count()).toBe(0);
    expect(await waiting.getByTestId('row-copy').count()).toBe(1);
    await visible(editor, 'batch-submit').waitFor();
    for (const id of RELEASE_BATCH) expect([id, await offered(editor, id)]).toEqual([id, 0]);
    expect(await offered(editor, 'add')).toBe(1);

    await openFromMenu(editor, 'apk', 'APK管理');
    await (await apkRow(editor, '1.1.0')).getByTestId('row-detail').waitFor();
    for (const id of [
      'row-publishTest',
      'row-cancelTest',
      'row-publishOnline',
      'row-cancelOnline',
      'row-audit',
    ])
      expect([id, await offered(editor, id)]).toEqual([id, 0]);
    expect(await offered(editor, 'batch-audit')).toBe(0);
    expect(await offered(editor, 'add')).toBe(1);

    // The auditor, on the same lists, is offered them.
    const auditor = await signedInPage(h, 'zh', 'audit', 'audit12345');
    await openFromMenu(auditor, 'recipes', '菜谱库');
    await (await shownRow(auditor, 'R-1003')).getByTestId('row-release').waitFor();
    await visible(auditor, 'batch-release').waitFor();
    expect(await offered(auditor, 'add')).toBe(0);
    await openFromMenu(auditor, 'apk', 'APK管理');
    await (await apkRow(auditor, '1.1.0')).getByTestId('row-cancelTest').waitFor();
    await (await apkRow(auditor, '1.2.0')).getByTestId('row-audit').waitFor();
    await visible(auditor, 'batch-audit').waitFor();

    // Opened by its address, the tag form is not offered (its save would be refused): no permission, in place.
    await goInApp(auditor, '/tag-add');
    await visible(auditor, 'no-permission').getByText('没有权限', { exact: true }).waitFor();
    expect(await offered(auditor, 'field-number')).toBe(0);
  });
});

describe('the viewer (en)', () => {
  it('is offered no add, edit or delete on the lists, and an add form opened by its address shows no permission', async () => {
    const viewer = await signedInPage(h, 'en', 'viewer', 'viewer12345');

    await openFromMenu(viewer, 'recipes', 'Recipe library');
    const recipe = await shownRow(viewer, 'R-1003');
    await recipe.getByTestId('row-detail').waitFor();
    expect(await recipe.getByRole('button').count()).toBe(1);
    expect(await offered(viewer, 'add')).toBe(0);
    // Reading includes exporting: the one batch action a viewer is offered is exporting the selection.
    await visible(viewer, 'batch-export').waitFor();
    const batchButtons = visible(viewer, 'batch-bar').getByRole('button');
    await expect(
      batchButtons.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid'))),
    ).resolves.toEqual(['batch-export']);

    await openFromMenu(viewer, 'apk', 'APK management');
    await (await apkRow(viewer, '1.2.0')).getByTestId('row-detail').waitFor();
    expect(await viewer.locator('tbody:visible').getByRole('button').count()).toBe(
      await offered(viewer, 'row-detail'),
    );
    expect(await offered(viewer, 'add')).toBe(0);

    await openFromMenu(viewer, 'recipes', 'Tag library');
    await viewer.locator('tbody tr:visible').first().waitFor();
    for (const id of ['add', 'row-edit', 'row-delete', 'batch-edit', 'batch-delete'])
      expect([id, await offered(viewer, id)]).toEqual([id, 0]);

    await openFromMenu(viewer, 'recipes', 'Language settings');
    await expect(visible(viewer, 'form-submit').isDisabled()).resolves.toBe(true);

    // Opened by its address, the add form is not offered (its save would be refused): no permission, in place.
    await goInApp(viewer, '/tag-add');
    await visible(viewer, 'no-permission').getByText('No permission', { exact: true }).waitFor();
    expect(await offered(viewer, 'field-number')).toBe(0);
  });
});

const R_1001 = '5e0c1a2b-0001-4d10-8a00-00000000d001';

describe('reviews: entered by the admin, moderated by the auditor', () => {
  it('(zh) offers the auditor no “新增评价”, on the recipe or the review list, but deleting reviews', async () => {
    const auditor = await signedInPage(h, 'zh', 'audit', 'audit12345');
    await goInApp(auditor, `/recipe-detail?id=${R_1001}`);
    await visible(auditor, 'detail-recipe-name').getByText('番茄炖牛腩', { exact: false }).waitFor();
    expect(await offered(auditor, 'add-review')).toBe(0);
    await goInApp(auditor, '/user-evaluation-list');
    await visible(auditor, 'row-delete').first().waitFor();
    expect(await offered(auditor, 'add')).toBe(0);
    await goInApp(auditor, '/user-evaluation-add');
    await visible(auditor, 'no-permission').getByText('没有权限', { exact: true }).waitFor();
  });

  it('(en) offers the admin “Add review” on the recipe, which opens the review form for it', async () => {
    const admin = await signedInPage(h, 'en');
    await goInApp(admin, `/recipe-detail?id=${R_1001}`);
    await visible(admin, 'add-review').click();
    await admin.getByTestId('page-title').getByText('Add review', { exact: false }).waitFor();
  });
});
