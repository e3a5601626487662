import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { confirm, pngImage } from './catalog-support.js';
import { goInApp, harnessForFile, location, tab } from './support/harness.js';
import { signedInPage } from './support/gestures.js';

const h = harnessForFile();

const title = (page: Page, text: string) => page.getByTestId('page-title').getByText(text, { exact: true });

describe('a dirty form is never lost without a question (zh)', () => {
  it('asks before a tab switch or Cancel drops what was typed on a page that is not kept alive', async () => {
    const page = await signedInPage(h);
    await goInApp(page, '/tag-add');
    await title(page, '新增标签').waitFor();
    await page.getByTestId('field-number').fill('T-TYPED');

    // Another tab: asked, and “继续编辑” keeps the input.
    await tab(page, '/home').click();
    await page.getByText('放弃未保存的修改？', { exact: true }).waitFor();
    await page.getByText('此页面有尚未保存的输入，离开后将丢失。').waitFor();
    await page.getByTestId('leave-stay').click();
    await expect(page.getByTestId('field-number').inputValue()).resolves.toBe('T-TYPED');
    expect(location(page)).toBe('/tag-add');

    // Cancel: asked too; discarding goes back to the list.
    await page.getByTestId('form-cancel').click();
    await page.getByTestId('leave-discard').getByText('放弃修改并离开').click();
    await title(page, '标签库').waitFor();
    expect(location(page)).toBe('/tag-list');

    // A clean form leaves without a question.
    await goInApp(page, '/tag-add');
    await title(page, '新增标签').waitFor();
    await page.getByTestId('form-cancel').click();
    await title(page, '标签库').waitFor();
    expect(await page.getByTestId('leave-discard').count()).toBe(0);
  });
});

describe('a dirty form is never lost without a question (en)', () => {
  it('asks in English, and discarding on a tab switch opens the other tab', async () => {
    const page = await signedInPage(h, 'en');
    await goInApp(page, '/tag-add');
    await title(page, 'Add tag').waitFor();
    await page.getByTestId('name-en').fill('Typed');
    await tab(page, '/home').click();
    await page.getByText('Discard unsaved changes?', { exact: true }).waitFor();
    await page.getByTestId('leave-discard').getByText('Discard and leave').click();
    await title(page, 'Home').waitFor();
  });
});

describe('uploads in flight (en)', () => {
  it('shows the upload’s progress and keeps save and submit disabled until the file is there', async () => {
    const page = await signedInPage(h, 'en');
    // A slow network: the answer to the upload arrives 4 s after it was sent.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/file/upload', async (route) => {
      await answered;
      await route.continue();
    });
    await goInApp(page, '/apk-add');
    await title(page, 'Add APK').waitFor();
    await page
      .getByTestId('field-modeIcon')
      .locator('input[type=file]')
      .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: pngImage(8) });

    const progress = page.getByTestId('field-modeIcon').getByTestId('upload-progress');
    await progress.getByText(/^Uploading \d+%$/).waitFor();
    await page
      .getByTestId('wait-for-uploads')
      .getByText('Saving is possible once the uploads have finished')
      .waitFor();
    await expect(page.getByTestId('apk-save-submit').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('apk-save').isDisabled()).resolves.toBe(true);

    release();
    await page.getByTestId('field-modeIcon').getByTestId('uploaded-image').waitFor();
    await progress.waitFor({ state: 'detached' });
    await expect(page.getByTestId('apk-save-submit').isDisabled()).resolves.toBe(false);
    expect(await page.getByTestId('wait-for-uploads').count()).toBe(0);

    // What is sent now carries the icon: the refusal names other missing resources, not the mode icon.
    const sent = page.waitForRequest((r) => r.url().includes('/api/subApk/addAndApproval'));
    await page.getByTestId('apk-save-submit').click();
    await confirm(page);
    const body = (await sent).postData() ?? '';
    expect(body).toMatch(/"modeIcon":"[0-9a-f-]{36}"/);

    // The form is not kept alive and holds a chosen icon: leaving asks.
    await tab(page, '/home').click();
    await page.getByText('Discard unsaved changes?', { exact: true }).waitFor();
    await page.getByTestId('leave-stay').click();
    expect(location(page)).toBe('/apk-add');
  });
});
