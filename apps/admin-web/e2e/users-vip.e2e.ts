import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { signedInPage, visibleRow } from './support/gestures.js';
import { goInApp, harnessForFile } from './support/harness.js';

/*
 * /vip-user-list on the real API, Postgres, Redis and device-ingest (whose worker imports the file), in zh and
 * en: the template downloaded, filled and imported with progress and a per-row report, the list, delete.
 */

const h = harnessForFile({ ingest: true });

async function openScreen(page: Page, title: string) {
  await goInApp(page, '/vip-user-list');
  await page.getByTestId('page-title').getByText(title, { exact: true }).waitFor();
  await page.getByTestId('paying-import').waitFor();
  // The screen is built: its own page, never the "later release" panel.
  await expect(page.getByTestId('not-built').count()).resolves.toBe(0);
}

/** Downloads the template of `format` from the open import dialog and answers its bytes. */
async function downloadTemplate(page: Page, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`paying-template-${format}`).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`vip-user-import.${format}`);
  return readFile((await download.path())!);
}

/** Chooses the file in the open dialog, starts the import and waits for the run to end. */
async function importFile(page: Page, name: string, mimeType: string, buffer: Buffer) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByTestId('paying-import-file').click(),
  ]);
  await chooser.setFiles({ name, mimeType, buffer });
  await page.getByTestId('paying-import-start').click();
  await page.getByTestId('job-progress').waitFor();
  await page
    .locator('[data-testid="job-run"][data-state="succeeded"], [data-testid="job-run"][data-state="failed"]')
    .waitFor();
}

/** The report as the user reads it: row, account, outcome, reason. */
const report = (page: Page) =>
  page
    .getByTestId('job-item')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('paying users', () => {
  it('imports the filled xlsx template in zh with progress and a per-row report, and lists the accepted rows', async () => {
    const page = await signedInPage(h);
    await openScreen(page, '付费用户');
    await page.getByTestId('paying-import').click();

    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await downloadTemplate(page, 'xlsx')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'account', 'vipLevel', 'startDate', 'endDate']);
    // The example row is replaced by the rows to import.
    sheet.spliceRows(2, 1);
    sheet.addRow(['demo-user-1@example.com', 1, '2020-01-01', '2099-12-31']);
    sheet.addRow(['demo-user-2@example.com', 2, '2020-01-01', '2020-12-31']);
    sheet.addRow(['other-user-1@example.com', 1, '2020-01-01', '2099-12-31']);
    sheet.addRow(['demo-user-3@example.com', 0, '2020-01-01', '2099-12-31']);
    await importFile(page, 'paying.xlsx', XLSX, Buffer.from(await book.xlsx.writeBuffer()));

    await expect(page.getByTestId('job-progress').getAttribute('data-progress')).resolves.toBe('100');
    await page
      .getByTestId('paying-import-summary')
      .getByText('新增 2 行，更新 0 行，未变化 0 行，拒绝 2 行')
      .waitFor();
    await expect(report(page)).resolves.toEqual([
      ['2', 'demo-user-1@example.com', '已新增', ''],
      ['3', 'demo-user-2@example.com', '已新增', ''],
      ['4', 'other-user-1@example.com', '已拒绝', '账号不存在（不是本品牌的 App 用户）'],
      ['5', 'demo-user-3@example.com', '已拒绝', '会员等级须为 1 到 99 的整数'],
    ]);
    await page.keyboard.press('Escape');
    await visibleRow(page, 'demo-user-1@example.com').getByText('付费中').waitFor();
    await visibleRow(page, 'demo-user-2@example.com').getByText('已过期').waitFor();
    await expect(visibleRow(page, 'demo-user-3@example.com').count()).resolves.toBe(0);
  });

  it('in en: a re-imported csv changes nothing, a wrong file is refused with a message, a row is deleted after confirming', async () => {
    const page = await signedInPage(h, 'en');
    await openScreen(page, 'Paying users');
    await page.getByTestId('paying-import').click();
    const template = (await downloadTemplate(page, 'csv')).toString('utf8');
    expect(template.split('\n')[0]).toBe('\ufeffaccount,vipLevel,startDate,endDate');
    const csv = [
      'account,vipLevel,startDate,endDate',
      'demo-user-1@example.com,1,2020-01-01,2099-12-31',
      'demo-user-2@example.com,2,2020-01-01,2020-12-31',
      'demo-user-4@example.com,1,2020-13-01,2099-12-31',
    ].join('\r\n');
    await importFile(page, 'paying.csv', 'text/csv', Buffer.from(csv, 'utf8'));
    await page
      .getByTestId('paying-import-summary')
      .getByText('0 added, 0 updated, 2 unchanged, 1 refused')
      .waitFor();
    await expect(report(page)).resolves.toEqual([
      ['2', 'demo-user-1@example.com', 'unchanged', ''],
      ['3', 'demo-user-2@example.com', 'unchanged', ''],
      ['4', 'demo-user-4@example.com', 'refused', 'Invalid start date (write YYYY-MM-DD)'],
    ]);
    await page.keyboard.press('Escape');

    await page.getByTestId('paying-import').click();
    await importFile(page, 'wrong.csv', 'text/csv', Buffer.from('name,level\nsomeone,1\n', 'utf8'));
    await page
      .getByTestId('job-error')
      .getByText(
        'The file lacks the template’s columns: account, vipLevel, startDate, endDate (the template has account, vipLevel, startDate, endDate); nothing was imported',
      )
      .waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('pager-total').getByText('2', { exact: false }).waitFor();

    await visibleRow(page, 'demo-user-2@example.com').getByTestId('row-delete').click();
    await page.getByTestId('confirm-message').waitFor();
    await page.getByTestId('confirm-ok').click();
    await visibleRow(page, 'demo-user-2@example.com').waitFor({ state: 'detached' });
    await visibleRow(page, 'demo-user-1@example.com').getByText('Paying').waitFor();
  });

  it('in en: a long file’s report shows 100 lines a page, each row with why it was refused', async () => {
    const page = await signedInPage(h, 'en');
    await openScreen(page, 'Paying users');
    await page.getByTestId('paying-import').click();
    const lines = Array.from(
      { length: 150 },
      (_, i) => `nobody-${i + 1}@example.com,1,2020-01-01,2099-12-31`,
    );
    const csv = ['account,vipLevel,startDate,endDate', ...lines].join('\r\n');
    await importFile(page, 'long.csv', 'text/csv', Buffer.from(csv, 'utf8'));
    await page
      .getByTestId('paying-import-summary')
      .getByText('0 added, 0 updated, 0 unchanged, 150 refused')
      .waitFor();
    const rows = await report(page);
    expect(rows).toHaveLength(100);
    expect(rows[0]!.slice(0, 3)).toEqual(['2', 'nobody-1@example.com', 'refused']);
    await page.getByTestId('job-report-pages').getByRole('button', { name: '2', exact: true }).click();
    await page.getByTestId('job-item').first().getByText('nobody-101@example.com').waitFor();
    const second = await report(page);
    expect(second).toHaveLength(50);
    expect(second[49]!.slice(0, 3)).toEqual(['151', 'nobody-150@example.com', 'refused']);
    expect(second[49]![3]).not.toBe('');
  });
});
