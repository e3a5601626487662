import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { eventually } from '@kb/testing';
import type { Page } from 'playwright-core';
import { openFromMenu, pngImage } from './catalog-support.js';
import { API_HEADERS, goInApp, harnessForFile, loginAs } from './support/harness.js';
import { apiGet, apiPost, listedWhen } from './support/api.js';
import { inEnglish, searchList, signedInPage, visible, visibleRow as row } from './support/gestures.js';
import { zipEntry } from './support/zip.js';

// One system for the file: the projector fills the lists, device-ingest's workers write the export zips and run
// the imports.
const h = harnessForFile({ projector: true, ingest: true });

/**
 * A DEMO recipe OTHER can take whole: languages OTHER has (en, de), a model both brands sell (TM-6), a picture
 * and a step photo (the media travel in the zip).
 */
async function addRecipe(page: Page, number: string, productCodes = ['TM-6']) {
  const upload = async (name: string, hue: number) => {
    const res = await page.request.post('/api/file/upload', {
      multipart: { file: { name, mimeType: 'image/png', buffer: pngImage(24, [hue, 120, 60]) } },
      headers: API_HEADERS,
    });
    return ((await res.json()) as { data: { fileCode: string } }).data.fileCode;
  };
  const [picture, step] = [await upload(`${number}.png`, 200), await upload(`${number}-step.png`, 40)];
  return apiPost(page, '/api/recipe/add', {
    type: 'SOUP',
    number,
    mainLang: 'en',
    langs: ['en', 'de'],
    texts: {
      en: { name: `Tomato soup ${number}`, description: 'Sweet and sour', chefTips: 'Use ripe tomatoes' },
      de: { name: `Tomatensuppe ${number}`, description: 'Süßsauer', chefTips: 'Reife Tomaten nehmen' },
    },
    servingVersions: [
      {
        servings: 2,
        ingredients: [{ names: { en: 'Tomato', de: 'Tomate' }, quantity: 300 }],
        steps: [
          {
            number: 1,
            workMode: 'SLOW_COOK',
            minutes: 30,
            descriptions: { en: 'Slow-cook', de: 'Schmoren' },
            mediaFileCode: step,
          },
        ],
      },
    ],
    difficulty: 'easy',
    productCodes,
    pictureFileCode: picture,
  }) as Promise<{ id: string }>;
}

/** Waits for the job dialog to finish; answers its report as [item, outcome shown, reason] rows. */
async function finishedReport(page: Page, doneText: string): Promise<string[][]> {
  const run = page.getByRole('dialog').getByTestId('job-run');
  await run.and(page.locator('[data-state="succeeded"]')).waitFor({ timeout: 60_000 });
  await run.getByTestId('job-state').getByText(doneText, { exact: true }).waitFor();
  expect(await run.getByTestId('job-progress').getAttribute('data-progress')).toBe('100');
  return run
    .getByTestId('job-item')
    .evaluateAll((rows) =>
      rows.map((r) => Array.from(r.children).map((c) => c.textContent?.trim() ?? '')).sort(),
    );
}

/** Downloads the job's output from its dialog; answers the file's name and bytes after checking it is our zip. */
async function downloadZip(page: Page) {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('dialog').getByTestId('job-download').click(),
  ]);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  const manifest = JSON.parse(zipEntry(bytes, 'manifest.json')!.toString('utf8'));
  // Every entry the manifest names is in the zip with the checksum it gives.
  for (const f of manifest.files as { path: string; sha256: string }[])
    expect(createHash('sha256').update(zipEntry(bytes, f.path)!).digest('hex')).toBe(f.sha256);
  return { name: file.suggestedFilename(), bytes, manifest };
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Opens the import dialog and chooses a file in it. */
async function chooseImport(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await visible(page, 'import').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.locator('input[type=file]').setInputFiles(file);
  await dialog.getByTestId('import-start').click();
}

const zipFile = (name: string, buffer: Buffer) => ({ name, mimeType: 'application/zip', buffer });

/** A short tag that makes the numbers a test creates its own, apart from the file's other tests'. */
const attempt = () => Date.now().toString(36).slice(-5).toUpperCase();

/** Waits until the brand's list (its read model) holds the recipe; answers its row. */
async function listed(page: Page, number: string) {
  const [row] = await listedWhen<{ id: string; name: string }>(
    page,
    `/api/recipe/list?number=${number}&pageNum=1&pageSize=10`,
    (rows) => rows.length > 0,
    `${number} listed`,
  );
  return row!;
}

async function filterByNumber(page: Page, number: string) {
  await visible(page, 'filter-number').fill(number);
  await searchList(page);
}

/** A recipe's content as another brand holds it: the same, but with its own copies of the media. */
const withoutMedia = (c: Record<string, any>) => ({
  ...c,
  pictureFileCode: null,
  servingVersions: c.servingVersions.map((v: any) => ({
    ...v,
    steps: v.steps.map((s: any) => ({ ...s, mediaFileCode: null })),
  })),
});

describe('recipe export and import (zh)', () => {
  it('exports the filtered list and a selection with progress, imports the zip into OTHER with its report', async () => {
    // Numbers of this test's own.
    const zh = `E2E-ZH${attempt()}`;
    const [A, B] = [`${zh}-A`, `${zh}-B`];
    const demo = await signedInPage(h);
    const a = await addRecipe(demo, A);
    await addRecipe(demo, B);
    await listed(demo, B);
    await openFromMenu(demo, 'recipes', '菜谱库');
    await filterByNumber(demo, zh);
    await row(demo, B).waitFor();
    await row(demo, A).waitFor();

    // "Export all" exports what the filter shows: the two, not the demo library.
    await visible(demo, 'export-all').getByText('导出列表全部菜谱').click();
    expect(await finishedReport(demo, '已完成')).toEqual([
      [A, '已导出', ''],
      [B, '已导出', ''],
    ]);
    const filtered = await downloadZip(demo);
    expect(filtered.name).toMatch(/^recipes-DEMO-\d{4}-\d\d-\d\d\.zip$/);
    expect(filtered.manifest).toMatchObject({ brandOwnerCode: 'DEMO', count: 2, languages: ['de', 'en'] });
    expect(filtered.manifest.recipes.map((r: { number: string }) => r.number).sort()).toEqual([A, B]);
    await closeDialog(demo);

    // A selection exports only the rows ticked.
    await row(demo, A).getByRole('checkbox').check();
    await visible(demo, 'batch-export').click();
    expect(await finishedReport(demo, '已完成')).toEqual([[A, '已导出', '']]);
    const selected = await downloadZip(demo);
    expect(selected.manifest.recipes.map((r: { number: string }) => r.number)).toEqual([A]);
    await closeDialog(demo);

    // OTHER imports the filtered export: both created, shown in its library.
    const other = await signedInPage(h, 'zh', 'other', 'other12345');
    await openFromMenu(other, 'recipes', '菜谱库');
    await row(other, 'P-2001').waitFor();
    expect(await row(other, A).count()).toBe(0);
    await chooseImport(other, zipFile('demo-soups.zip', filtered.bytes));
    expect(await finishedReport(other, '已完成')).toEqual([
      [A, '已创建', ''],
      [B, '已创建', ''],
    ]);
    await closeDialog(other);
    await listed(other, B);
    await filterByNumber(other, zh);
    await row(other, A).getByText(`Tomato soup ${A}`).waitFor();
    await row(other, B).waitFor();

    // The same content under a new id, with its own copies of the media; its history says where it came from.
    const copyId = (await listed(other, A)).id;
    expect(copyId).not.toBe(a.id);
    const [source, copy] = [
      await apiGet(demo, `/api/recipe/detail?id=${a.id}`),
      await apiGet(other, `/api/recipe/detail?id=${copyId}`),
    ];
    expect(withoutMedia(copy.content)).toEqual(withoutMedia(source.content));
    expect(copy.content.pictureFileCode).not.toBe(source.content.pictureFileCode);
    await goInApp(other, `/recipe-detail?id=${copyId}`);
    await visible(other, 'tab-history').click();
    await visible(other, 'history-entry').last().getByText('从“demo-soups.zip”导入').waitFor();

    // Importing it again overwrites nothing: each recipe is reported skipped, with the reason.
    await openFromMenu(other, 'recipes', '菜谱库');
    await chooseImport(other, zipFile('demo-soups.zip', filtered.bytes));
    expect(await finishedReport(other, '已完成')).toEqual([
      [A, '已跳过', `编号${A}已存在，未覆盖`],
      [B, '已跳过', `编号${B}已存在，未覆盖`],
    ]);
    await closeDialog(other);

    // A file that is not a zip is refused as soon as it is chosen: nothing to start, nothing uploaded.
    await visible(other, 'import').click();
    const dialog = other.getByTestId('import-dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'bad.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('soup'),
    });
    await visible(other, 'import-error').getByText('文件格式错误，只能导入zip文件').waitFor();
    await expect(dialog.getByTestId('import-start').isDisabled()).resolves.toBe(true);
    await closeDialog(other);
  });
});

describe('recipe export and import (en)', () => {
  it('exports a selection, imports it into OTHER with its report, and refuses a zip that is not one', async () => {
    const demo = await h.newPage({ locale: 'en-US' });
    await loginAs(demo);
    await inEnglish(demo);
    const en = `E2E-EN${attempt()}`;
    const A = `${en}-A`;
    await addRecipe(demo, A);
    await listed(demo, A);
    await openFromMenu(demo, 'recipes', 'Recipe library');
    await filterByNumber(demo, en);
    await row(demo, A).getByRole('checkbox').check();
    await visible(demo, 'batch-export').getByText('Export selected').click();
    expect(await finishedReport(demo, 'Done')).toEqual([[A, 'exported', '']]);
    const selected = await downloadZip(demo);
    expect(selected.manifest).toMatchObject({ brandOwnerCode: 'DEMO', count: 1 });
    await closeDialog(demo);

    const other = await h.newPage({ locale: 'en-US' });
    await loginAs(other, 'other', 'other12345');
    await inEnglish(other);
    await openFromMenu(other, 'recipes', 'Recipe library');
    await chooseImport(other, zipFile('selected.zip', selected.bytes));
    expect(await finishedReport(other, 'Done')).toEqual([[A, 'created', '']]);
    await closeDialog(other);
    await listed(other, A);
    await filterByNumber(other, en);
    await row(other, A).getByText(`Tomato soup ${A}`).waitFor();

    // Named .zip but not one: the upload is refused by its bytes, said in English.
    await chooseImport(other, zipFile('fake.zip', Buffer.from('not a zip at all')));
    await other.getByText('File format error: only zip allowed').waitFor();
    await closeDialog(other);
  });
});

describe('the import’s mapping step', () => {
  /** DEMO exports one recipe of a model only DEMO sells (TM-7); OTHER opens the import of that zip. */
  async function importTm7(lang: 'zh' | 'en') {
    const demo = await signedInPage(h);
    const number = `E2E-MAP${attempt()}`;
    await addRecipe(demo, number, ['TM-7']);
    await listed(demo, number);
    await openFromMenu(demo, 'recipes', '菜谱库');
    await filterByNumber(demo, number);
    await row(demo, number).getByRole('checkbox').check();
    await visible(demo, 'batch-export').click();
    expect(await finishedReport(demo, '已完成')).toEqual([[number, '已导出', '']]);
    const zip = await downloadZip(demo);
    const other = await signedInPage(h, 'zh', 'other', 'other12345');
    if (lang === 'en') await inEnglish(other);
    await openFromMenu(other, 'recipes', lang === 'en' ? 'Recipe library' : '菜谱库');
    await chooseImport(other, zipFile('tm7.zip', zip.bytes));
    await other.getByTestId('import-mapping').waitFor();
    expect(await other.getByTestId('import-mapping-row').allTextContents()).toEqual([
      lang === 'en' ? 'ModelTM-7' : '型号TM-7',
    ]);
    return { other, number };
  }

  it('(en) maps a model OTHER does not sell to one it does, and the recipe is imported with it', async () => {
    const { other, number } = await importTm7('en');
    await other.getByTestId('map-models-TM-7').click();
    await other.getByRole('option', { name: /TM-6/ }).first().click();
    await other.getByTestId('import-mapping-start').click();
    expect(await finishedReport(other, 'Done')).toEqual([
      [number, 'created', ''],
      ['TM-7', 'choice', 'Model: mapped to the brand’s “TM-6”'],
    ]);
    const imported = (await listed(other, number)) as { productCodes?: string[] };
    expect(imported.productCodes).toEqual(['TM-6']);
  });

  it('(zh) leaves a model unmapped: the recipe is refused, the report says why', async () => {
    const { other, number } = await importTm7('zh');
    await other.getByText('压缩包中有本品牌没有的引用', { exact: false }).waitFor();
    await other.getByTestId('import-mapping-start').click();
    expect(await finishedReport(other, '已完成')).toEqual([[number, '已拒绝', '未知型号：TM-7']]);
  });
});

describe('importing into a brand that lacks a language, units and models', () => {
  /** DEMO's seeded units (its demo recipes are measured in them). */
  const UNIT = {
    piece: '5e0c1a2b-0002-4e10-8c00-00000000a002',
    spoon: '5e0c1a2b-0003-4e10-8c00-00000000a003',
    whole: '5e0c1a2b-0004-4e10-8c00-00000000a004',
  };

  /** DEMO exports the given recipes (through the API); answers the zip. */
  async function exportOf(demo: Page, ids: string[]) {
    const run = await apiPost<{ id: string }>(demo, '/api/recipe/export', { ids });
    const ended = await eventually(
      () => apiGet<{ state: string }>(demo, `/api/recipe/asyncTask/detail?id=${run.id}`),
      ({ state }) => state === 'succeeded' || state === 'failed',
      60_000,
      'the export job ends',
    );
    expect(ended.state).toBe('succeeded');
    const res = await demo.request.get(`/api/jobs/download?id=${run.id}`, { headers: API_HEADERS });
    return Buffer.from(await res.body());
  }

  /** Chooses an option of a mapping row's select. */
  async function choose(page: Page, testId: string, option: string | RegExp) {
    await page.getByTestId(testId).click();
    await page.getByRole('option', { name: option }).first().click();
  }

  it('(en) drops the Chinese texts, creates the units, maps the model: the report shows each choice', async () => {
    const demo = await signedInPage(h);
    const number = `E2E-WING${attempt()}`;
    // Chicken wings as DEMO's demo has them: Chinese first, pieces and spoons, a model OTHER does not sell.
    const wings = await apiPost<{ id: string }>(demo, '/api/recipe/add', {
      type: 'AIR_FRYER',
      number,
      mainLang: 'zh',
      langs: ['zh', 'en', 'de'],
      texts: {
        zh: { name: '蜜汁烤鸡翅' },
        en: { name: `Honey wings ${number}` },
        de: { name: 'Honigflügel' },
      },
      servingVersions: [
        {
          servings: 2,
          ingredients: [
            {
              names: { zh: '鸡翅中', en: 'Chicken wings', de: 'Hähnchenflügel' },
              quantity: 8,
              unitId: UNIT.piece,
            },
            { names: { zh: '蜂蜜', en: 'Honey', de: 'Honig' }, quantity: 2, unitId: UNIT.spoon },
          ],
          steps: [{ number: 1, workMode: 'AIR_FRYER', temperature: 200, minutes: 12 }],
        },
      ],
      productCodes: ['AF-5', 'AF-8'],
    });
    const zip = await exportOf(demo, [wings.id]);

    const other = await h.newPage({ locale: 'en-US' });
    await loginAs(other, 'other', 'other12345');
    await inEnglish(other);
    await openFromMenu(other, 'recipes', 'Recipe library');
    await chooseImport(other, zipFile('wings.zip', zip));
    await other.getByTestId('import-mapping').waitFor();
    expect(await other.getByTestId('import-mapping-row').allTextContents()).toEqual([
      'LanguageChinesemain language of 1 recipe(s)',
      'Unitpcs',
      'Unittbsp',
      'ModelAF-8',
    ]);
    await other
      .getByTestId('import-mapping-langs')
      .getByText('a recipe with no other language is not imported', { exact: false })
      .waitFor();
    await choose(other, 'map-langs-zh', 'Drop its texts');
    await choose(other, 'map-units-pcs', 'Create it in this brand');
    await choose(other, 'map-units-tbsp', 'Create it in this brand');
    await choose(other, 'map-models-AF-8', /AF-5/);
    await other.getByTestId('import-mapping-start').click();
    expect(await finishedReport(other, 'Done')).toEqual([
      ['AF-8', 'choice', 'Model: mapped to the brand’s “AF-5”'],
      [number, 'created', ''],
      ['pcs', 'choice', 'Unit: created'],
      ['tbsp', 'choice', 'Unit: created'],
      ['zh', 'choice', 'Language Chinese: its texts were dropped, not imported'],
    ]);
    await closeDialog(other);

    // In OTHER it reads in English (its main language now), measured in the units just created.
    const copy = (await listed(other, number)) as { id: string; mainLang?: string };
    expect(copy.mainLang).toBe('en');
    await goInApp(other, `/preview-detail?id=${copy.id}`);
    const screen = other.getByTestId('device-screen');
    await screen.getByTestId('preview-name').getByText(`Honey wings ${number}`).waitFor();
    await screen
      .getByTestId('preview-ingredient')
      .filter({ hasText: 'Chicken wings' })
      .getByText('8 pcs', { exact: true })
      .waitFor();
  });

  it('(zh) enables Chinese for OTHER and creates the unit with its Chinese name: the recipe is imported whole', async () => {
    const demo = await signedInPage(h);
    const number = `E2E-FISH${attempt()}`;
    const fish = await apiPost<{ id: string }>(demo, '/api/recipe/add', {
      type: 'SOUP',
      number,
      mainLang: 'zh',
      langs: ['zh'],
      texts: { zh: { name: `清蒸鲈鱼${number}` } },
      servingVersions: [
        {
          servings: 2,
          ingredients: [{ names: { zh: '鲈鱼' }, quantity: 1, unitId: UNIT.whole }],
          steps: [
            { number: 1, workMode: 'STEAM', temperature: 100, minutes: 12, descriptions: { zh: '蒸12分钟' } },
          ],
        },
      ],
      productCodes: ['TM-7'],
    });
    const zip = await exportOf(demo, [fish.id]);

    const other = await signedInPage(h, 'zh', 'other', 'other12345');
    await openFromMenu(other, 'recipes', '菜谱库');
    await chooseImport(other, zipFile('fish.zip', zip));
    await other.getByTestId('import-mapping').waitFor();
    expect(await other.getByTestId('import-mapping-row').allTextContents()).toEqual([
      '语言中文1个菜谱的主语言',
      '单位whole',
      '型号TM-7',
    ]);
    await choose(other, 'map-langs-zh', '为本品牌启用该语言');
    await choose(other, 'map-units-whole', '在本品牌新建');
    await choose(other, 'map-models-TM-7', /TM-6/);
    await other.getByTestId('import-mapping-start').click();
    expect(await finishedReport(other, '已完成')).toEqual([
      [number, '已创建', ''],
      ['TM-7', '导入选择', '型号：对应到本品牌的“TM-6”'],
      ['whole', '导入选择', '单位：已新建'],
      ['zh', '导入选择', '语言中文：已为本品牌启用'],
    ]);
    await closeDialog(other);
    const copy = await listed(other, number);
    await goInApp(other, `/preview-detail?id=${copy.id}`);
    const screen = other.getByTestId('device-screen');
    await screen.getByTestId('preview-name').getByText(`清蒸鲈鱼${number}`).waitFor();
    await screen
      .getByTestId('preview-ingredient')
      .filter({ hasText: '鲈鱼' })
      .getByText('1 条', { exact: true })
      .waitFor();
  });
});
