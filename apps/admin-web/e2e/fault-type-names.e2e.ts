import { describe, expect, it } from '@jest/globals';
import { eventually } from '@kb/testing';
import { API_HEADERS, goInApp, harnessForFile } from './support/harness.js';
import { signedInPage } from './support/gestures.js';
import { activateDevice, reportFaults } from './support/ingest.js';

// Fault codes are the device maker's: each brand names them in its languages. A device posts through
// device-ingest (the real path), staff read the fault records.
const h = harnessForFile({ ingest: true });

async function reportFaultTypes(types: string[]) {
  const auth = await activateDevice(h, {
    sn: 'DMTM6000001',
    productCode: 'TM-6',
    subBrandCode: 'DEMO-CHEF',
    apkVersion: '2.1.0',
    mcuVersion: '1.4.2',
    tpVersion: '3.0.1',
  });
  await reportFaults(
    h,
    auth,
    types.map((type) => ({ type, errorLog: `${type} test` })),
  );
}

describe('fault type names', () => {
  it('shows a code by the brand’s name for it in the user’s language, an unnamed code as sent (zh, en)', async () => {
    const page = await signedInPage(h);
    // A code of this test's own, apart from the seeded fault types.
    const code = `E1${Date.now().toString(36).slice(-5).toUpperCase()}`;
    const added = await page.request.post('/api/faultType/add', {
      headers: API_HEADERS,
      data: { number: code, names: { zh: '水泵干烧', en: 'Pump running dry' } },
    });
    expect(((await added.json()) as { status: number }).status).toBe(200);
    await reportFaultTypes([code, 'E9']);

    await goInApp(page, '/fault-record-list');
    await page.locator('[data-testid="filter-sn"]:visible').fill('DMTM6000001');
    const header = await page.locator('thead:visible th').allTextContents();
    const typeColumn = header.findIndex((t) => t.includes('故障类型'));
    expect(typeColumn).toBeGreaterThan(-1);
    const types = async () => {
      await page.locator('[data-testid="filter-search"]:visible').click();
      await page.locator('[data-list-fetching="true"]:visible').waitFor({ state: 'detached' });
      return page
        .locator('tbody tr:visible')
        .evaluateAll(
          (rows, i) => rows.map((r) => (r.children[i] as HTMLElement | undefined)?.textContent ?? ''),
          typeColumn,
        );
    };
    const seen = await eventually(
      types,
      (shown) => shown.includes('水泵干烧') && shown.includes('E9'),
      20_000,
      'the named and the unnamed fault listed',
    );
    await page.screenshot({ path: '/tmp/sp-shots/fault-types-zh.png', fullPage: true });
    expect(seen).toEqual(expect.arrayContaining(['水泵干烧', 'E9']));
    expect(seen).not.toContain(code);

    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.locator('tbody tr:visible', { hasText: 'Pump running dry' }).first().waitFor();
  });
});
