import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import { loginAs, startHarness, type Harness } from './support/harness.js';
import { searchList, visible, visibleRow as row } from './support/gestures.js';

// Live updates over the event stream (`GET /api/events`): a device's online state changes in the database as
// device-ingest changes it, and the list on screen follows within seconds, long before its fallback poll (30 s)
// would; the detail follows too.
let h: Harness;
let pool: pg.Pool;
beforeAll(async () => {
  h = await startHarness();
  pool = new pg.Pool({ connectionString: h.system.db.url });
});
afterAll(async () => {
  await pool?.end();
  await h?.stop();
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
