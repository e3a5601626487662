import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { choose, confirm, openFromMenu, pngImage, waitForFieldError } from './catalog-support.js';
import { APK_IMAGES, SEEDED_APK_FILES } from './support/apk.js';
import { API_HEADERS, harnessForFile } from './support/harness.js';
import { inEnglish, searchList, signedInPage } from './support/gestures.js';
import { settles } from './support/waits.js';

// The projector runs so that the lists follow each command at once (read-your-writes).
const h = harnessForFile({ projector: true });

/** Bytes the upload accepts as an MP4 video (an `ftyp` box) and as an APK (a zip named .apk). */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(300, 7)]);
const APK = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(4000, 3)]);

function row(page: Page, version: string) {
  return page.locator('tbody tr:visible', {
    has: page.getByTestId('apk-version').getByText(version, { exact: true }),
  });
}
const reviewStatus = (page: Page, version: string, text: string) =>
  row(page, version).getByTestId('apk-review-status').getByText(text, { exact: true }).waitFor();

async function openList(page: Page, title = 'APK管理') {
  await openFromMenu(page, 'apk', title);
}

/** Runs a row action and answers its §8 confirmation; returns the confirmation's text. */
async function rowAction(page: Page, version: string, action: string): Promise<string> {
  await row(page, version).getByTestId(`row-${action}`).click();
  return confirm(page);
}

async function audit(page: Page, version: string, decision: { reason: string } | 'pass') {
  await row(page, version).getByTestId('row-audit').click();
  if (decision === 'pass') await page.getByTestId('audit-pass').click();
  else {
    await page.getByTestId('audit-reason').fill(decision.reason);
    await page.getByTestId('audit-return').click();
  }
}

describe('APK sub-package lifecycle (zh)', () => {
  it('creates a package with every picture, is returned with a reason, resubmitted, passed by the auditor, tested, put online and taken offline; the history tells it all', async () => {
    const demo = await signedInPage(h);
    await openList(demo);
    await row(demo, '1.1.0').waitFor();
    await demo.getByTestId('add').click();
    await demo.getByTestId('page-title').getByText('新增APK', { exact: true }).waitFor();

    // Submitting an empty package is asked first (§8), then refused with an error under each field it still needs.
    await demo.getByTestId('apk-save-submit').click();
    expect(await confirm(demo)).toBe('确定提交审核吗？');
    await waitForFieldError(demo, 'field-subBrandCode', '提交审核前必须填写');
    await demo.getByTestId('field-bootLogo').getByText('提交审核前必须填写', { exact: true }).waitFor();
    await demo
      .getByTestId('field-bootVideo')
      .locator('xpath=..')
      .getByText('提交审核前必须填写', { exact: true })
      .waitFor();

    await choose(demo, 'field-subBrandCode', 'ChefMate (DEMO-CHEF)');
    await choose(demo, 'field-productCode', 'ChefMate C7 (TM-7)');
    // The last submission of this sub-brand and model (a demo package pending review) gives the versions.
    await demo.getByTestId('last-submit').getByText('1.2.0', { exact: false }).waitFor();
    await demo.getByTestId('use-last-submit').click();
    await expect(demo.getByTestId('field-parentVersion').inputValue()).resolves.toBe('1.2.0');
    await expect(demo.getByTestId('field-branchPackage').inputValue()).resolves.toBe('release/1.2');
    await demo.getByTestId('field-versionNumber').fill('2.0.0');
    await demo.getByTestId('field-apkVersion').fill('2.0.0.200');
    await demo.getByTestId('field-updateNotes').fill('新的开机动画');
    await demo.getByTestId('field-modeName').fill('大师模式');
    await demo.getByTestId('field-apkFileCode').locator('input[type=file]').setInputFiles({
      name: 'chef-2.0.0.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: APK,
    });
    await demo.getByTestId('field-apkFileCode-name').getByText('chef-2.0.0.apk').waitFor();
    await demo
      .getByTestId('field-bootVideo')
      .locator('input[type=file]')
      .setInputFiles({ name: 'boot.mp4', mimeType: 'video/mp4', buffer: MP4 });
    await demo.getByTestId('field-bootVideo-name').getByText('boot.mp4').waitFor();
    for (const [i, field] of APK_IMAGES.entries()) {
      await demo
        .getByTestId(`field-${field}`)
        .locator('input[type=file]')
        .setInputFiles({
          name: `${field}.png`,
          mimeType: 'image/png',
          buffer: pngImage(8, [20 * i, 90, 160]),
        });
      await demo.getByTestId(`field-${field}`).getByTestId('uploaded-image').waitFor();
    }
    await demo.getByTestId('apk-save-submit').click();
    await confirm(demo);
    await demo.getByTestId('page-title').getByText('APK管理', { exact: true }).waitFor();
    await reviewStatus(demo, '2.0.0', '待审核');

    // Four eyes: the admin who submitted it is offered no Audit (the API would refuse it), only the recall.
    await row(demo, '2.0.0').getByTestId('row-recall').waitFor();
    await expect(row(demo, '2.0.0').getByTestId('row-audit').count()).resolves.toBe(0);

    // The auditor returns it; a return needs a reason.
    const auditor = await signedInPage(h, 'zh', 'audit', 'audit12345');
    await openList(auditor);
    await row(auditor, '2.0.0').getByTestId('row-audit').click();
    await auditor.getByTestId('audit-return').click();
    await auditor.getByText('请填写退回原因', { exact: true }).waitFor();
    await auditor.getByTestId('audit-reason').fill('开机视频太长，请剪到5秒以内');
    await auditor.getByTestId('audit-return').click();
    await reviewStatus(auditor, '2.0.0', '已退回');
    await row(auditor, '2.0.0').getByText('开机视频太长，请剪到5秒以内').waitFor();

    // The submitter edits the returned package and submits it again.
    await demo.reload();
    await reviewStatus(demo, '2.0.0', '已退回');
    await row(demo, '2.0.0').getByTestId('row-edit').click();
    await demo.getByTestId('page-title').getByText('编辑APK', { exact: true }).waitFor();
    await expect(demo.getByTestId('field-versionNumber').inputValue()).resolves.toBe('2.0.0');
    await demo.getByTestId('field-updateNotes').fill('新的开机动画（5秒）');
    await demo.getByTestId('apk-save-submit').click();
    await confirm(demo);
    await demo.getByTestId('page-title').getByText('APK管理', { exact: true }).waitFor();
    await reviewStatus(demo, '2.0.0', '待审核');
    // Resubmitted, it is no longer returned: the reason belongs to its history, not to the row.
    await expect(row(demo, '2.0.0').getByText('开机视频太长，请剪到5秒以内').count()).resolves.toBe(0);

    await auditor.reload();
    await reviewStatus(auditor, '2.0.0', '待审核');
    await audit(auditor, '2.0.0', 'pass');
    await reviewStatus(auditor, '2.0.0', '已创建');

    await demo.reload();
    await reviewStatus(demo, '2.0.0', '已创建');
    expect(await rowAction(demo, '2.0.0', 'publishTest')).toBe('确定发布测试吗？');
    await row(demo, '2.0.0').getByTestId('apk-test-status').getByText('测试中').waitFor();
    expect(await rowAction(demo, '2.0.0', 'publishOnline')).toContain('发布上线');
    await row(demo, '2.0.0').getByTestId('apk-release-status').getByText('已上线').waitFor();
    // Online, it cannot be deleted: only cancelled.
    await expect(row(demo, '2.0.0').getByTestId('row-delete').count()).resolves.toBe(0);
    await rowAction(demo, '2.0.0', 'cancelOnline');
    await row(demo, '2.0.0').getByTestId('apk-release-status').getByText('未上线').waitFor();
    await rowAction(demo, '2.0.0', 'cancelTest');
    await row(demo, '2.0.0').getByTestId('apk-test-status').getByText('未测试').waitFor();

    // A pending submission is recalled by its submitter.
    await reviewStatus(demo, '1.2.0', '待审核');
    expect(await rowAction(demo, '1.2.0', 'recall')).toBe('确定撤回吗？');
    await reviewStatus(demo, '1.2.0', '未提交');

    // The history: who did what and when, the reason of the return, the state as of any event.
    await row(demo, '2.0.0').getByTestId('row-detail').click();
    await demo.getByTestId('page-title').getByText('APK详情', { exact: true }).waitFor();
    await demo.getByTestId('detail-review-value').getByText('已创建').waitFor();
    await expect(demo.getByTestId('detail-return-reason-value').textContent()).resolves.toBe('—');
    await demo.getByTestId('tab-history').click();
    const titles = demo.locator('[data-testid="history-entry"] .mantine-Timeline-itemTitle');
    await settles(
      () => titles.allTextContents(),
      [
        '取消测试',
        '取消上线',
        '发布上线',
        '发布测试',
        '审核通过',
        '提交审核',
        '修改内容',
        '审核退回：开机视频太长，请剪到5秒以内',
        '提交审核',
        '新建APK包',
      ],
    );
    const entries = demo.getByTestId('history-entry');
    await entries.nth(4).getByText('audit ·', { exact: false }).waitFor();
    await entries.nth(7).getByText('原因：开机视频太长，请剪到5秒以内').waitFor();
    await entries.nth(6).getByText('更新说明 新的开机动画 → 新的开机动画（5秒）').waitFor();
    await entries.nth(7).getByRole('button').click();
    await demo.getByTestId('state-review-value').getByText('已退回').waitFor();
    await demo.getByTestId('state-as-of').getByText('开机视频太长，请剪到5秒以内').waitFor();
  });
});

describe('APK sub-package list (en)', () => {
  it('filters by status and version, passes a batch and deletes a batch with a result per package', async () => {
    const demo = await signedInPage(h);
    for (const versionNumber of ['3.0.0', '3.1.0']) {
      const res = await demo.request.post('/api/subApk/addAndApproval', {
        data: { subBrandCode: 'DEMO-BAKE', productCode: 'OV-40', versionNumber, ...SEEDED_APK_FILES },
        headers: API_HEADERS,
      });
      expect(await res.json()).toMatchObject({ status: 200, data: { reviewStatus: 'pending_review' } });
    }

    const auditor = await signedInPage(h, 'en', 'audit', 'audit12345');
    await openList(auditor, 'APK management');
    // The seeded package online on ChefMate C6 counts the two demo C6 devices that report its APK version.
    const onlineDemo = row(auditor, '1.0.0').filter({ hasText: 'ChefMate' });
    await expect(onlineDemo.getByTestId('apk-installed').textContent()).resolves.toBe('2');
    await choose(auditor, 'filter-reviewStatus', 'Pending review');
    await searchList(auditor);
    // The whole list was on screen already: wait until the filter has taken the others away.
    await row(auditor, '1.2.0').waitFor({ state: 'detached' });
    await row(auditor, '3.1.0').waitFor();
    await expect(auditor.getByTestId('apk-version').allTextContents()).resolves.toEqual(['3.1.0', '3.0.0']);
    await row(auditor, '3.0.0').getByRole('checkbox').check();
    await row(auditor, '3.1.0').getByRole('checkbox').check();
    await auditor.getByTestId('batch-audit').click();
    expect(await confirm(auditor)).toBe('Approve the 2 selected records?');
    await row(auditor, '3.0.0').waitFor({ state: 'detached' });
    await auditor.getByText('No records').waitFor();

    await choose(auditor, 'filter-reviewStatus', 'Created');
    await auditor.getByTestId('filter-version').fill('3.');
    await searchList(auditor);
    await reviewStatus(auditor, '3.0.0', 'Created');
    await reviewStatus(auditor, '3.1.0', 'Created');

    await auditor.getByRole('button', { name: 'Reset' }).click();
    await choose(auditor, 'filter-testStatus', 'In test');
    await searchList(auditor);
    await row(auditor, '3.0.0').waitFor({ state: 'detached' });
    await row(auditor, '1.1.0')
      .getByTestId('apk-test-status')
      .getByText('In test', { exact: true })
      .waitFor();

    // Deleting is not the auditor's (it writes no packages): the admin deletes. A package in test is refused,
    // the other deleted; the result names the refused one and why.
    await expect(auditor.getByTestId('batch-delete').count()).resolves.toBe(0);
    await inEnglish(demo);
    await openList(demo, 'APK management');
    await row(demo, '3.1.0').getByRole('checkbox').check();
    await row(demo, '1.1.0').getByRole('checkbox').check();
    await demo.getByTestId('batch-delete').click();
    expect(await confirm(demo)).toBe('Delete the 2 selected records?');
    await demo.getByTestId('batch-summary').getByText('1 succeeded, 1 failed').waitFor();
    await demo.getByText('APK package 1.1.0 is in test; cancel that before deleting it').waitFor();
    await demo.keyboard.press('Escape');
    await row(demo, '3.1.0').waitFor({ state: 'detached' });
    await row(demo, '1.1.0').waitFor();
  });
});

describe('APK sub-package edit conflict (zh)', () => {
  it('shows why a package was returned, and offers a reload when someone else saved it meanwhile', async () => {
    const returned = '/apk-edit?id=a9c0de00-0000-4000-8000-000000000004';
    const mine = await signedInPage(h);
    await mine.goto(returned);
    await mine
      .getByTestId('apk-returned-because')
      .getByText('该APK包被audit退回：开机视频与品牌规范不符，请更换后重新提交')
      .waitFor();
    await expect(mine.getByTestId('field-updateNotes').inputValue()).resolves.toBe('BakeHome 烤箱首版。');

    const theirs = await signedInPage(h);
    await theirs.goto(returned);
    await theirs.getByTestId('field-updateNotes').fill('换了新的开机视频');
    await theirs.getByTestId('apk-save').click();
    await theirs.getByText('保存成功').waitFor();

    await mine.getByTestId('field-updateNotes').fill('我的修改');
    await mine.getByTestId('apk-save').click();
    await mine.getByTestId('apk-conflict').getByText('该APK包已被他人修改，请重新加载后再编辑。').waitFor();
    await mine.getByTestId('apk-reload').click();
    await mine.waitForFunction(
      () =>
        document.querySelector<HTMLTextAreaElement>('[data-testid="field-updateNotes"]')?.value ===
        '换了新的开机视频',
    );
  });
});
