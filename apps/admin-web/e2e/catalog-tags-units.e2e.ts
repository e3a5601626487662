import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  batchDeleteRows,
  cancelAndDiscard,
  choose,
  column,
  confirm,
  fieldError,
  fillNumberAndNames,
  openFromMenu,
  row,
  search,
  searchFindsOne,
  selectRows,
  waitForFieldError,
} from './catalog-support.js';
import { harnessForFile, location, tab } from './support/harness.js';
import { searchList, signedInOnClearedList } from './support/gestures.js';
import { settles } from './support/waits.js';

// One system for the whole file: the tag library in English, ingredient units in Chinese.
const h = harnessForFile();

async function addTag(page: Page, number: string, zh: string, en: string) {
  await page.getByTestId('add').click();
  await page.getByTestId('page-title').getByText('Add tag', { exact: true }).waitFor();
  await fillNumberAndNames(page, { number, zh, en });
  await page.getByTestId('form-submit').click();
}

describe('tag library (en)', () => {
  it('creates, refuses a taken number under its field, edits, searches and batch-deletes', async () => {
    const page = await signedInOnClearedList(h, 'en', ['recipes', 'Tag library'], 'recipe_tags');

    await page.getByTestId('add').click();
    await page.getByTestId('form-submit').click();
    await waitForFieldError(page, 'field-number', 'Number cannot be empty');
    expect(await fieldError(page, 'name-zh')).toBe('The name in the main language is required');
    await page.getByTestId('field-number').fill('hot spicy');
    await page.getByTestId('name-zh').focus();
    await waitForFieldError(page, 'field-number', 'The number may contain letters, digits, - and _ only');
    // The typed input would be lost: leaving asks first.
    await cancelAndDiscard(page);
    await openFromMenu(page, 'recipes', 'Tag library');

    await addTag(page, 'T-SPICY', '辣', 'Spicy');
    await page.waitForURL('**/tag-list');
    await row(page, 'T-SPICY').getByText('Spicy', { exact: true }).waitFor();
    await addTag(page, 'T-SWEET', '甜', 'Sweet');
    await page.waitForURL('**/tag-list');
    await row(page, 'T-SWEET').waitFor();

    await addTag(page, 'T-SPICY', '麻辣', 'Numbing');
    await waitForFieldError(page, 'field-number', 'This number already exists');
    expect(location(page)).toBe('/tag-add');

    await cancelAndDiscard(page);
    await openFromMenu(page, 'recipes', 'Tag library');
    // Edit is for one record at a time (§5).
    await selectRows(page, ['T-SPICY', 'T-SWEET']);
    await page.getByTestId('batch-edit').click();
    await page.getByText('Only one record can be edited at a time').waitFor();
    await row(page, 'T-SPICY').getByRole('checkbox').uncheck();
    await page.getByTestId('batch-edit').click();
    await page.getByTestId('page-title').getByText('Edit tag', { exact: true }).waitFor();
    await expect(page.getByTestId('field-number').inputValue()).resolves.toBe('T-SWEET');
    await page.getByTestId('name-en').fill('Very sweet');
    await page.getByTestId('form-submit').click();
    await page.waitForURL('**/tag-list');
    await row(page, 'T-SWEET').getByText('Very sweet', { exact: true }).waitFor();

    await searchFindsOne(page, { name: 'spic' }, 'T-SPICY');
    await search(page, { name: '', number: 'SWE' });
    await row(page, 'T-SWEET').waitFor();
    await settles(() => column(page, 'number'), ['T-SWEET']);
    await search(page, { number: '' });
    await choose(page, 'filter-lang', 'German');
    await searchList(page);
    await page.getByTestId('pager-total').getByText('Total 0').waitFor();
    await page.getByRole('button', { name: 'Reset' }).click();
    await row(page, 'T-SPICY').waitFor();

    expect(await batchDeleteRows(page, ['T-SPICY', 'T-SWEET'], 'Total 0')).toBe(
      'Delete the 2 selected records?',
    );
  });
});

async function addUnit(page: Page, zh: string, en: string) {
  await page.getByTestId('add').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText('新增单位').waitFor();
  await dialog.getByTestId('name-zh').fill(zh);
  await dialog.getByTestId('name-en').fill(en);
  await dialog.getByTestId('form-submit').click();
}

describe('ingredient units (zh)', () => {
  it('adds in a dialog, keeps names unique, edits, searches, deletes one after "unit delete" and several at once', async () => {
    // The test starts from the seeded units, without any of the names it adds.
    const page = await signedInOnClearedList(h, 'zh', ['recipes', '食材单位管理'], 'ingredient_units', [
      '毫升',
      '勺',
      '杯',
      '碗',
    ]);

    // DEMO's seeded units (克, 只, 汤匙, 条) are measured in by its demo recipes; these come on top.
    await page.getByTestId('pager-total').getByText('共 4 条').waitFor();
    await addUnit(page, '毫升', 'millilitre');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await row(page, '毫升').waitFor();
    await addUnit(page, '勺', 'Spoon');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await addUnit(page, '杯', 'Cup');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('pager-total').getByText('共 7 条').waitFor();

    // §5: unit names are unique (per language, whatever the case); the clash shows under its field.
    await addUnit(page, '碗', 'spoon');
    await waitForFieldError(page, 'name-en', '名称“spoon”已存在');
    await page.getByRole('dialog').getByRole('button', { name: '取消' }).click();
    // The dialog holds typed input: Cancel asks before dropping it.
    await page.getByTestId('leave-discard').click();
    await page.getByTestId('leave-discard').waitFor({ state: 'detached' });
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Nothing unsaved is left on the tab once the dialog is gone.
    await expect(tab(page, '/unit-list').getAttribute('data-dirty')).resolves.toBeNull();

    await row(page, '毫升').getByTestId('row-edit').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('编辑单位').waitFor();
    await expect(dialog.getByTestId('name-en').inputValue()).resolves.toBe('millilitre');
    await dialog.getByTestId('name-en').fill('ml');
    await dialog.getByTestId('form-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await row(page, '毫升').getByText('ml', { exact: true }).waitFor();

    await search(page, { name: '勺' });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    await row(page, 'Spoon').waitFor();
    await page.getByRole('button', { name: '重置' }).click();
    await page.getByTestId('pager-total').getByText('共 7 条').waitFor();

    await row(page, '杯').getByTestId('row-delete').click();
    expect(await confirm(page)).toBe('确定删除这个单位吗？');
    await page.getByTestId('pager-total').getByText('共 6 条').waitFor();

    expect(await batchDeleteRows(page, ['毫升', '勺'], '共 4 条')).toBe('确定删除选中的 2 条记录吗？');
  });
});
