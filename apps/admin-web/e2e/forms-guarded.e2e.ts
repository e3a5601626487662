import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { fieldError, waitForFieldError } from './catalog-support.js';
import { apiGet } from './support/api.js';
import { goInApp, harnessForFile } from './support/harness.js';
import { inEnglish, signedInPage, visible } from './support/gestures.js';

const h = harnessForFile({ projector: true });

/** Opens `path` and waits for the no-permission panel in its place; no input of the form is there to type in. */
async function refusedForm(page: Page, path: string, title: string) {
  await goInApp(page, path);
  await visible(page, 'no-permission').getByText(title, { exact: true }).waitFor();
  expect(await page.locator('[data-testid="page"]:visible input').count()).toBe(0);
  expect(await page.locator('[data-testid^="field-"]:visible').count()).toBe(0);
}

describe('add and edit forms are guarded by the permission of their save', () => {
  it('shows the viewer no permission, not the form, at /inform-add and /apk-add (zh)', async () => {
    const page = await signedInPage(h, 'zh', 'viewer', 'viewer12345');
    await refusedForm(page, '/inform-add', '没有权限');
    await refusedForm(page, '/apk-add', '没有权限');
    await refusedForm(page, '/hot-tag-add', '没有权限');
  });

  it('shows the auditor no permission at /apk-add and /inform-add (en)', async () => {
    const page = await signedInPage(h, 'en', 'audit', 'audit12345');
    await refusedForm(page, '/apk-add', 'No permission');
    await refusedForm(page, '/inform-add', 'No permission');
  });
});

describe('an APK draft needs its sub-brand, model and version number (§5)', () => {
  it('names all three under their fields at once and creates nothing (en), and in zh', async () => {
    const page = await signedInPage(h, 'en', 'editor', 'editor12345');
    const before = (await apiGet<{ total: number }>(page, '/api/subApk/list')).total;
    await goInApp(page, '/apk-add');
    await visible(page, 'apk-save').click();
    await waitForFieldError(page, 'field-subBrandCode', 'Required');
    expect(await fieldError(page, 'field-productCode')).toBe('Required');
    expect(await fieldError(page, 'field-versionNumber')).toBe('Required');
    expect((await apiGet<{ total: number }>(page, '/api/subApk/list')).total).toBe(before);

    const zh = await signedInPage(h, 'zh', 'editor', 'editor12345');
    await goInApp(zh, '/apk-add');
    await visible(zh, 'field-versionNumber').fill('9.1.0');
    await visible(zh, 'apk-save').click();
    await waitForFieldError(zh, 'field-subBrandCode', '此项必填');
    expect(await fieldError(zh, 'field-productCode')).toBe('此项必填');
    expect(await fieldError(zh, 'field-versionNumber')).toBe('');
  });
});

describe('a form names every missing field at once, under each field', () => {
  it('an empty offline pack save names its five fields (zh, then en)', async () => {
    const page = await signedInPage(h);
    await goInApp(page, '/offline-recipes-add');
    await visible(page, 'form-submit').click();
    for (const message of [
      '离线包编号不能为空',
      '离线包类型不能为空',
      '工厂型号不能为空',
      '客户型号不能为空',
      '菜谱不能为空',
    ])
      await visible(page, 'page').getByText(message, { exact: true }).waitFor();
    expect(await fieldError(page, 'pack-number-input')).toBe('离线包编号不能为空');

    // A language switch draws them again in English.
    await inEnglishHere(page);
    for (const message of [
      'Pack number cannot be empty',
      'Pack type cannot be empty',
      'Factory model cannot be empty',
      'Customer model cannot be empty',
      'Recipes cannot be empty',
    ])
      await visible(page, 'page').getByText(message, { exact: true }).waitFor();
  });
});

describe('a hot search label with no label and sort "abc" flags both at once', () => {
  it('names the missing main label and the sort together (zh, en)', async () => {
    for (const [lang, label, sort] of [
      ['zh', '主语言标签不能为空', '排序必须为数字'],
      ['en', 'The label in the main language is required', 'Sort must be numeric'],
    ] as const) {
      const page = await signedInPage(h);
      if (lang === 'en') await inEnglish(page);
      await goInApp(page, '/hot-tag-add');
      await visible(page, 'field-sort').fill('abc');
      await visible(page, 'form-submit').click();
      await waitForFieldError(page, 'labels-zh', label);
      expect(await fieldError(page, 'field-sort')).toBe(sort);
    }
  });
});

/** Switches the language from the header's menu without expecting Home (this page stays). */
async function inEnglishHere(page: Page) {
  await page.getByTestId('language-menu').click();
  await page.getByTestId('language-en').click();
}
