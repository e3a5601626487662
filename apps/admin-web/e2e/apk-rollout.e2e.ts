import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { eventually } from '@kb/testing';
import { confirm } from './catalog-support.js';
import { API_HEADERS, goInApp, harnessForFile } from './support/harness.js';
import { SEEDED_APK_FILES } from './support/apk.js';
import { activateDevice, ingestData } from './support/ingest.js';
import { inEnglish, signedInPage, visible } from './support/gestures.js';

// The whole path of a staged release: the auditor starts it on the APK detail screen, simulated devices ask the
// device API (device-ingest) for their version, install it and report faults, and the API's fault watch (every
// half second here) pauses the rollout by itself.
const h = harnessForFile({ projector: true, ingest: true, env: { ROLLOUT_WATCH_MS: '500' } });

const device = (path: string, options: { body?: unknown; headers: Record<string, string> }) =>
  ingestData(h, `/device/v1/${path}`, options);

/** A simulated device of DEMO-BAKE's OV-40 on APK 1.0.0: activates, and is heard from. */
async function simulatedDevice(sn: string) {
  const auth = await activateDevice(h, {
    sn,
    productCode: 'OV-40',
    subBrandCode: 'DEMO-BAKE',
    apkVersion: '1.0.0',
    mcuVersion: '2.0.0',
  });
  return {
    sn,
    auth,
    report: (apkVersion: string) =>
      device('telemetry', {
        body: { messages: [{ messageId: randomUUID(), sampledAt: new Date().toISOString(), apkVersion }] },
        headers: auth,
      }),
    fault: (type: string) =>
      device('faults', {
        body: {
          messages: [
            {
              messageId: randomUUID(),
              type,
              reportedAt: new Date().toISOString(),
              errorLog: 'watchdog reset',
            },
          ],
        },
        headers: auth,
      }),
    update: () =>
      device('apk/update', { headers: auth }) as Promise<{
        update: boolean;
        apkVersion: string;
        reason: string;
      }>,
  };
}

type SimulatedDevice = Awaited<ReturnType<typeof simulatedDevice>>;

/** A created, tested package of DEMO-BAKE's OV-40 (demo submits, the auditor passes and tests it); its id. */
async function testedPackage(demo: Page, auditor: Page, versionNumber: string, tested = true) {
  const added = await demo.request.post('/api/subApk/addAndApproval', {
    data: {
      subBrandCode: 'DEMO-BAKE',
      productCode: 'OV-40',
      versionNumber,
      apkVersion: `${versionNumber}-b1`,
      ...SEEDED_APK_FILES,
    },
    headers: API_HEADERS,
  });
  const id = ((await added.json()) as { data: { id: string } }).data.id;
  const steps = [
    ['/api/subApk/auditPass', { id }],
    ['/api/subApk/updateTestStatus', { id, testing: true }],
  ] as const;
  for (const [url, data] of tested ? steps : steps.slice(0, 1)) {
    const res = await auditor.request.post(url, { data, headers: API_HEADERS });
    expect(((await res.json()) as { status: number }).status).toBe(200);
  }
  return id;
}

/**
 * Demo and the auditor signed in (the auditor in `lang`), a tested package `version` and 16 devices `prefix…`, each
 * with a number of this test's own (`<line>.<n>`, `<prefix><n>…`): the file's other rollouts must not share its
 * devices or version (their faults would pause both rollouts, and home would list two paused rollouts of one
 * version).
 */
async function setUp(lang: 'zh' | 'en', line: string, snPrefix: string) {
  const n = Date.now() % 100_000;
  const version = `${line}.${n}`;
  const prefix = `${snPrefix}${n}`;
  const auditor = await signedInPage(h, 'zh', 'audit', 'audit12345');
  if (lang === 'en') await inEnglish(auditor);
  const demo = await signedInPage(h);
  const id = await testedPackage(demo, auditor, version);
  const fleet = [];
  for (let i = 0; i < 16; i++) fleet.push(await simulatedDevice(`${prefix}${String(i).padStart(4, '0')}`));
  await goInApp(auditor, `/apk-detail?id=${id}`);
  return { auditor, demo, id, fleet, version };
}

/** The auditor's start of a rollout from the panel: first stage `first` %, then 100 % by hand. */
async function startFromPanel(page: Page, first: number, minFaults: number) {
  await visible(page, 'rollout-start').click();
  const percent = page.getByTestId('rollout-stage-percent-0');
  await percent.fill(String(first));
  // Keep two stages: the first and 100 %.
  while ((await page.getByTestId('rollout-stage-row').count()) > 2)
    await page.getByTestId('rollout-stage-row').nth(1).getByTestId('rollout-stage-remove').click();
  await page.getByTestId('rollout-stage-percent-1').fill('100');
  await page.getByTestId('rollout-min-faults').fill(String(minFaults));
  await page.getByRole('dialog').getByTestId('rollout-compatibility').waitFor();
  await page.getByTestId('rollout-start-submit').click();
}

/** Devices that the device API moves to `version` install it; the rest stay heard from on 1.0.0. */
async function devicesFollow(fleet: SimulatedDevice[], version: string) {
  const updated = [];
  for (const d of fleet) {
    const answer = await d.update();
    if (answer.update && answer.apkVersion === version) {
      await d.report(version);
      updated.push(d);
    } else await d.report('1.0.0');
  }
  return updated;
}

/** Well under the screens' slow fallback poll (30 s): only the event stream brings a change this fast. */
const LIVE_MS = 12_000;

/**
 * The devices report a fault of `type` each; the API's watch pauses the rollout by itself (waited for through the
 * API), and the auditor's screen, left open, shows it without a reload (the event stream tells it).
 */
/**
 * Home's line of this test's rollout among the paused ones (another test's rollout may be paused there too, under
 * its own version).
 */
const pausedOnHome = (page: Page, version: string) =>
  page
    .getByTestId('home-paused-rollouts')
    .getByText(new RegExp(`APK ${version.replaceAll('.', '\\.')}[ （]`));

async function faultsPauseIt(page: Page, id: string, devices: SimulatedDevice[], type: string) {
  const loads = await page.evaluate(() => performance.getEntriesByType('navigation').length);
  for (const d of devices) await d.fault(type);
  const status = async () => {
    const res = await page.request.get(`/api/subApk/rollout/detail?id=${id}`);
    return ((await res.json()) as { data: { rollout: { status: string } | null } }).data.rollout?.status;
  };
  await eventually(status, (s) => s === 'paused', 60_000, 'the rollout paused by the watch');
  await visible(page, 'rollout-paused-reason').waitFor({ timeout: LIVE_MS });
  await expect(page.evaluate(() => performance.getEntriesByType('navigation').length)).resolves.toBe(loads);
}

describe('APK staged release (zh)', () => {
  it('starts on the detail screen, reaches devices through the device API, pauses itself on their faults (shown at once on the detail and home), resumes, starts its next stage and rolls back', async () => {
    const { auditor, demo, id, fleet, version } = await setUp('zh', '6.0', 'RZH');
    await visible(auditor, 'rollout-panel').getByText('尚未开始灰度发布。').waitFor();
    await startFromPanel(auditor, 50, 3);
    await visible(auditor, 'rollout-status').getByText('进行中').waitFor();
    await visible(auditor, 'rollout-stage').getByText('第1/2阶段 · 50%').waitFor();
    await visible(auditor, 'rollout-next').getByText('下一阶段：100% · 需手动开始').waitFor();

    const updated = await devicesFollow(fleet, `${version}-b1`);
    expect(updated.length).toBeGreaterThan(2);
    expect(updated.length).toBeLessThan(fleet.length);
    // Home is open elsewhere, with nothing paused.
    const pausedAsked = demo.waitForResponse((r) => r.url().includes('/api/subApk/rollout/paused'));
    await demo.goto('/');
    await pausedAsked;
    await visible(demo, 'count-recipeCount-value').waitFor();
    expect(await pausedOnHome(demo, version).count()).toBe(0);
    // The new version's devices report the same fault three times; the watch pauses the rollout by itself.
    await faultsPauseIt(auditor, id, updated.slice(0, 3), 'E-HEAT');
    await visible(auditor, 'rollout-status').getByText('已暂停').waitFor();
    const reason = await visible(auditor, 'rollout-paused-reason').textContent();
    expect(reason).toMatch(/^故障监测自动暂停：E-HEAT 新版本 [\d.]+ 次\/台\/天，旧版本 0（3次）$/);
    await visible(auditor, 'rollout-on-new').getByText(String(updated.length), { exact: true }).waitFor();
    await visible(auditor, 'rollout-fault-row').getByText('E-HEAT').waitFor();

    // Home tells everyone of the brand, as it happens.
    await visible(demo, 'home-paused-rollouts')
      .getByText(`APK ${version}（OV-40，DEMO-BAKE）的灰度发布已暂停：故障监测自动暂停：E-HEAT`, {
        exact: false,
      })
      .waitFor({ timeout: LIVE_MS });

    await visible(auditor, 'rollout-resume').click();
    expect(await confirm(auditor)).toBe('确定恢复灰度发布吗？');
    await visible(auditor, 'rollout-status').getByText('进行中').waitFor();
    // Resumed: home's notice goes away without a reload.
    await pausedOnHome(demo, version).waitFor({ state: 'detached', timeout: LIVE_MS });

    // The next stage, by hand: every device of the fleet now gets the new version.
    await visible(auditor, 'rollout-advance').click();
    expect(await confirm(auditor)).toBe('确定开始下一阶段吗？');
    await visible(auditor, 'rollout-stage').getByText('第2/2阶段 · 100%').waitFor();
    const rest = fleet.filter((d) => !updated.includes(d));
    expect(await devicesFollow(rest, `${version}-b1`)).toHaveLength(rest.length);
    await visible(auditor, 'rollout-rollback').click();
    expect(await confirm(auditor)).toBe('确定回滚吗？已升级的设备将恢复到原版本。');
    await visible(auditor, 'rollout-status').getByText('已回滚').waitFor();
    await expect(updated[0]!.update()).resolves.toMatchObject({
      update: true,
      apkVersion: '1.0.0',
      reason: 'rollback',
    });

    // Every step reads in the package's history.
    await auditor.getByTestId('tab-history').click();
    const titles = auditor.locator('[data-testid="history-entry"] .mantine-Timeline-itemTitle');
    await titles.first().getByText('回滚到1.0.0').waitFor();
    const shown = await titles.allTextContents();
    expect(shown.slice(0, 6)).toEqual([
      '回滚到1.0.0',
      '灰度发布第2阶段：100%',
      '恢复灰度发布',
      expect.stringMatching(/^故障率超过阈值，自动暂停：E-HEAT/),
      '灰度发布第1阶段：50%',
      '开始灰度发布',
    ]);
  });
});

describe('APK staged release (en)', () => {
  it('pauses itself on the new version’s faults (shown at once on the detail and home), then is completed to every device', async () => {
    const { auditor, demo, id, fleet, version } = await setUp('en', '6.1', 'REN');
    await visible(auditor, 'rollout-panel').getByText('No rollout has started.').waitFor();
    await startFromPanel(auditor, 40, 3);
    await visible(auditor, 'rollout-status').getByText('Running').waitFor();
    await visible(auditor, 'rollout-stage').getByText('Stage 1 of 2 · 40%').waitFor();

    const updated = await devicesFollow(fleet, `${version}-b1`);
    expect(updated.length).toBeGreaterThan(2);
    // Home is open in English elsewhere (demo signed in at home), with nothing paused.
    await inEnglish(demo);
    await visible(demo, 'count-recipeCount-value').waitFor();
    expect(await pausedOnHome(demo, version).count()).toBe(0);
    await faultsPauseIt(auditor, id, [...updated.slice(0, 3), updated[0]!], 'E-DOOR');
    await visible(demo, 'home-paused-rollouts')
      .getByText(
        `The rollout of APK ${version} (OV-40, DEMO-BAKE) is paused: Paused by the fault watch: E-DOOR`,
        {
          exact: false,
        },
      )
      .waitFor({ timeout: LIVE_MS });
    await visible(auditor, 'rollout-status').getByText('Paused').waitFor();
    // The watch may pause at the third fault, before the repeated fourth is counted (a loaded machine).
    expect(await visible(auditor, 'rollout-paused-reason').textContent()).toMatch(
      /^Paused by the fault watch: E-DOOR at [\d.]+ per device per day on the new version, 0 on the old \([34] faults\)$/,
    );

    await visible(auditor, 'rollout-complete').click();
    expect(await confirm(auditor)).toBe(
      'Complete the rollout? Every fitting device updates and the package goes online.',
    );
    await visible(auditor, 'rollout-status').getByText('Completed').waitFor();
    await visible(auditor, 'detail-release-value').getByText('Online').waitFor();
    const rest = fleet.find((d) => !updated.includes(d))!;
    await expect(rest.update()).resolves.toMatchObject({
      update: true,
      apkVersion: `${version}-b1`,
      reason: 'online',
    });
  });

  it('asks for a reason before publishing online a package that was never tested, and keeps it in the history', async () => {
    const auditor = await signedInPage(h, 'en', 'audit', 'audit12345');
    const demo = await signedInPage(h);
    // A version of this test's own: the file's other packages of this line may be online already.
    const id = await testedPackage(demo, auditor, `6.2.${Date.now() % 100_000}`, false);
    await goInApp(auditor, `/apk-detail?id=${id}`);
    await visible(auditor, 'row-publishOnline').click();
    await confirm(auditor);
    await auditor.getByTestId('override-ok').click();
    await auditor.getByText('Give the reason to release it without a test', { exact: true }).waitFor();
    await auditor.getByTestId('override-reason').fill('Hotfix for a boot loop');
    await auditor.getByTestId('override-ok').click();
    await visible(auditor, 'detail-release-value').getByText('Online').waitFor();
    await auditor.getByTestId('tab-history').click();
    await auditor
      .locator('[data-testid="history-entry"] .mantine-Timeline-itemTitle')
      .getByText('Released without a test: Hotfix for a boot loop', { exact: true })
      .waitFor();
  });
});
