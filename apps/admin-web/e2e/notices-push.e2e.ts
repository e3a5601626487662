import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { confirm, openFromMenu } from './catalog-support.js';
import { loginAs, startHarness, type Harness } from './support/harness.js';
import { inEnglish, visible, visibleRow } from './support/gestures.js';

// The whole system with device-ingest (the push worker, the timer and the device API): the test plays the
// simulated devices, activating them with the demo brand's factory key and acknowledging through the device API.
let h: Harness;
let ingestUrl: string;
beforeAll(async () => {
  h = await startHarness({ ingest: true });
  const line = h.system.logs.find((l) => l.includes('device-ingest listening'))!;
  ingestUrl = /(http:\/\/[^\s"]+)/.exec(line)![1]!;
});
afterAll(async () => {
  await h?.stop();
});

interface SimulatedDevice {
  sn: string;
  credential: string;
}

async function deviceCall(device: SimulatedDevice, path: string, body?: unknown) {
  const res = await fetch(`${ingestUrl}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${device.credential}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await res.json()) as { status: number; data: any };
}

/** Devices of one model, activated as the factory does it. */
async function activate(sns: string[], productCode: string): Promise<SimulatedDevice[]> {
  return Promise.all(
    sns.map(async (sn) => {
      const res = await fetch(`${ingestUrl}/device/v1/activate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-activation-key': 'demo-device-activation-key' },
        body: JSON.stringify({ sn, productCode }),
      });
      const body = (await res.json()) as { data: { credential: string } };
      return { sn, credential: body.data.credential };
    }),
  );
}

/** The notice a device polled, by its title. */
async function polled(device: SimulatedDevice, title: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await deviceCall(device, '/device/v1/notices');
    const found = (res.data.list as { noticeId: string; texts: { title: string }[] }[]).find((n) =>
      n.texts.some((t) => t.title === title),
    );
    if (found) return found.noticeId;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`device ${device.sn} never saw "${title}"`);
}

/** The browser's local time `seconds` from now, as a datetime-local input takes it. */
function localTimeAhead(page: Page, seconds: number): Promise<string> {
  return page.evaluate((s) => {
    const d = new Date(Date.now() + s * 1000);
    const p = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  }, seconds);
}

/** Writes a timer notice for one model, pushed after saving (with its confirmation); lands on its detail. */
async function createTimedNotice(
  page: Page,
  text: { label: string; title: string; content: string; lang: string },
) {
  await visible(page, 'add').click();
  await visible(page, 'field-label').fill(text.label);
  await visible(page, `field-title-${text.lang}`).fill(text.title);
  await visible(page, `field-content-${text.lang}`).fill(text.content);
  await visible(page, 'field-push-mode').locator('label').nth(1).click();
  await visible(page, 'field-push-at').fill(await localTimeAhead(page, 6));
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
    const page = await h.newPage();
    await loginAs(page);
    await openFromMenu(page, 'operations', '消息通知');
    const question = await createTimedNotice(page, {
      lang: 'zh',
      label: '保养',
      title: '定时保养提醒',
      content: '请清洗料理锅的刀组',
    });
    expect(question).toBe('确定推送吗？');
    await page.getByText('已设置定时推送').waitFor();
    await visible(page, 'notice-title').getByText('定时保养提醒', { exact: false }).waitFor();
    await visible(page, 'notice-state').getByText('待定时推送').waitFor();
    // The timer fires: pushed to the model's devices, the simulated ones among them.
    await visible(page, 'notice-state').getByText('已推送').waitFor({ timeout: 20_000 });
    expect(await count(page, 'targetCount')).toBeGreaterThanOrEqual(devices.length);
    expect(await count(page, 'receivedCount')).toBe(0);

    const id = await polled(devices[0]!, '定时保养提醒');
    await deviceCall(devices[0]!, '/device/v1/notices/ack', { acks: [{ noticeId: id, state: 'received' }] });
    await waitForCount(page, 'receivedCount', 1);
    await deviceCall(devices[1]!, '/device/v1/notices/ack', { acks: [{ noticeId: id, state: 'read' }] });
    // A repeated acknowledgement counts nothing.
    await deviceCall(devices[1]!, '/device/v1/notices/ack', { acks: [{ noticeId: id, state: 'read' }] });
    await waitForCount(page, 'receivedCount', 2);
    await waitForCount(page, 'readCount', 1);
    await visible(page, 'push-health').getByText('推送健康：没有超时未接收的推送').waitFor();
    await visible(page, 'ack-chart').locator('.recharts-surface').first().waitFor();

    // The deliveries, filtered to those read.
    await visible(page, 'filter-state').click();
    await page.getByRole('option', { name: '已读', exact: true }).click();
    await visible(page, 'filter-search').click();
    await visibleRow(page, 'E2E-NT-ZH-2').getByText('已读').waitFor();
    await expect(visibleRow(page, 'E2E-NT-ZH-1').count()).resolves.toBe(0);

    // The list shows the same counts.
    await openFromMenu(page, 'operations', '消息通知');
    const listed = visibleRow(page, '定时保养提醒');
    await listed.getByText('已推送').waitFor();
    await expect(listed.getByTestId('notice-receivedCount').textContent()).resolves.toBe('2');
    await expect(listed.getByTestId('notice-readCount').textContent()).resolves.toBe('1');
  }, 90_000);

  it('en: the same in English, the list counting up while devices acknowledge', async () => {
    const devices = await activate(['E2E-NT-EN-1', 'E2E-NT-EN-2', 'E2E-NT-EN-3'], 'TMS-1');
    const page = await h.newPage();
    await loginAs(page);
    await inEnglish(page);
    await openFromMenu(page, 'operations', 'Notifications');
    const question = await createTimedNotice(page, {
      lang: 'zh',
      label: 'care',
      title: 'Descale reminder',
      content: 'Please descale the kettle',
    });
    expect(question).toBe('Push it now?');
    await page.getByText('The push is scheduled').waitFor();
    await visible(page, 'notice-state').getByText('Scheduled').waitFor();
    await visible(page, 'notice-state').getByText('Pushed').waitFor({ timeout: 20_000 });

    await openFromMenu(page, 'operations', 'Notifications');
    const listed = visibleRow(page, 'Descale reminder');
    await listed.getByText('Pushed').waitFor();
    await expect(listed.getByTestId('notice-receivedCount').textContent()).resolves.toBe('0');
    const id = await polled(devices[0]!, 'Descale reminder');
    for (const [i, device] of devices.entries()) {
      await deviceCall(device, '/device/v1/notices/ack', { acks: [{ noticeId: id, state: 'received' }] });
      await listed
        .locator('[data-testid="notice-receivedCount"]', { hasText: new RegExp(`^${i + 1}$`) })
        .waitFor({ timeout: 15_000 });
    }
    await deviceCall(devices[2]!, '/device/v1/notices/ack', { acks: [{ noticeId: id, state: 'read' }] });
    await listed.locator('[data-testid="notice-readCount"]', { hasText: /^1$/ }).waitFor({ timeout: 15_000 });
  }, 90_000);
});
