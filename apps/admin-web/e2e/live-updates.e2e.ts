import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { Request } from 'playwright-core';
import { eventually } from '@kb/testing';
import { harnessForFile, loginAs } from './support/harness.js';
import { searchList, visible, visibleRow as row } from './support/gestures.js';

// Live updates over the event stream (`GET /api/events`): a device's online state changes in the database as
// device-ingest changes it, and the list on screen follows within seconds, long before its fallback poll (30 s)
// would; the detail follows too. The server ends each stream after a few seconds here (every few minutes in
// production), so the browser's resuming after Last-Event-ID runs all along.
const STREAM_MS = 5000;
let pool: pg.Pool;
// Declared first, so it runs before the system (and its database) stops: afterAll hooks run in declared order.
afterAll(async () => {
  await pool?.end();
});
const h = harnessForFile({ env: { LIVE_STREAM_MAX_MS: String(STREAM_MS) } });
beforeAll(() => {
  pool = new pg.Pool({ connectionString: h.system.db.url });
});

/** What device-ingest writes when a device reports (online until a timeout) or its timeout passes. */
async function setOnline(sn: string, online: boolean) {
  await pool.query(
    `UPDATE devices SET online = $2, status_changed_at = now(),
       offline_due_at = CASE WHEN $2 THEN now() + interval '1 hour' ELSE now() END
     WHERE sn = $1`,
    [sn, online],
  );
}

/** Well under the fallback poll: only the stream can bring the change this fast. */
const LIVE_MS = 12_000;

describe.each([
  ['zh', 'DMTM6000002', '在线', '离线'],
  ['en', 'DMTM7000002', 'Online', 'Offline'],
] as const)('live device status in %s', (lang, sn, onlineText, offlineText) => {
  it('the list and the detail follow a device going online and offline without a reload', async () => {
    await setOnline(sn, false);
    const page = await h.newPage();
    await page.addInitScript((l) => localStorage.setItem('kb.lang', l), lang);
    await loginAs(page);
    await page.goto('/device-info-list');
    await visible(page, 'filter-sn').fill(sn);
    await searchList(page);
    const device = row(page, sn);
    await device.getByTestId('device-online').getByText(offlineText).waitFor();
    const requestsBefore = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    await setOnline(sn, true);
    await device.locator('[data-testid="device-online"][data-online="true"]').waitFor({ timeout: LIVE_MS });
    await expect(device.getByTestId('device-online').textContent()).resolves.toBe(onlineText);

    // The detail follows too.
    await device.getByTestId('device-sn').click();
    await visible(page, 'device-title').getByText(sn).waitFor();
    await visible(page, 'detail-online-value').getByText(onlineText).waitFor();
    await setOnline(sn, false);
    await visible(page, 'detail-online-value').getByText(offlineText).waitFor({ timeout: LIVE_MS });

    // No page load happened: the same document all along.
    await expect(page.evaluate(() => performance.getEntriesByType('navigation').length)).resolves.toBe(
      requestsBefore,
    );
  }, 120_000);
});

/** A notice of DEMO pushed to its devices, as the API and the push job leave it; its id. */
async function pushedNotice(title: string) {
  const { rows } = await pool.query<{ id: string }>(
    `INSERT INTO notices (brand_owner_code, seq, label, texts, push_mode, state, target_kind, target_count,
                          progress, created_by, push_started_at, pushed_at)
     VALUES ('DEMO', (SELECT coalesce(max(seq), 0) + 1 FROM notices WHERE brand_owner_code = 'DEMO'), 'live',
             $1, 'now', 'pushed', 'all', 3, 100, 'demo', now(), now())
     RETURNING id::text AS id`,
    [JSON.stringify([{ lang: 'zh', title, content: title }])],
  );
  return rows[0]!.id;
}

/** What device-ingest counts when a device acknowledges a notice (received, or read, which implies received). */
async function acknowledged(noticeId: string, state: 'received' | 'read') {
  await pool.query(
    `INSERT INTO notice_ack_minutes (notice_id, minute, received, read)
     VALUES ($1, date_trunc('minute', now()), 1, $2)
     ON CONFLICT (notice_id, minute) DO UPDATE
       SET received = notice_ack_minutes.received + 1, read = notice_ack_minutes.read + EXCLUDED.read`,
    [noticeId, state === 'read' ? 1 : 0],
  );
}

describe.each([
  ['zh', '实时回执计数'],
  ['en', 'Live receipt counts'],
] as const)('live notice receipt counts in %s', (lang, title) => {
  it('the list and the detail count devices acknowledging a notice without a reload', async () => {
    const id = await pushedNotice(title);
    const page = await h.newPage();
    await page.addInitScript((l) => localStorage.setItem('kb.lang', l), lang);
    await loginAs(page);
    await page.goto('/inform-list');
    await visible(page, 'filter-keyword').fill(title);
    await searchList(page);
    const notice = row(page, title);
    const count = (field: 'receivedCount' | 'readCount', value: number) =>
      notice
        .locator(`[data-testid="notice-${field}"]`, { hasText: new RegExp(`^${value}$`) })
        .waitFor({ timeout: LIVE_MS });
    await count('receivedCount', 0);
    await count('readCount', 0);
    const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);

    await acknowledged(id, 'received');
    await count('receivedCount', 1);
    await acknowledged(id, 'read');
    await count('receivedCount', 2);
    await count('readCount', 1);

    // The detail counts on as well.
    await notice.getByTestId('notice-number').click();
    await visible(page, 'notice-title').getByText(title, { exact: false }).waitFor();
    const detailCount = (field: 'receivedCount' | 'readCount', value: number) =>
      page
        .locator(`[data-testid="notice-${field}"]:visible`, { hasText: new RegExp(`^${value}$`) })
        .waitFor({ timeout: LIVE_MS });
    await detailCount('receivedCount', 2);
    await acknowledged(id, 'read');
    await detailCount('receivedCount', 3);
    await detailCount('readCount', 2);

    await expect(page.evaluate(() => performance.getEntriesByType('navigation').length)).resolves.toBe(loads);
  }, 120_000);
});

describe('the event stream after a disconnect', () => {
  it('reconnects naming the last event it saw, and the screen shows what changed while it was away', async () => {
    const title = 'Live after a disconnect';
    const id = await pushedNotice(title);
    const page = await h.newPage();
    await page.addInitScript(() => localStorage.setItem('kb.lang', 'en'));
    await loginAs(page);
    const streams: Request[] = [];
    const ended = new Set<Request>();
    page.on('request', (r) => {
      if (r.url().endsWith('/api/events')) streams.push(r);
    });
    page.on('requestfinished', (r) => ended.add(r));
    page.on('requestfailed', (r) => ended.add(r));
    await page.goto('/inform-list');
    await visible(page, 'filter-keyword').fill(title);
    await searchList(page);
    const received = (value: number) =>
      row(page, title)
        .locator('[data-testid="notice-receivedCount"]', { hasText: new RegExp(`^${value}$`) })
        .waitFor({ timeout: LIVE_MS });
    await acknowledged(id, 'received');
    await received(1);
    // One stream at a time for the page, however many rows listen; the server ends it, and a device acknowledges
    // before the browser is back (it waits 3 s to reconnect).
    const first = streams.at(-1)!;
    expect(streams.slice(0, -1).every((r) => ended.has(r))).toBe(true);
    await eventually(
      async () => ended.has(first),
      Boolean,
      STREAM_MS + LIVE_MS,
      'the server ends the stream',
    );
    await acknowledged(id, 'received');
    await received(2);
    const again = streams.at(-1)!;
    expect(again).not.toBe(first);
    await expect(again.allHeaders()).resolves.toHaveProperty(
      'last-event-id',
      expect.stringMatching(/^[0-9a-f]+-\d+$/),
    );
  }, 120_000);
});

describe('one event stream per browser', () => {
  it('two tabs share one stream; when the leading tab closes, the other takes over', async () => {
    const title = 'Live in two tabs';
    const id = await pushedNotice(title);
    const first = await h.newPage();
    await first.addInitScript(() => localStorage.setItem('kb.lang', 'en'));
    await loginAs(first);
    const context = first.context();
    const open = new Set<Request>();
    const opened: Request[] = [];
    let most = 0;
    context.on('request', (r) => {
      if (!r.url().includes('/api/events')) return;
      opened.push(r);
      open.add(r);
      most = Math.max(most, open.size);
    });
    context.on('requestfinished', (r) => open.delete(r));
    context.on('requestfailed', (r) => open.delete(r));
    const listed = async (page: typeof first) => {
      await page.goto('/inform-list');
      await visible(page, 'filter-keyword').fill(title);
      await searchList(page);
      return (value: number) =>
        row(page, title)
          .locator('[data-testid="notice-receivedCount"]', { hasText: new RegExp(`^${value}$`) })
          .waitFor({ timeout: LIVE_MS });
    };
    const firstCount = await listed(first);
    const second = await context.newPage();
    const secondCount = await listed(second);

    await acknowledged(id, 'received');
    await firstCount(1);
    await secondCount(1);
    expect(most).toBe(1);

    // The tab holding the stream goes away: the other one opens it and counts on.
    const before = opened.length;
    await first.close();
    await acknowledged(id, 'received');
    await secondCount(2);
    expect(opened.slice(before).some((r) => r.frame().page() === second)).toBe(true);
  }, 120_000);
});
