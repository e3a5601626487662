import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { harnessForFile, loginAs } from './support/harness.js';

// Ctrl/⌘+K: the command palette goes to any screen the user may open and finds the brand's records.
// The projector fills the recipe list the palette searches.
const h = harnessForFile({ projector: true });

const TEXT = {
  zh: { devices: '设备信息', staff: '员工账号', kind: '设备', nothing: '没有找到匹配的页面或记录' },
  en: {
    devices: 'Device info',
    staff: 'Staff accounts',
    kind: 'Device',
    nothing: 'No matching screen or record',
  },
} as const;

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  const search = page.getByTestId('palette-search');
  await search.waitFor();
  return search;
}

describe.each(['zh', 'en'] as const)('command palette in %s', (lang) => {
  const text = TEXT[lang];
  async function signedIn(account: string, password: string) {
    const page = await h.newPage();
    await page.addInitScript((l) => localStorage.setItem('kb.lang', l), lang);
    await loginAs(page, account, password);
    return page;
  }

  it('goes to a screen by its title and to a device by the start of its SN', async () => {
    const page = await signedIn('demo', 'demo12345');
    let search = await openPalette(page);
    await search.fill(text.devices);
    await page.getByTestId('palette-screen-device-info-list').click();
    await page.waitForURL('**/device-info-list');
    await page.locator('[data-testid="page-title"]:visible').getByText(text.devices).waitFor();

    search = await openPalette(page);
    await search.fill('dmtm6');
    const hit = page.getByTestId('palette-hit-device').first();
    await hit.waitFor();
    await expect(hit.textContent()).resolves.toContain(`${text.kind} · DMTM6`);
    await hit.click();
    await page.waitForURL('**/device-info-detail?id=*');
    await page.getByTestId('palette-search').waitFor({ state: 'detached' });

    // A seeded recipe by the start of its number opens its detail.
    search = await openPalette(page);
    await search.fill('R-100');
    const recipe = page.getByTestId('palette-hit-recipe').first();
    await recipe.waitFor();
    await recipe.click();
    await page.waitForURL('**/recipe-detail?id=*');

    // Something that is neither a screen nor a record of the brand (another brand's SN).
    search = await openPalette(page);
    await search.fill('OTTM6');
    await page.getByText(text.nothing).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('palette-search').waitFor({ state: 'detached' });
  }, 120_000);

  it('offers only the screens the role may open', async () => {
    const admin = await signedIn('demo', 'demo12345');
    await (await openPalette(admin)).fill(text.staff);
    await admin.getByTestId('palette-screen-staff-list').waitFor();

    const editor = await signedIn('editor', 'editor12345');
    await (await openPalette(editor)).fill(text.staff);
    await editor.getByText(text.nothing).waitFor();
    await expect(editor.getByTestId('palette-screen-staff-list').count()).resolves.toBe(0);
  }, 120_000);
});
