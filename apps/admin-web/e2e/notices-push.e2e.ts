import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { confirm, openFromMenu } from './catalog-support.js';
import { API_HEADERS, goInApp, harnessForFile } from './support/harness.js';
import { activateDevice, ingestCall } from './support/ingest.js';
import { eventually, refuseNoticeDeliveries } from '@kb/testing';
import { inEnglish, signedInPage, visible, visibleRow } from './support/gestures.js';
import { ownTag } from './support/waits.js';

// The whole system with device-ingest (the push worker, the timer and the device API): the test plays the
// simulated devices, activating them with the demo brand's factory key and acknowledging through the device API.
const h = harnessForFile({ ingest: true });

interface SimulatedDevice {
  sn: string;
  auth: Record<string, string>;
}

const deviceCall = (device: SimulatedDevice, path: string, body?: unknown) =>
  ingestCall(h, path, { body, headers: device.auth });
/** A device tells it received or read a notice. */
const acknowledge = (device: SimulatedDevice, noticeId: string, state: 'received' | 'read') =>
  deviceCall(device, '/device/v1/notices/ack', { acks: [{ noticeId, state }] });

/** A device activated as the factory does it, bound to the app user who activated it when one is named. */
async function activateOne(
  sn: string,
  productCode: string,
  user?: { account: string; region: string },
): Promise<SimulatedDevice> {
  return { sn, auth: await activateDevice(h, { sn, productCode, user }) };
}

/** Devices of one model, activated as the factory does it. */
function activate(sns: string[], productCode: string): Promise<SimulatedDevice[]> {
  return Promise.all(sns.map((sn) => activateOne(sn, productCode)));
}

/** The companion app's call, signed in with `token` when given. */
const appCall = (path: string, body?: unknown, token?: string) => ingestCall(h, path, { body, token });
/** The companion app: registers an account of the demo brand and answers its sign-in token. */
const registerAppUser = async (account: string) =>
  (await appCall('/app/v1/register', { brandOwnerCode: 'DEMO', account, password: 'e2e-app-pass-1' })).data
    .token as string;

/** The notice a device polled, by its title. */
async function polled(device: SimulatedDevice, title: string): Promise<string> {
  const found = await eventually(
    async () => {
      const res = await deviceCall(device, '/device/v1/notices');
      return (res.data.list as { noticeId: string; texts: { title: string }[] }[]).find((n) =>
        n.texts.some((t) => t.title === title),
      );
    },
    (notice) => notice !== undefined,
    30_000,
    `device ${device.sn} sees "${title}"`,
  );
  return found!.noticeId;
}

/** The browser's local time `seconds` from now, as a datetime-local input takes it. */
function localTimeAhead(page: Page, seconds: number): Promise<string> {
  return page.evaluate((s) => {
    const d = new Date(Date.now() + s * 1000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, seconds);
}

/** Opens the add form and writes the label, the title and content in one language. */
async function startNotice(
  page: Page,
  text: { label: string; title: string; content: string; lang: string },
) {
  await visible(page, 'add').click();
  await visible(page, 'field-label').fill(text.label);
  await visible(page, `field-title-${text.lang}`).fill(text.title);
  await visible(page, `field-content-${text.lang}`).fill(text.content);
}

/** In English from the home page (where the language menu's switch is checked) unless `lang` is zh. */
async function switchTo(page: Page, lang: 'zh' | 'en') {
  if (lang === 'zh') return;
  await goInApp(page, '/home');
  await inEnglish(page);
}

/** Writes a timer notice for one model, pushed after saving (with its confirmation); lands on its detail. */
async function createTimedNotice(
  page: Page,
  text: { label: string; title: string; content: string; lang: string },
) {
  await startNotice(page, text);
  await visible(page, 'field-push-mode').locator('label').nth(1).click();
  // Far enough ahead that the detail still shows the notice scheduled on a loaded machine (filling and confirming
  // the form took over 6 s in one CI run, and the notice was pushed before its detail opened).
  await visible(page, 'field-push-at').fill(await localTimeAhead(page, 20));
  await visible(page, 'field-target-kind').locator('label').nth(2).click();
  await visible(page, 'field-models').click();
  await page.getByRole('option', { name: /TMS-1/ }).click();
  await page.keyboard.press('Escape');
  await visible(page, 'field-push-after-save').check();
  await visible(page, 'form-submit').click();
  return confirm(page);
}

async function count(page: Page, field: 'receivedCount' | 'readCount' | 'targetCount') {
  return Number(await visible(page, `notice-${field}`).textContent());
}

/** Waits until the visible count shows `value` (it is asked again every few seconds). */
async function waitForCount(page: Page, field: 'receivedCount' | 'readCount', value: number) {
  await page
    .locator(`[data-testid="notice-${field}"]:visible`, { hasText: new RegExp(`^${value}$`) })
    .waitFor({ timeout: 15_000 });
}

describe('notices pushed by timer to one model, acknowledged by devices', () => {
  it('zh: creates a timer notice for TMS-1, watches it push, counts rise as the devices ack', async () => {
    const devices = await activate(['E2E-NT-ZH-1', 'E2E-NT-ZH-2'], 'TMS-1');
    // Titled apart from the file's other notices.
    const title = `定时保养提醒 ${Date.now().toString(36).slice(-4)}`;
    const page = await signedInPage(h);
    await openFromMenu(page, 'operations', '消息通知');
    const question = await createTimedNotice(page, {
      lang: 'zh',
      label: '保养',
      title,
      content: '请清洗料理锅的刀组',
    });
    expect(question).toBe('确定推送吗？');
    await page.getByText('已设置定时推送').waitFor();
    await visible(page, 'notice-title').getByText(title, { exact: false }).waitFor();
    await visible(page, 'notice-state').getByText('待定时推送').waitFor();
    // The timer fires: pushed to the model's devices, the simulated ones among them.
    await visible(page, 'notice-state').getByText('已推送').waitFor({ timeout: 45_000 });
    expect(await count(page, 'targetCount')).toBeGreaterThanOrEqual(devices.length);
    expect(await count(page, 'receivedCount')).toBe(0);

    const id = await polled(devices[0]!, title);
    await acknowledge(devices[0]!, id, 'received');
    await waitForCount(page, 'receivedCount', 1);
    await acknowledge(devices[1]!, id, 'read');
    // A repeated acknowledgement counts nothing.
    await acknowledge(devices[1]!, id, 'read');
    await waitForCount(page, 'receivedCount', 2);
    await waitForCount(page, 'readCount', 1);
    await visible(page, 'push-health').getByText('推送健康：没有超时未接收的推送').waitFor();
    await visible(page, 'ack-chart').locator('.recharts-surface').first().waitFor();

    // The deliveries, filtered to those read.
    await visible(page, 'filter-state').click();
    await page.getByRole('option', { name: '已读', exact: true }).click();
    await visible(page, 'filter-search').click();
    // The unfiltered table shows that row too: the filter has applied once the received one is gone.
    await visibleRow(page, 'E2E-NT-ZH-1').waitFor({ state: 'detached' });
    await visibleRow(page, 'E2E-NT-ZH-2').getByText('已读').waitFor();

    // The list shows the same counts.
    await openFromMenu(page, 'operations', '消息通知');
    const listed = visibleRow(page, title);
    await listed.getByText('已推送').waitFor();
    await expect(listed.getByTestId('notice-receivedCount').textContent()).resolves.toBe('2');
    await expect(listed.getByTestId('notice-readCount').textContent()).resolves.toBe('1');
  }, 150_000);

  it('en: the same in English, the list counting up while devices acknowledge', async () => {
    const devices = await activate(['E2E-NT-EN-1', 'E2E-NT-EN-2', 'E2E-NT-EN-3'], 'TMS-1');
    // A title of this test's own: the list shows exactly the notice it pushed.
    const title = `Descale reminder ${ownTag()}`;
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'operations', 'Notifications');
    const question = await createTimedNotice(page, {
      lang: 'zh',
      label: 'care',
      title,
      content: 'Please descale the kettle',
    });
    expect(question).toBe('Push it now?');
    await page.getByText('The push is scheduled').waitFor();
    await visible(page, 'notice-state').getByText('Scheduled').waitFor();
    await visible(page, 'notice-state').getByText('Pushed').waitFor({ timeout: 45_000 });

    await openFromMenu(page, 'operations', 'Notifications');
    const listed = visibleRow(page, title);
    await listed.getByText('Pushed').waitFor();
    await expect(listed.getByTestId('notice-receivedCount').textContent()).resolves.toBe('0');
    const id = await polled(devices[0]!, title);
    for (const [i, device] of devices.entries()) {
      await acknowledge(device, id, 'received');
      await listed
        .locator('[data-testid="notice-receivedCount"]', { hasText: new RegExp(`^${i + 1}$`) })
        .waitFor({ timeout: 15_000 });
    }
    await acknowledge(devices[2]!, id, 'read');
    await listed.locator('[data-testid="notice-readCount"]', { hasText: /^1$/ }).waitFor({ timeout: 15_000 });
  }, 150_000);
  it('zh and en: a notice to a region reaches the devices whose owner lives there, an area covering its cities', async () => {
    const page = await signedInPage(h);
    for (const lang of ['zh', 'en'] as const) {
      const zh = lang === 'zh';
      // The area chosen (Lombardy) covers an owner in it, not one who only gave the country.
      const inside = await activateOne(`E2E-RG-${lang}-1`, 'TMS-1', {
        account: `e2e-rg-${lang}-1@example.com`,
        region: zh ? 'IT-LOM' : 'JP-13',
      });
      const outside = await activateOne(`E2E-RG-${lang}-2`, 'TMS-1', {
        account: `e2e-rg-${lang}-2@example.com`,
        region: zh ? 'IT' : 'JP',
      });
      await switchTo(page, lang);
      const title = zh ? '区域保养提醒' : 'Tokyo care reminder';
      await openFromMenu(page, 'operations', zh ? '消息通知' : 'Notifications');
      await startNotice(page, {
        lang: 'zh',
        label: 'region',
        title,
        content: zh ? '请除垢' : 'Please descale',
      });
      await visible(page, 'field-target-kind').locator('label').nth(1).click();
      await visible(page, 'field-regions').click();
      await page.keyboard.type(zh ? '伦巴第' : 'Tokyo');
      await page.getByRole('option', { name: zh ? '意大利 · 伦巴第' : 'Japan · Tokyo' }).click();
      await page.keyboard.press('Escape');
      await visible(page, 'field-push-after-save').check();
      await visible(page, 'form-submit').click();
      expect(await confirm(page)).toBe(zh ? '确定推送吗？' : 'Push it now?');
      await visible(page, 'notice-state')
        .getByText(zh ? '已推送' : 'Pushed')
        .waitFor({ timeout: 20_000 });
      await page
        .getByText(zh ? '伦巴第' : 'Tokyo', { exact: false })
        .first()
        .waitFor();
      expect(await count(page, 'targetCount')).toBe(1);

      const id = await polled(inside, title);
      const seen = await deviceCall(outside, '/device/v1/notices');
      expect(seen.data.list.map((n: { noticeId: string }) => n.noticeId)).not.toContain(id);
      await acknowledge(inside, id, 'read');
      await waitForCount(page, 'receivedCount', 1);
      await waitForCount(page, 'readCount', 1);
    }
  }, 120_000);

  it('zh and en: custom users from a csv or xlsx list: a bad row is refused by row, unknown accounts named, the listed users’ inboxes count', async () => {
    const page = await signedInPage(h);
    for (const lang of ['zh', 'en'] as const) {
      const zh = lang === 'zh';
      const accounts = [`e2e-list-${lang}-1@example.com`, `e2e-list-${lang}-2@example.com`];
      const tokens = await Promise.all(accounts.map(registerAppUser));
      const unknown = `nobody-${lang}@example.com`;
      // zh uploads csv, en xlsx; the first list has a row 70 characters long (row 3).
      const list = async (rows: string[]) => {
        if (zh)
          return { name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n'), 'utf8') };
        const book = new ExcelJS.Workbook();
        const sheet = book.addWorksheet('accounts');
        rows.forEach((r) => sheet.addRow([r]));
        return {
          name: 'users.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: Buffer.from(await book.xlsx.writeBuffer()),
        };
      };
      await switchTo(page, lang);
      const title = zh ? '会员专享提醒' : 'Members reminder';
      await openFromMenu(page, 'operations', zh ? '消息通知' : 'Notifications');
      const content = zh ? '新食谱上线' : 'New recipes are online';
      await startNotice(page, { lang: 'zh', label: 'members', title, content });
      await visible(page, 'field-target-kind').locator('label').nth(3).click();
      const upload = (file: { name: string; mimeType: string; buffer: Buffer }) =>
        visible(page, 'field-users').locator('input[type=file]').setInputFiles(file);
      await upload(await list(['account', accounts[0]!, 'x'.repeat(70), accounts[1]!]));
      await page
        .getByText(
          zh
            ? '名单中有无效账号：第3行（共1行）。账号为1到64个字符，不含控制字符，请修改名单后重新上传'
            : 'The list has rows that are not valid accounts: row 3 (1 in all). An account has 1 to 64 characters and no control characters; correct the list and upload it again',
        )
        .waitFor();
      await upload(await list(['account', accounts[0]!, accounts[1]!, unknown]));
      await visible(page, 'accounts-summary')
        .getByText(zh ? '2 个用户可收到' : '2 users will receive it', { exact: false })
        .waitFor();
      await visible(page, 'unknown-accounts').getByText(unknown, { exact: false }).waitFor();
      await visible(page, 'field-push-after-save').check();
      await visible(page, 'form-submit').click();
      await confirm(page);
      await visible(page, 'notice-state')
        .getByText(zh ? '已推送' : 'Pushed')
        .waitFor({ timeout: 20_000 });
      expect(await count(page, 'targetCount')).toBe(2);

      const inbox = await appCall('/app/v1/notices', undefined, tokens[0]);
      const id = (inbox.data.list as { noticeId: string; texts: { title: string }[] }[]).find((n) =>
        n.texts.some((t) => t.title === title),
      )!.noticeId;
      await appCall('/app/v1/notices/ack', { acks: [{ noticeId: id, state: 'read' }] }, tokens[0]);
      await appCall('/app/v1/notices/ack', { acks: [{ noticeId: id, state: 'received' }] }, tokens[1]);
      await waitForCount(page, 'receivedCount', 2);
      await waitForCount(page, 'readCount', 1);
    }
  }, 120_000);

  it('a push failing on its last attempt shows push failed with its reason in zh and en, on the home page too, and is pushed again after its confirmation', async () => {
    const page = await signedInPage(h);
    const added = await page.request.post('/api/inform/add', {
      headers: API_HEADERS,
      data: {
        label: 'failing',
        texts: [{ lang: 'zh', title: '故障演练通知', content: '数据库拒绝写入' }],
        pushMode: 'now',
        targetKind: 'models',
        productCodes: ['TMS-1'],
      },
    });
    const id = ((await added.json()) as { data: { id: string } }).data.id;
    // Postgres refuses this notice's deliveries: every attempt of the push job fails for real.
    const allow = await refuseNoticeDeliveries(h.system.db.url, id);
    try {
      await openFromMenu(page, 'operations', '消息通知');
      const listed = visibleRow(page, '故障演练通知');
      await listed.getByTestId('row-push').click();
      expect(await confirm(page)).toBe('确定推送吗？');
      // Five attempts with backoff from 2 s: about 30 s until the last one fails.
      await listed.getByTestId('notice-state').getByText('推送失败').waitFor({ timeout: 60_000 });
      await listed.getByTestId('row-detail').click();
      await visible(page, 'push-failed')
        .getByText('推送失败：数据库无法写入推送记录', { exact: false })
        .waitFor();
      await visible(page, 'push-failed-detail')
        .getByText('deliveries refused for the test', { exact: false })
        .waitFor();
      await goInApp(page, '/home');
      await inEnglish(page);
      await visible(page, 'health-failed').getByText('1', { exact: true }).waitFor();
      await openFromMenu(page, 'operations', 'Notifications');
      const failed = visibleRow(page, '故障演练通知');
      await failed.getByTestId('notice-state').getByText('Push failed').waitFor();
      await failed.getByTestId('row-detail').click();
      await visible(page, 'push-failed')
        .getByText('The push failed: the database could not write the deliveries', { exact: false })
        .waitFor();
    } finally {
      await allow();
    }
    await visible(page, 'row-retry').click();
    expect(await confirm(page)).toBe('Push it again? Devices that already have it do not get it twice.');
    await visible(page, 'notice-state').getByText('Pushed').waitFor({ timeout: 45_000 });
    expect(await count(page, 'targetCount')).toBeGreaterThan(0);
    await expect(visible(page, 'push-failed').count()).resolves.toBe(0);
  }, 120_000);
});
