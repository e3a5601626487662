import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { choose, confirm, openFromMenu, waitForFieldError } from './catalog-support.js';
import { goInApp, harnessForFile, loginAs } from './support/harness.js';
import { activateDevice, ingestData, reportFaults } from './support/ingest.js';
import { inEnglish, searchList, signedInPage, visible, visibleRow as row } from './support/gestures.js';

// The real path of a device: device-ingest (HTTP → BullMQ → workers → Postgres) runs beside the API, and the
// tests post to it as a device would, with the demo brand's factory activation key.
const h = harnessForFile({ ingest: true });

/** A demo device (offline since the seed) activates again and posts a telemetry sample from a new IP. */
async function deviceComesOnline(sn: string, productCode: string, subBrandCode: string, ip: string) {
  const auth = await activateDevice(h, {
    sn,
    productCode,
    subBrandCode,
    apkVersion: '2.1.0',
    mcuVersion: '1.4.2',
    tpVersion: '3.0.1',
  });
  await ingestData(h, '/device/v1/telemetry', {
    body: {
      messages: [
        {
          messageId: randomUUID(),
          sampledAt: new Date().toISOString(),
          network: 'wifi',
          ip,
          apkVersion: '2.1.0',
          mode: 'STEAM',
          extra: { temperatureC: 96 },
        },
      ],
    },
    headers: auth,
  });
  return auth;
}

/** Marks the document; the mark is gone after a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { e2eMark: boolean }).e2eMark = true;
  });
}
const stillSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

describe('devices (zh)', () => {
  it('shows a device going online without a reload, its detail, and its fault in the records and the summary', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, 'devices', '设备信息');
    // Fifteen demo devices fill more than the first page: find this one by its SN.
    await visible(page, 'filter-sn').fill('DMTM6000001');
    await searchList(page);
    const device = row(page, 'DMTM6000001');
    await device.getByTestId('device-online').getByText('离线').waitFor();
    await markDocument(page);

    const auth = await deviceComesOnline('DMTM6000001', 'TM-6', 'DEMO-CHEF', '10.20.0.99');
    // The status poll brings the new state and IP into the row on screen.
    await device.locator('[data-testid="device-online"][data-online="true"]').waitFor({ timeout: 20_000 });
    await device.getByText('10.20.0.99').waitFor({ timeout: 20_000 });
    expect(await device.getByTestId('device-online').textContent()).toBe('在线');
    expect(await stillSameDocument(page)).toBe(true);

    const log = 'E45 over-temperature at 182C\nNTC1=182.0 NTC2=179.5\nheater relay forced off\nboard=DMTM6';
    await reportFaults(h, auth, [{ type: 'OVERHEAT', errorLog: log }]);

    // The detail: the device, its bound user, the sample just sent and (once worked) the fault.
    await device.getByTestId('device-sn').click();
    await visible(page, 'device-title').getByText('DMTM6000001').waitFor();
    await visible(page, 'detail-ip-value').getByText('10.20.0.99').waitFor();
    expect(await visible(page, 'detail-online-value').textContent()).toBe('在线');
    expect(await visible(page, 'user-nickname-value').textContent()).toBe('厨友 1');
    expect(await visible(page, 'user-gender-value').textContent()).toBe('女');
    expect(await visible(page, 'user-age-value').textContent()).toBe('26');
    // The sample's mode and readings in words, not codes and JSON.
    await visible(page, 'device-telemetry').getByText('蒸', { exact: true }).waitFor();
    await visible(page, 'device-telemetry').getByText('温度 96 °C').waitFor();
    await visible(page, 'device-faults').getByText('过热保护').waitFor({ timeout: 20_000 });
    // The history chart (loaded with this screen only): the day of seeded samples and the one just sent, per
    // hour; then the hourly average temperature as a line.
    const history = visible(page, 'device-history');
    await history.getByTestId('device-history-total').getByText('最近7天共 13 条上报').waitFor();
    expect(await history.locator('.recharts-bar-rectangle').count()).toBeGreaterThan(0);
    await choose(page, 'device-history-series', '温度 (°C)');
    await history.locator('.recharts-line').waitFor();
    await history.getByTestId('device-history-days').getByText('一年').click();
    await history.getByTestId('device-history-total').getByText('最近一年共 13 条上报').waitFor();

    // The records: filtered by SN, the new fault with its whole log.
    await openFromMenu(page, 'devices', '故障记录');
    await visible(page, 'filter-sn').fill('DMTM6000001');
    await searchList(page);
    const fault = row(page, '过热保护');
    await fault.getByText('Shenzhen').waitFor();
    await fault.getByTestId('fault-view-log').click();
    expect(await page.getByTestId('fault-log').textContent()).toBe(log);
    await page.keyboard.press('Escape');
    await page.getByTestId('fault-log').waitFor({ state: 'detached' });

    // The summary counts it under its type; the drill-down opens the records of that type.
    await openFromMenu(page, 'devices', '故障汇总');
    const byType = visible(page, 'summary-by-type-table').locator('tr', { hasText: '过热保护' });
    expect(await byType.getByTestId('summary-count').textContent()).toBe('1');
    // Demo faults: 15 DEMO devices, the first of each model reported two; plus this one.
    expect(await visible(page, 'summary-total').textContent()).toBe('11');
    await byType.getByTestId('summary-records').click();
    await page.waitForURL('**/fault-record-list?type=OVERHEAT');
    await row(page, 'DMTM6000001').getByText('过热保护').waitFor();
    expect(await page.locator('tbody tr:visible').count()).toBe(1);

    // Batch delete behind its confirmation.
    await row(page, 'DMTM6000001').getByRole('checkbox').check();
    await visible(page, 'batch-delete').click();
    expect(await confirm(page)).toBe('确定删除选中的 1 条记录吗？');
    await visible(page, 'filter-search').waitFor();
    await page.getByText('暂无数据').waitFor();
    await openFromMenu(page, 'devices', '故障汇总');
    await visible(page, 'summary-total').getByText('10', { exact: true }).waitFor();
  });

  it('deletes selected devices after asking', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, 'devices', '设备信息');
    await visible(page, 'filter-sn').fill('DMOV4');
    await searchList(page);
    await row(page, 'DMOV4000003').waitFor();
    expect(await visible(page, 'pager-total').textContent()).toBe('共 3 条');
    await row(page, 'DMOV4000002').getByRole('checkbox').check();
    await row(page, 'DMOV4000003').getByRole('checkbox').check();
    await visible(page, 'batch-delete').click();
    // Cancelling keeps them.
    await page.getByTestId('confirm-cancel').click();
    await page.getByTestId('confirm-message').waitFor({ state: 'detached' });
    expect(await row(page, 'DMOV4000002').count()).toBe(1);
    await visible(page, 'batch-delete').click();
    expect(await confirm(page)).toBe('确定删除选中的 2 条记录吗？');
    await row(page, 'DMOV4000002').waitFor({ state: 'detached' });
    expect(await row(page, 'DMOV4000003').count()).toBe(0);
    await row(page, 'DMOV4000001').waitFor();
    expect(await visible(page, 'pager-total').textContent()).toBe('共 1 条');
  });
});

describe('devices (en)', () => {
  it('test device group: add with a refused SN first, edit, detail, delete', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await loginAs(page);
    await inEnglish(page);
    await openFromMenu(page, 'devices', 'Test device group');
    await visible(page, 'add').click();
    await visible(page, 'form-submit').click();
    await waitForFieldError(page, 'field-sn', 'Enter the device SN');
    await visible(page, 'field-sn').fill('NOPE0001');
    await visible(page, 'form-submit').click();
    await waitForFieldError(page, 'field-sn', 'No device with SN NOPE0001 in your brand');
    await visible(page, 'field-sn').fill('dmaf5000001');
    await visible(page, 'field-remark').fill('Lab bench 3');
    await visible(page, 'form-submit').click();

    await page.waitForURL('**/test-device-list');
    const member = row(page, 'DMAF5000001');
    await member.getByText('Lab bench 3').waitFor();
    await member.getByTestId('row-edit').click();
    await visible(page, 'field-remark').fill('Lab bench 4, APK beta ring');
    await visible(page, 'form-submit').click();
    await page.waitForURL('**/test-device-list');
    await member.getByText('Lab bench 4, APK beta ring').waitFor();

    await member.getByTestId('test-device-sn').click();
    await visible(page, 'detail-remark-value').getByText('Lab bench 4, APK beta ring').waitFor();
    await visible(page, 'test-device-delete').click();
    expect(await confirm(page)).toBe('Delete this record?');
    await page.waitForURL('**/test-device-list');
    await page.getByText('No records').waitFor();

    // A record that is not there.
    await goInApp(page, `/test-device-edit?id=${randomUUID()}`);
    await visible(page, 'record-load-failed').getByText('Record does not exist').waitFor();
  });

  it('shows a device going online, its detail, an unknown device, and its fault in the summary by model', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await loginAs(page);
    await inEnglish(page);
    await openFromMenu(page, 'devices', 'Device info');
    await choose(page, 'filter-productCode', (await optionFor(page, 'filter-productCode', 'TM-7'))!);
    await searchList(page);
    const device = row(page, 'DMTM7000001');
    await device.getByTestId('device-online').getByText('Offline').waitFor();
    await row(page, 'DMTM6000001').waitFor({ state: 'detached' });
    await markDocument(page);

    const auth = await deviceComesOnline('DMTM7000001', 'TM-7', 'DEMO-CHEF', '10.20.1.77');
    await device.locator('[data-testid="device-online"][data-online="true"]').waitFor({ timeout: 20_000 });
    await device.getByText('10.20.1.77').waitFor({ timeout: 20_000 });
    expect(await device.getByTestId('device-online').textContent()).toBe('Online');
    expect(await stillSameDocument(page)).toBe(true);
    await reportFaults(h, auth, [{ type: 'LID_OPEN', errorLog: 'E07 lid opened while running at speed 6' }]);

    await device.getByTestId('device-sn').click();
    await visible(page, 'detail-ip-value').getByText('10.20.1.77').waitFor();
    expect(await visible(page, 'detail-online-value').textContent()).toBe('Online');
    await visible(page, 'device-faults').getByText('Lid open').waitFor({ timeout: 20_000 });
    await visible(page, 'device-all-faults').click();
    await page.waitForURL('**/fault-record-list?sn=DMTM7000001');
    await row(page, 'Lid open').waitFor();

    await goInApp(page, `/device-info-detail?id=${randomUUID()}`);
    await visible(page, 'record-load-failed').getByText('Device does not exist').waitFor();

    await openFromMenu(page, 'devices', 'Fault summary');
    const byType = visible(page, 'summary-by-type-table').locator('tr', { hasText: 'Lid open' });
    expect(await byType.getByTestId('summary-count').textContent()).toBe('1');
    const byModel = visible(page, 'summary-by-model-table').locator('tr', { hasText: '(TM-7)' });
    // The demo's first TM-7 reported two faults, and now this one.
    expect(await byModel.getByTestId('summary-count').textContent()).toBe('3');
    await byModel.getByTestId('summary-records').click();
    await page.waitForURL('**/fault-record-list?productCode=TM-7');
    await row(page, 'Lid open').waitFor();
    expect(await page.locator('tbody tr:visible').count()).toBe(3);
  });
});

/** The label of the select option whose text mentions `text` (e.g. a product by its code). */
async function optionFor(page: Page, testId: string, text: string): Promise<string | null> {
  await page.getByTestId(testId).click();
  const option = page.getByRole('option').filter({ hasText: text }).first();
  const label = (await option.textContent())?.trim() ?? null;
  await page.keyboard.press('Escape');
  return label;
}
