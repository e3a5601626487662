import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { openFromMenu } from './catalog-support.js';
import { apiGet, apiPost } from './support/api.js';
import { inEnglish, searchList, signedInPage, visible } from './support/gestures.js';
import { harnessForFile } from './support/harness.js';

// The exports of the fault record, app user and notice lists, as a user makes them: a filter applied in the filter
// bar, "Export CSV" and "Export xlsx", the job followed to its end, the file downloaded. Each file is parsed and
// must hold the rows the list shows for that filter (the API's list with the same filter), under headers in the
// console's language; in Chinese and in English.
const h = harnessForFile();

type Lang = 'zh' | 'en';
const DONE: Record<Lang, string> = { zh: '已完成', en: 'Done' };

/** Rows of a CSV text (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

/** Rows of the first sheet of an xlsx file, each cell as the text it shows. */
async function parseXlsx(bytes: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((r) => {
    const cells: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) cells.push(r.getCell(c).text);
    rows.push(cells);
  });
  return rows;
}

/**
 * Exports the visible list in `format` from its toolbar, follows the job until it reads done with a full progress
 * bar, downloads the file and answers its rows (header first).
 */
async function exported(page: Page, format: 'csv' | 'xlsx', lang: Lang): Promise<string[][]> {
  await visible(page, `export-${format}`).click();
  const run = page.getByRole('dialog').getByTestId('job-run');
  await page
    .getByRole('dialog')
    .locator('[data-testid="job-run"][data-state="succeeded"], [data-testid="job-run"][data-state="failed"]')
    .waitFor({ timeout: 30_000 });
  if ((await run.getAttribute('data-state')) === 'failed') {
    const id = await run.getAttribute('data-job-id');
    throw new Error(
      `the export failed: ${JSON.stringify(await apiGet(page, `/api/recipe/asyncTask/detail?id=${id}`))}`,
    );
  }
  await run.getByTestId('job-state').getByText(DONE[lang], { exact: true }).waitFor();
  expect(await run.getByTestId('job-progress').getAttribute('data-progress')).toBe('100');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    run.getByTestId('job-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`\\.${format}$`));
  const bytes = await readFile((await download.path())!);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  if (format === 'xlsx') return parseXlsx(bytes);
  return parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, '')).filter((r) => r.some((c) => c !== ''));
}

/** Both files of the list as filtered now: each must have `header` and the rows `expected` (by `key`). */
async function bothFilesHold(
  page: Page,
  lang: Lang,
  header: string[],
  key: (row: string[]) => string,
  expected: string[],
) {
  for (const format of ['csv', 'xlsx'] as const) {
    const [head, ...rows] = await exported(page, format, lang);
    expect({ format, head: head!.slice(0, header.length) }).toEqual({ format, head: header });
    expect({ format, rows: rows.map(key) }).toEqual({ format, rows: expected });
  }
}

async function signedIn(lang: Lang) {
  const page = await signedInPage(h);
  if (lang === 'en') await inEnglish(page);
  return page;
}

describe.each<[Lang]>([['zh'], ['en']])('list exports in %s', (lang) => {
  it('the fault records of one country, error logs of several lines whole', async () => {
    const page = await signedIn(lang);
    const { list: all } = await apiGet<{ list: { sn: string; type: string; errorLog: string }[] }>(
      page,
      '/api/deviceFaultLog/list?onPage=false',
    );
    const { list: cn } = await apiGet<{ list: { sn: string; type: string; errorLog: string }[] }>(
      page,
      '/api/deviceFaultLog/list?country=CN&onPage=false',
    );
    // The filter leaves some of the brand's records out, and keeps a log of several lines.
    expect(cn.length).toBeGreaterThan(0);
    expect(cn.length).toBeLessThan(all.length);
    expect(cn.some((f) => f.errorLog.includes('\n'))).toBe(true);

    await openFromMenu(page, 'devices', lang === 'zh' ? '故障记录' : 'Fault records');
    await visible(page, 'filter-country').fill('CN');
    await searchList(page);
    await bothFilesHold(
      page,
      lang,
      lang === 'zh' ? ['设备SN', '故障类型', '上报时间'] : ['SN', 'Fault type', 'Reported at'],
      (r) => `${r[0]} ${r[1]} ${r[7]}`,
      cn.map((f) => `${f.sn} ${f.type} ${f.errorLog}`),
    );
  });

  it('the app users of one region', async () => {
    const page = await signedIn(lang);
    const { list: all } = await apiGet<{ list: { account: string }[] }>(page, '/api/user/list?onPage=false');
    const { list: de } = await apiGet<{ list: { account: string }[] }>(
      page,
      '/api/user/list?region=DE&onPage=false',
    );
    expect(de.length).toBeGreaterThan(0);
    expect(de.length).toBeLessThan(all.length);

    await openFromMenu(page, 'users', lang === 'zh' ? '普通用户' : 'Ordinary users');
    await visible(page, 'filter-region').fill('DE');
    await searchList(page);
    await bothFilesHold(
      page,
      lang,
      lang === 'zh' ? ['用户编号', '账号', '昵称', '地区'] : ['Number', 'Account', 'Nickname', 'Region'],
      (r) => r[1]!,
      de.map((u) => u.account),
    );
  });

  it('the notices found by a keyword', async () => {
    const page = await signedIn(lang);
    // Notices of this test's own: two whose label holds the keyword, one whose does not.
    const keyword = `EXP${lang}${Date.now() % 1_000_000}`;
    const notice = (label: string, title: string) =>
      apiPost(page, '/api/inform/add', {
        label,
        texts: [
          { lang: 'zh', title: `${title}（中文）`, content: '请清洗滤网' },
          { lang: 'en', title, content: 'Please clean the filter' },
        ],
        pushMode: 'now',
        targetKind: 'all',
      });
    await notice(`${keyword}-a`, 'Filter reminder, part 1');
    await notice(`${keyword}-b`, 'Descaling "soon"');
    await notice(`other-${Date.now() % 1_000_000}`, 'Not this one');
    const { list: found } = await apiGet<{ list: { number: string; label: string }[] }>(
      page,
      `/api/inform/list?keyword=${keyword}&onPage=false`,
    );
    expect(found.map((n) => n.label).sort()).toEqual([`${keyword}-a`, `${keyword}-b`]);

    await openFromMenu(page, 'operations', lang === 'zh' ? '消息通知' : 'Notifications');
    await visible(page, 'filter-keyword').fill(keyword);
    await searchList(page);
    await bothFilesHold(
      page,
      lang,
      lang === 'zh' ? ['通知编号', '标签', '标题'] : ['Number', 'Label', 'Title'],
      (r) => `${r[0]} ${r[1]}`,
      found.map((n) => `${n.number} ${n.label}`),
    );
  });
});
