import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { fieldError, waitForFieldError } from './catalog-support.js';
import { apiGet } from './support/api.js';
import { goInApp, loginAs, startHarness, type Harness } from './support/harness.js';
import { inEnglish, visible } from './support/gestures.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ projector: true });
});
afterAll(async () => {
  await h?.stop();
});

/** Opens `path` and waits for the no-permission panel in its place; no input of the form is there to type in. */
async function refusedForm(page: Page, path: string, title: string) {
  await goInApp(page, path);
  await visible(page, 'no-permission').getByText(title, { exact: true }).waitFor();
  expect(await page.locator('[data-testid="page"]:visible input').count()).toBe(0);
  expect(await page.locator('[data-testid^="field-"]:visible').count()).toBe(0);
}

describe('add and edit forms are guarded by the permission of their save', () => {
  it('shows the viewer no permission, not the form, at /inform-add and /apk-add (zh)', async () => {
    const page = await h.newPage();
    await loginAs(page, 'viewer', 'viewer12345');
    await refusedForm(page, '/inform-add', '没有权限');
    await refusedForm(page, '/apk-add', '没有权限');
    await refusedForm(page, '/hot-tag-add', '没有权限');
  });

  it('shows the auditor no permission at /apk-add and /inform-add (en)', async () => {
    const page = await h.newPage();
    await loginAs(page, 'audit', 'audit12345');
    await inEnglish(page);
    await refusedForm(page, '/apk-add', 'No permission');
    await refusedForm(page, '/inform-add', 'No permission');
  });
});

describe('an APK draft needs its sub-brand, model and version number (§5)', () => {
  it('names all three under their fields at once and creates nothing (en), and in zh', async () => {
    const page = await h.newPage();
    await loginAs(page, 'editor', 'editor12345');
    await inEnglish(page);
    const before = (await apiGet<{ total: number }>(page, '/api/subApk/list')).total;
    await goInApp(page, '/apk-add');
    await visible(page, 'apk-save').click();
    await waitForFieldError(page, 'field-subBrandCode', 'Required');
    expect(await fieldError(page, 'field-productCode')).toBe('Required');
    expect(await fieldError(page, 'field-versionNumber')).toBe('Required');
    expect((await apiGet<{ total: number }>(page, '/api/subApk/list')).total).toBe(before);

    const zh = await h.newPage();
    await loginAs(zh, 'editor', 'editor12345');
    await goInApp(zh, '/apk-add');
    await visible(zh, 'field-versionNumber').fill('9.1.0');
    await visible(zh, 'apk-save').click();
    await waitForFieldError(zh, 'field-subBrandCode', '此项必填');
    expect(await fieldError(zh, 'field-productCode')).toBe('此项必填');
    expect(await fieldError(zh, 'field-versionNumber')).toBe('');
  });
});
