import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { confirm, openFromMenu } from './catalog-support.js';
import { harnessForFile } from './support/harness.js';
import { signedInPage, visibleRow as row } from './support/gestures.js';
import { settles } from './support/waits.js';

// The projector runs so that the lists follow each command at once (read-your-writes).
const h = harnessForFile({ projector: true });

async function selectRows(page: Page, texts: string[]) {
  for (const text of texts) await row(page, text).getByRole('checkbox').check();
}
const batch = (page: Page, key: string) => page.locator(`[data-testid="batch-${key}"]:visible`);
const status = (page: Page, text: string, value: string) =>
  row(page, text).getByTestId('recipe-status').getByText(value, { exact: true }).waitFor();

describe('recipe lifecycle (zh)', () => {
  it('recalls, copies, deletes and clears, and the history records the recalls', async () => {
    const page = await signedInPage(h);
    await openFromMenu(page, 'recipes', '菜谱库');
    await row(page, 'R-1002').waitFor();

    await selectRows(page, ['R-1001', 'R-1002']);
    await batch(page, 'recallWaitRelease').click();
    await confirm(page);
    await status(page, 'R-1001', '待发布');
    await status(page, 'R-1002', '待发布');
    await selectRows(page, ['R-1002']);
    await batch(page, 'recallEditing').click();
    await confirm(page);
    await status(page, 'R-1002', '编辑中');

    await row(page, 'R-1001').getByTestId('row-copy').click();
    expect(await confirm(page)).toBe('确定复制吗？');
    await status(page, 'R-1001-copy', '编辑中');
    // The copy is told from its source by its name too.
    await row(page, 'R-1001-copy').getByText('番茄炖牛腩 (副本)', { exact: true }).waitFor();
    await row(page, 'R-1001-copy').getByTestId('row-delete').click();
    await confirm(page);
    await row(page, 'R-1001-copy').waitFor({ state: 'detached' });

    await page.locator('[data-testid="recycle-bin"]:visible').click();
    await page.getByTestId('page-title').getByText('回收站', { exact: true }).waitFor();
    await row(page, 'R-1001-copy').getByTestId('row-clear').click();
    await confirm(page);
    await row(page, 'R-1001-copy').waitFor({ state: 'detached' });
    await selectRows(page, ['R-0901']);
    await batch(page, 'clear').click();
    expect(await confirm(page)).toContain('1');
    await row(page, 'R-0901').waitFor({ state: 'detached' });
    await page.getByText('暂无数据').locator('visible=true').waitFor();

    await openFromMenu(page, 'recipes', '菜谱库');
    await row(page, 'R-1002').getByTestId('row-detail').click();
    await page.locator('[data-testid="tab-history"]:visible').click();
    const titles = page.locator('[data-testid="history-entry"]:visible .mantine-Timeline-itemTitle');
    await settles(async () => (await titles.allTextContents()).slice(0, 2), ['撤回到编辑', '撤回到待发布']);
  });
});

describe('recipe lifecycle (en)', () => {
  it('names a copy as a copy in the list, numbered when a copy is there already', async () => {
    const page = await signedInPage(h, 'en');
    await openFromMenu(page, 'recipes', 'Recipe library');
    for (const [number, name] of [
      ['R-1003-copy', 'Whole-wheat toast bread (copy)'],
      ['R-1003-copy2', 'Whole-wheat toast bread (copy 2)'],
    ]) {
      await row(page, 'Whole-wheat toast bread')
        .filter({ hasNotText: '(copy' })
        .getByTestId('row-copy')
        .click();
      await confirm(page);
      await row(page, number!).getByText(name!, { exact: true }).waitFor();
    }
  });
});
