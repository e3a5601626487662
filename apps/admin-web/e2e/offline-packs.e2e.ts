import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { choose, confirm, openFromMenu } from './catalog-support.js';
import { API_HEADERS, goInApp, harnessForFile, loginAs } from './support/harness.js';
import { searchList, signedInPage, visible, visibleRow as row } from './support/gestures.js';
import { ownTag, settles } from './support/waits.js';
import { zipEntry } from './support/zip.js';

// The projector runs so lists follow each command; device-ingest (which builds pack files) is started by the
// first test, after it has seen a build wait in the queue.
const h = harnessForFile({ projector: true });

const R_1001 = '5e0c1a2b-0001-4d10-8a00-00000000d001';

/** Fills the add form: number, type, TM-6 sold as ChefMate C6, and the recipes ticked in the picker. */
async function addPack(page: Page, number: string, type: 'initial' | 'incremental', recipes: string[]) {
  await visible(page, 'add').click();
  await visible(page, 'pack-number-input').fill(number);
  await visible(page, `pack-type-${type}`).check();
  await visible(page, 'pack-factory-model').click();
  await page.getByRole('option', { name: /KC-R600/ }).click();
  await visible(page, 'pack-customer-model').click();
  await page.getByRole('option', { name: /ChefMate C6/ }).click();
  await visible(page, 'pack-choose-recipes').click();
  const picker = page.getByTestId('recipe-picker');
  for (const recipe of recipes)
    await picker.locator('tbody tr', { hasText: recipe }).getByRole('checkbox').check();
  await picker.getByTestId('picker-done').click();
  await picker.waitFor({ state: 'hidden' });
  await visible(page, 'form-submit').click();
  // Saved: the edit page of the new pack.
  await visible(page, 'pack-title').getByText(number, { exact: true }).waitFor();
}

/** Downloads the built pack from the edit page; answers its bytes. */
async function download(page: Page): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), visible(page, 'pack-download').click()]);
  return readFile((await file.path())!);
}

const buildStatus = (page: Page) => visible(page, 'pack-build');

let ingestStarted = false;
/** device-ingest, which builds the pack files (started once, when a test first needs it). */
async function ensureIngest() {
  if (!ingestStarted) await h.system.startIngest();
  ingestStarted = true;
}

describe('offline recipe packs (zh)', () => {
  it('creates an initial pack, builds it with progress, downloads the zip, publishes test and online', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, 'recipes', '离线菜谱包');
    // The demo packs are listed, not built yet.
    await row(page, 'OP-1001').getByText('未生成').waitFor();

    await addPack(page, 'E2E-INIT', 'initial', ['R-1001']);
    expect(await visible(page, 'pack-recipe-count').textContent()).toBe('已选 1 个菜谱');
    await buildStatus(page).getByText('未生成').waitFor();
    // Publishing needs a built file: the API says so.
    await visible(page, 'row-publishTest').click();
    await confirm(page);
    await page.getByText('离线菜谱包E2E-INIT的当前内容还没有生成好的文件，请先生成再发布').waitFor();

    // No worker yet: the build waits in the queue with its progress bar.
    await visible(page, 'pack-build-start').click();
    await buildStatus(page).getByText('排队中').waitFor();
    await visible(page, 'pack-build-progress').waitFor();
    await ensureIngest();
    await page.locator('[data-testid="pack-build"][data-status="done"]:visible').waitFor({ timeout: 30_000 });
    await buildStatus(page).getByText('已生成').waitFor();
    expect(await visible(page, 'pack-build-progress').count()).toBe(0);

    const zip = await download(page);
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(zip.includes(Buffer.from('manifest.json'))).toBe(true);
    const shown = (await visible(page, 'pack-build-sha').textContent()) ?? '';
    expect(shown).toBe(`SHA-256：${createHash('sha256').update(zip).digest('hex')}`);

    await visible(page, 'row-publishTest').click();
    expect(await confirm(page)).toBe('确定发布测试吗？');
    await visible(page, 'pack-test-status').getByText('测试中').waitFor();
    await visible(page, 'row-publishOnline').click();
    expect(await confirm(page)).toBe('确定发布上线吗？发布后将推送到品牌下的所有设备。');
    await visible(page, 'pack-release-status').getByText('已上线').waitFor();
    await visible(page, 'not-editable').waitFor();
    expect(await visible(page, 'pack-build-start').count()).toBe(0);

    await visible(page, 'tab-history').click();
    const titles = page.locator('[data-testid="history-entry"]:visible .mantine-Timeline-itemTitle');
    await settles(() => titles.allTextContents(), ['发布上线', '发布测试', '新建离线菜谱包']);

    await openFromMenu(page, 'recipes', '离线菜谱包');
    const listed = row(page, 'E2E-INIT');
    await listed.getByText('已上线').waitFor();
    await listed.getByText('已生成').waitFor();
    expect(await listed.getByTestId('row-delete').count()).toBe(0);

    // Batch delete: the pack on no device goes, the online one is refused and named with the reason.
    for (const number of ['OP-1002', 'E2E-INIT']) await row(page, number).getByRole('checkbox').check();
    await visible(page, 'batch-delete').click();
    expect(await confirm(page)).toBe('确定删除选中的 2 条记录吗？');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('batch-summary').getByText('成功 1 条，失败 1 条').waitFor();
    await dialog.getByText('E2E-INIT', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await row(page, 'OP-1002').waitFor({ state: 'detached' });
    await row(page, 'E2E-INIT').waitFor();
  });
});

describe('offline recipe packs (en)', () => {
  it('shows a failed build, builds an incremental pack after the recipe changed on retry, downloads and tests it', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await loginAs(page);
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('page-title').getByText('Home').waitFor();

    await ensureIngest();
    await openFromMenu(page, 'recipes', 'Offline recipe packs');
    await addPack(page, 'E2E-INC', 'incremental', ['R-1001']);
    expect(await visible(page, 'pack-recipe-count').textContent()).toBe('1 recipe(s) chosen');

    // R-1001 is taken back to editing for a new version (through the API, as the recipe editor would): a build
    // now fails and says why.
    const call = async (method: 'GET' | 'POST', url: string, data?: unknown, position?: string | null) => {
      const res = await page.request.fetch(url, {
        method,
        data,
        headers: position ? { ...API_HEADERS, 'x-read-position': position } : API_HEADERS,
      });
      return {
        body: (await res.json()) as { status: number; data: any },
        position: res.headers()['x-read-position'],
      };
    };
    const recalled = await call('POST', '/api/recipe/batchRecallEditing', { ids: [R_1001] });
    expect(recalled.body.data.succeeded).toBe(1);
    const detail = await call('GET', `/api/recipe/detail?id=${R_1001}`, undefined, recalled.position);
    await visible(page, 'pack-build-start').click();
    await page
      .locator('[data-testid="pack-build"][data-status="failed"]:visible')
      .waitFor({ timeout: 30_000 });
    expect(await visible(page, 'pack-build-error').textContent()).toBe(
      'Recipes R-1001 are no longer released or were removed; they cannot be packed',
    );

    // Its second version is released: the retry builds the incremental pack.
    const content = detail.body.data.content;
    content.texts.en.name = `${content.texts.en.name} (v2)`;
    const saved = await call('POST', '/api/recipe/update', {
      id: R_1001,
      revision: detail.body.data.revision,
      ...content,
    });
    expect(saved.body.status).toBe(200);
    await call('POST', '/api/recipe/submit', { id: R_1001 });
    const released = await call('POST', '/api/recipe/batchRelease', { ids: [R_1001] });
    expect(released.body.data.succeeded).toBe(1);
    await call('GET', `/api/recipe/detail?id=${R_1001}`, undefined, released.position);
    expect(await visible(page, 'pack-build-start').textContent()).toBe('Retry');
    await visible(page, 'pack-build-start').click();
    await page.locator('[data-testid="pack-build"][data-status="done"]:visible').waitFor({ timeout: 30_000 });
    await buildStatus(page).getByText('Built').waitFor();
    const zip = await download(page);
    expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect((await visible(page, 'pack-build-sha').textContent()) ?? '').toBe(
      `SHA-256: ${createHash('sha256').update(zip).digest('hex')}`,
    );
    // Built against E2E-INIT (online, R-1001 at version 1): only R-1001's second version is in it.
    const manifest = JSON.parse(zipEntry(zip, 'manifest.json')!.toString('utf8'));
    expect(manifest.pack).toMatchObject({ number: 'E2E-INC', type: 'incremental' });
    expect(manifest.baseline).toMatchObject({ number: 'E2E-INIT' });
    expect(manifest.recipes.map((r: { number: string; version: number }) => [r.number, r.version])).toEqual([
      ['R-1001', 2],
    ]);
    const en = JSON.parse(zipEntry(zip, `recipes/${R_1001}/en.json`)!.toString('utf8'));
    expect(en.name).toMatch(/\(v2\)$/);

    await visible(page, 'row-publishTest').click();
    expect(await confirm(page)).toBe('Release for testing?');
    await visible(page, 'pack-test-status').getByText('In test', { exact: true }).waitFor();

    // The list: filtered by type, the incremental pack with its file built.
    await openFromMenu(page, 'recipes', 'Offline recipe packs');
    await choose(page, 'filter-type', 'Incremental');
    await searchList(page);
    const listed = row(page, 'E2E-INC');
    await listed.getByText('Built').waitFor();
    await listed.getByText('In test', { exact: true }).waitFor();
    expect(await row(page, 'E2E-INIT').count()).toBe(0);

    // Its history, from the list.
    await listed.getByTestId('pack-number').click();
    await visible(page, 'tab-history').click();
    const titles = page.locator('[data-testid="history-entry"]:visible .mantine-Timeline-itemTitle');
    await settles(() => titles.allTextContents(), ['Published to test devices', 'Pack created']);
  });
});

/** A new TM-6 pack of ChefMate C6 holding R-1001, made and built through the API, open on its edit page. */
async function builtPackOpen(page: Page, number: string): Promise<string> {
  const added = await page.request.post('/api/offlineRecipes/add', {
    headers: API_HEADERS,
    data: { number, type: 'initial', productCode: 'TM-6', subBrandCode: 'DEMO-CHEF', recipeIds: [R_1001] },
  });
  const id = ((await added.json()) as { data: { id: string } }).data.id;
  await ensureIngest();
  await page.request.post('/api/offlineRecipes/build', { headers: API_HEADERS, data: { id } });
  await goInApp(page, `/offline-recipes-edit?id=${id}`);
  await page.locator('[data-testid="pack-build"][data-status="done"]:visible').waitFor({ timeout: 40_000 });
  return id;
}

/** What the compatibility lines of the release confirmation should read, from the API's counts. */
async function compatibilityLines(
  page: Page,
  id: string,
  fit: (eligible: number, devices: number) => string,
) {
  const res = await page.request.get(`/api/offlineRecipes/compatibility?id=${id}`, { headers: API_HEADERS });
  const { data } = (await res.json()) as {
    data: { devices: number; eligible: number; incompatible: { reason: string; devices: number }[] };
  };
  return { first: fit(data.eligible, data.devices), incompatible: data.incompatible };
}

describe('releasing an offline pack: what it does not fit, and an untested release', () => {
  it('shows the devices it does not fit, then asks why it goes online untested, and keeps the reason (zh)', async () => {
    const page = await signedInPage(h);
    const number = `E2E-OV${ownTag()}`;
    const id = await builtPackOpen(page, number);
    const expected = await compatibilityLines(
      page,
      id,
      (eligible, devices) => `该子品牌的${devices}台设备中，${eligible}台适配此离线包`,
    );
    // The demo fleet of ChefMate has TM-7 devices too: the pack (TM-6) does not fit them.
    expect(expected.incompatible.find((r) => r.reason === 'model')?.devices).toBeGreaterThan(0);

    await visible(page, 'row-publishOnline').click();
    const warning = page.getByTestId('pack-compatibility');
    await warning.getByText(expected.first, { exact: true }).waitFor();
    const model = expected.incompatible.find((r) => r.reason === 'model')!.devices;
    expect(await warning.getByTestId('pack-incompatible-model').textContent()).toBe(
      `${model}台设备不适配：工厂型号不是此包的型号`,
    );
    expect(await confirm(page)).toBe('确定发布上线吗？发布后将推送到品牌下的所有设备。');

    // Never tested: the reason is asked, and required.
    const dialog = page.getByRole('dialog');
    await dialog.getByText('未经测试直接上线', { exact: true }).waitFor();
    await dialog.getByTestId('override-ok').click();
    await dialog.getByText('请填写未测试直接上线的原因').waitFor();
    await dialog.getByTestId('override-reason').fill('春季菜单紧急修复');
    await dialog.getByTestId('override-ok').click();
    await visible(page, 'pack-release-status').getByText('已上线').waitFor();
    await visible(page, 'pack-test-status').getByText('未测试').waitFor();

    await visible(page, 'tab-history').click();
    const titles = page.locator('[data-testid="history-entry"]:visible .mantine-Timeline-itemTitle');
    await settles(
      () => titles.allTextContents(),
      ['发布上线', '未测试直接上线：春季菜单紧急修复', '新建离线菜谱包'],
    );
  });

  it('shows the warning before a test release, and lets an untested release be called off (en)', async () => {
    const page = await h.newPage({ locale: 'en-US' });
    await loginAs(page);
    await page.getByTestId('language-menu').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('page-title').getByText('Home').waitFor();
    const number = `E2E-OVEN${ownTag()}`;
    const id = await builtPackOpen(page, number);
    const expected = await compatibilityLines(
      page,
      id,
      (eligible, devices) => `The pack fits ${eligible} of the sub-brand’s ${devices} devices`,
    );
    const model = expected.incompatible.find((r) => r.reason === 'model')!.devices;

    // Online, never tested: the reason is asked; closing it sends nothing.
    await visible(page, 'row-publishOnline').click();
    await page.getByTestId('pack-compatibility').getByText(expected.first, { exact: true }).waitFor();
    await confirm(page);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Publish online without a test', { exact: true }).waitFor();
    await dialog.getByText('Cancel', { exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(page, 'pack-release-status').getByText('Not online', { exact: true }).waitFor();

    // A test release shows the same warning; once tested, online needs no reason.
    await visible(page, 'row-publishTest').click();
    expect(
      await page.getByTestId('pack-compatibility').getByTestId('pack-incompatible-model').textContent(),
    ).toBe(`${model} devices it does not fit: another factory model than the pack’s`);
    expect(await confirm(page)).toBe('Release for testing?');
    await visible(page, 'pack-test-status').getByText('In test', { exact: true }).waitFor();
    await visible(page, 'row-publishOnline').click();
    await confirm(page);
    await visible(page, 'pack-release-status').getByText('Online', { exact: true }).waitFor();
    await visible(page, 'tab-history').click();
    const titles = page.locator('[data-testid="history-entry"]:visible .mantine-Timeline-itemTitle');
    await settles(
      () => titles.allTextContents(),
      ['Published online', 'Published to test devices', 'Pack created'],
    );
  });
});
