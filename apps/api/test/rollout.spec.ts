import { createHash, randomUUID } from 'node:crypto';
import { APK_PICTURES } from '@kb/contracts';
import { activateDevice, apkUpdateFor, storeFaults, storeTelemetry } from '@kb/devices';
import type { Pool } from '@kb/platform';
import { eventually } from '@kb/testing';
import { ApkRolloutWatch } from '../src/modules/apk-packages/apk-rollout-watch.js';
import type { Client, CommandAnswer, ProjectedApi } from './harness.js';
import { command, read, startProjectedApi, signedIn } from './harness.js';

/** DEMO's seeded pictures, video and APK file (src/seed/demo-apk.ts): a complete package without uploads. */
const SEEDED_FILES = {
  ...Object.fromEntries(
    APK_PICTURES.map((field, i) => [
      field,
      `a9c0de00-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    ]),
  ),
  apkFileCode: 'a9c0de00-0000-4000-8000-000000000200',
};

/** The selection rule as the product states it: the first 32 bits of md5(package id ":" SN), modulo 10,000. */
const bucket = (apkId: string, sn: string) =>
  parseInt(createHash('md5').update(`${apkId}:${sn}`).digest('hex').slice(0, 8), 16) % 10_000;

const FLEET = 120;

describe('APK staged release with a fault watch (/api/subApk/rollout)', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoEn: Client;
  let auditor: Client;
  let editor: Client;
  let viewer: Client;
  let other: Client;
  let pool: Pool;
  let watch: ApkRolloutWatch;
  /** DEMO-BAKE OV-40 devices of this test on APK 1.0.0, by SN. */
  const fleet = new Map<string, string>();

  /** A package of DEMO-BAKE's OV-40, passed by the auditor; `tested`: it went to the test devices too. */
  async function created(versionNumber: string, tested = true) {
    const added = await command(demo, '/api/subApk/addAndApproval', {
      subBrandCode: 'DEMO-BAKE',
      productCode: 'OV-40',
      versionNumber,
      apkVersion: `${versionNumber}-b1`,
      ...SEEDED_FILES,
    });
    expect(added).toMatchObject({ status: 200, data: { reviewStatus: 'pending_review' } });
    const id = added.data.id as string;
    let last = await command(auditor, '/api/subApk/auditPass', { id });
    if (tested) last = await command(auditor, '/api/subApk/updateTestStatus', { id, testing: true });
    expect(last.status).toBe(200);
    // The read models have it before the test reads them without a position.
    expect((await read(auditor, `/api/subApk/detail?id=${id}`, last)).status).toBe(200);
    return id;
  }

  const detail = async (id: string, after?: CommandAnswer, client = auditor) => {
    const res = await read(client, `/api/subApk/rollout/detail?id=${id}`, after);
    expect(res.status).toBe(200);
    return res.data;
  };

  /** The SNs of this test's fleet that the device API tells to install `apkVersion`. */
  async function told(apkVersion: string) {
    const sns: string[] = [];
    for (const [sn, deviceId] of fleet) {
      const answer = await apkUpdateFor(pool, deviceId);
      if (answer.update && answer.apkVersion === apkVersion) sns.push(sn);
    }
    return sns.sort();
  }

  const now = () => new Date().toISOString();
  /** Devices report a telemetry sample (their APK version), as the device API's worker stores it. */
  const report = (sns: string[], apkVersion: string) =>
    storeTelemetry(
      pool,
      sns.map((sn) => ({
        deviceId: fleet.get(sn)!,
        brandOwnerCode: 'DEMO',
        receivedAt: now(),
        message: { messageId: randomUUID(), sampledAt: now(), apkVersion },
      })),
    );
  const fault = (sns: string[], type: string) =>
    storeFaults(
      pool,
      sns.map((sn) => ({
        deviceId: fleet.get(sn)!,
        brandOwnerCode: 'DEMO',
        receivedAt: now(),
        message: { messageId: randomUUID(), type, reportedAt: now(), errorLog: 'stack trace' },
      })),
    );

  beforeAll(async () => {
    // The watch is ticked by the tests themselves (its timer would race them).
    api = await startProjectedApi({ READ_WAIT_MS: '5000', ROLLOUT_WATCH_MS: '0' });
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ({ audit: auditor, editor, viewer } = await signedIn(api.baseUrl, 'en', 'audit', 'editor', 'viewer'));
    pool = api.pool;
    watch = api.app.get(ApkRolloutWatch);
    for (let i = 0; i < FLEET; i++) {
      const sn = `ROLL${String(i).padStart(5, '0')}`;
      const device = await activateDevice(pool, 'DEMO', {
        sn,
        productCode: 'OV-40',
        subBrandCode: 'DEMO-BAKE',
        apkVersion: '1.0.0',
        mcuVersion: '2.0.0',
      });
      fleet.set(sn, device.deviceId);
    }
  });
  afterAll(async () => {
    await api.stop();
  });

  it('refuses a release of a package never tested without a reason, and records the override in its history', async () => {
    const id = await created('5.0.0', false);
    const stages = [{ percent: 10 }];
    const refused = await command(demo, '/api/subApk/rollout/start', { id, stages });
    expect(refused).toMatchObject({ http: 409, desc: 'APK包5.0.0未经过测试，如需直接发布请填写原因' });
    const online = await command(demoEn, '/api/subApk/updateReleaseStatus', { id, online: true });
    expect(online).toMatchObject({
      http: 409,
      desc: 'APK package 5.0.0 was never tested; give a reason to release it anyway',
    });
    const overridden = await command(demo, '/api/subApk/updateReleaseStatus', {
      id,
      online: true,
      overrideReason: 'Security fix, test lab closed',
    });
    expect(overridden).toMatchObject({ status: 200, data: { releaseStatus: 'online', changed: true } });
    const history = await read(demo, `/api/subApk/history?id=${id}`, overridden);
    expect(history.data.entries.map((e: { title: string }) => e.title).slice(-2)).toEqual([
      '未测试直接发布：Security fix, test lab closed',
      '发布上线',
    ]);
    // Online, a rollout has nothing left to do.
    const late = await command(demoEn, '/api/subApk/rollout/start', { id, stages, overrideReason: 'x' });
    expect(late).toMatchObject({
      http: 409,
      desc: 'The rollout of APK package 5.0.0 is not needed (it is online); it cannot be rolled out',
    });
    await command(demo, '/api/subApk/updateReleaseStatus', { id, online: false });
  });

  it('chooses devices stably by the hash of SN and package id: those in at 10 % stay in at 50 %', async () => {
    const id = await created('5.1.0');
    const started = await command(auditor, '/api/subApk/rollout/start', {
      id,
      stages: [{ percent: 10 }, { percent: 50 }, { percent: 100 }],
    });
    expect(started).toMatchObject({ status: 200, desc: 'Rollout started', data: { changed: true } });
    const first = await detail(id, started);
    expect(first.rollout).toMatchObject({
      status: 'running',
      stage: 0,
      fromVersion: '1.0.0',
      toVersion: '5.1.0-b1',
    });
    const expected = (percent: number) =>
      [...fleet.keys()].filter((sn) => bucket(id, sn) < percent * 100).sort();
    expect(expected(10).length).toBeGreaterThan(0);
    expect(await told('5.1.0-b1')).toEqual(expected(10));

    const advanced = await command(auditor, '/api/subApk/rollout/advance', { id });
    expect(advanced).toMatchObject({ status: 200, desc: 'Next stage started' });
    expect((await detail(id, advanced)).rollout.stage).toBe(1);
    const half = await told('5.1.0-b1');
    expect(half).toEqual(expected(50));
    expect(half).toEqual(expect.arrayContaining(expected(10)));

    // Another package's rollout draws its own devices.
    expect(expected(50)).not.toEqual(
      [...fleet.keys()].filter((sn) => bucket(randomUUID(), sn) < 5000).sort(),
    );
    const done = await command(auditor, '/api/subApk/rollout/complete', { id });
    expect(done).toMatchObject({ status: 200, data: { releaseStatus: 'online' } });
    const completed = await detail(id, done);
    expect(completed.rollout.status).toBe('completed');
    expect((await apkUpdateFor(pool, fleet.get('ROLL00000')!)).reason).toBe('online');
    await command(auditor, '/api/subApk/updateReleaseStatus', { id, online: false });
  });

  it('names the devices a release leaves out and why, and does not offer it to them', async () => {
    const id = await created('5.2.0');
    const needs = 'minFirmware=2.0.0&languages=zh,en';
    const before = (await read(auditor, `/api/subApk/rollout/compatibility?id=${id}&${needs}`)).data;
    const extra = async (sn: string, productCode: string, mcuVersion: string) =>
      (
        await activateDevice(pool, 'DEMO', {
          sn,
          productCode,
          subBrandCode: 'DEMO-BAKE',
          apkVersion: '1.0.0',
          mcuVersion,
        })
      ).deviceId;
    await extra('COMPAT0001', 'SM-3', '2.0.0');
    const old = await extra('COMPAT0002', 'OV-40', '1.9.9');
    const french = await extra('COMPAT0003', 'OV-40', '2.10.0');
    await storeTelemetry(pool, [
      {
        deviceId: french,
        brandOwnerCode: 'DEMO',
        receivedAt: now(),
        message: { messageId: randomUUID(), sampledAt: now(), extra: { lang: 'fr' } },
      },
    ]);
    const after = await read(demoEn, `/api/subApk/rollout/compatibility?id=${id}&${needs}`);
    const count = (c: typeof before, reason: string) =>
      c.incompatible.find((r: { reason: string }) => r.reason === reason)?.devices ?? 0;
    expect(after.data.devices).toBe(before.devices + 3);
    expect(after.data.eligible).toBe(before.eligible);
    for (const reason of ['model', 'firmware', 'language'])
      expect(count(after.data, reason)).toBe(count(before, reason) + 1);

    const started = await command(auditor, '/api/subApk/rollout/start', {
      id,
      stages: [{ percent: 100 }],
      minFirmware: '2.0.0',
      languages: ['zh', 'en'],
    });
    expect((await detail(id, started)).compatibility).toEqual(after.data);
    expect(await apkUpdateFor(pool, old)).toMatchObject({ update: false, reason: 'none' });
    expect(await apkUpdateFor(pool, french)).toMatchObject({ update: false });
    expect(await apkUpdateFor(pool, fleet.get('ROLL00001')!)).toMatchObject({
      update: true,
      apkVersion: '5.2.0-b1',
    });
    await command(auditor, '/api/subApk/rollout/rollback', { id });
  });

  it('moves a device between the fitting and the language misfits as the language it reports changes', async () => {
    const id = await created('5.2.1');
    const needs = 'languages=zh,en';
    const compatibility = async () =>
      (await read(demoEn, `/api/subApk/rollout/compatibility?id=${id}&${needs}`)).data as {
        devices: number;
        eligible: number;
        incompatible: { reason: string; devices: number }[];
      };
    const misfits = (c: Awaited<ReturnType<typeof compatibility>>) =>
      c.incompatible.find((r) => r.reason === 'language')?.devices ?? 0;
    const { deviceId } = await activateDevice(pool, 'DEMO', {
      sn: `LANG${randomUUID().slice(0, 8)}`,
      productCode: 'OV-40',
      subBrandCode: 'DEMO-BAKE',
      apkVersion: '1.0.0',
      mcuVersion: '2.0.0',
    });
    const says = (lang: string) =>
      storeTelemetry(pool, [
        {
          deviceId,
          brandOwnerCode: 'DEMO',
          receivedAt: now(),
          message: { messageId: randomUUID(), sampledAt: now(), extra: { lang } },
        },
      ]);
    // Never said: it fits.
    const silent = await compatibility();
    await says('fr');
    const french = await compatibility();
    expect(french.devices).toBe(silent.devices);
    expect(french.eligible).toBe(silent.eligible - 1);
    expect(misfits(french)).toBe(misfits(silent) + 1);
    await says('en');
    const english = await compatibility();
    expect(english.eligible).toBe(silent.eligible);
    expect(misfits(english)).toBe(misfits(silent));
  });

  it('pauses itself when the new version reports a fault type past the threshold; resumed, it counts afresh; rolled back, devices return', async () => {
    const id = await created('5.3.0');
    const started = await command(auditor, '/api/subApk/rollout/start', {
      id,
      stages: [{ percent: 30 }, { percent: 100 }],
      faultRatio: 3,
      minFaults: 4,
    });
    await detail(id, started);
    const chosen = await told('5.3.0-b1');
    const rest = [...fleet.keys()].filter((sn) => !chosen.includes(sn));
    // The chosen devices install it; everyone is heard from; the old version reports one fault of its own.
    await report(chosen, '5.3.0-b1');
    await report(rest, '1.0.0');
    await fault(rest.slice(0, 1), 'E-HEAT');
    expect(await watch.tick()).toBe(0);
    const quiet = await detail(id, started);
    expect(quiet.rollout.status).toBe('running');
    expect(quiet.devices).toMatchObject({ onNew: chosen.length, activeNew: chosen.length });

    // Three faults are below the minimum count, four on the new version against one on many more old devices is not.
    await fault(chosen.slice(0, 3), 'E-HEAT');
    expect(await watch.tick()).toBe(0);
    await fault(chosen.slice(3, 4), 'E-HEAT');
    expect(await watch.tick()).toBe(1);
    const paused = await eventually(
      () => detail(id),
      (d) => d.rollout.status === 'paused',
      10_000,
      'the rollout paused by the watch',
    );
    expect(paused.rollout.pause).toMatchObject({
      kind: 'faults',
      by: 'system',
      finding: { faultType: 'E-HEAT', newFaults: 4 },
    });
    const rates = paused.faults.find((f: { faultType: string }) => f.faultType === 'E-HEAT');
    expect(rates).toMatchObject({ newFaults: 4, oldFaults: 1 });
    expect(rates.newRate).toBeGreaterThan(rates.oldRate * 3);
    const home = await read(demoEn, '/api/subApk/rollout/paused');
    expect(home.data).toContainEqual(
      expect.objectContaining({
        id,
        versionNumber: '5.3.0',
        productCode: 'OV-40',
        subBrandCode: 'DEMO-BAKE',
      }),
    );
    const history = await read(auditor, `/api/subApk/history?id=${id}`);
    expect(history.data.entries.at(-1).title).toMatch(
      /^Paused by the fault watch: E-HEAT at [\d.]+ per device per day/,
    );
    // Paused: devices on it keep it, nobody new gets it, the next stage waits.
    expect(await apkUpdateFor(pool, fleet.get(chosen[0]!)!)).toMatchObject({
      update: false,
      apkVersion: '5.3.0-b1',
    });
    expect(await told('5.3.0-b1')).toEqual([]);
    expect(await command(auditor, '/api/subApk/rollout/advance', { id })).toMatchObject({
      http: 409,
      desc: 'The rollout of APK package 5.3.0 is paused; it cannot be moved to its next stage',
    });

    const resumed = await command(auditor, '/api/subApk/rollout/resume', { id });
    expect(resumed).toMatchObject({ status: 200, desc: 'Rollout resumed' });
    await detail(id, resumed);
    expect(await watch.tick()).toBe(0);

    const back = await command(demo, '/api/subApk/rollout/rollback', { id, reason: '过热' });
    expect(back).toMatchObject({ status: 200, desc: '已回滚，设备将恢复到原版本' });
    await detail(id, back);
    expect(await apkUpdateFor(pool, fleet.get(chosen[0]!)!)).toMatchObject({
      update: true,
      apkVersion: '1.0.0',
      reason: 'rollback',
    });
    const titles = (await read(demo, `/api/subApk/history?id=${id}`, back)).data.entries.map(
      (e: { title: string }) => e.title,
    );
    expect(titles.slice(-6)).toEqual([
      '发布测试',
      '开始灰度发布',
      '灰度发布第1阶段：30%',
      expect.stringMatching(/^故障率超过阈值，自动暂停：E-HEAT 新版本[\d.]+次\/台\/天/),
      '恢复灰度发布',
      '回滚到1.0.0：过热',
    ]);
  });

  it('starts a scheduled stage by itself once its time has come', async () => {
    const id = await created('5.4.0');
    const startAt = new Date(Date.now() + 1500).toISOString();
    const started = await command(auditor, '/api/subApk/rollout/start', {
      id,
      stages: [{ percent: 5 }, { percent: 20, startAt }],
    });
    expect((await detail(id, started)).rollout.stage).toBe(0);
    const moved = await eventually(
      async () => {
        await watch.tick();
        return (await detail(id)).rollout.stage as number;
      },
      (stage) => stage === 1,
      15_000,
      'the scheduled second stage',
    );
    expect(moved).toBe(1);
    const history = await read(auditor, `/api/subApk/history?id=${id}`);
    expect(history.data.entries.at(-1)).toMatchObject({ title: 'Rollout stage 2: 20%', actor: 'system' });
    await command(auditor, '/api/subApk/rollout/rollback', { id });
  });

  it('checks stages, roles and brands', async () => {
    const id = await created('5.5.0');
    const falling = await command(demo, '/api/subApk/rollout/start', {
      id,
      stages: [{ percent: 50 }, { percent: 10 }],
    });
    expect(falling).toMatchObject({ http: 400, desc: '第2阶段的比例须大于上一阶段' });
    const zero = await command(demoEn, '/api/subApk/rollout/start', { id, stages: [{ percent: 0 }] });
    expect(zero).toMatchObject({ http: 400 });
    expect(zero.desc).toContain('A share is a whole percent from 1 to 100');
    const none = await command(demoEn, '/api/subApk/rollout/pause', { id });
    expect(none).toMatchObject({
      http: 409,
      desc: 'The rollout of APK package 5.5.0 has not started; it cannot be paused',
    });

    // Editors author, they do not ship; viewers read.
    for (const client of [editor, viewer])
      expect(
        await command(client, '/api/subApk/rollout/start', { id, stages: [{ percent: 10 }] }),
      ).toMatchObject({
        http: 403,
      });
    expect((await read(viewer, `/api/subApk/rollout/detail?id=${id}`)).status).toBe(200);

    const started = await command(auditor, '/api/subApk/rollout/start', { id, stages: [{ percent: 10 }] });
    expect(started.status).toBe(200);
    // OTHER neither sees nor steers DEMO's rollout.
    expect(await read(other, `/api/subApk/rollout/detail?id=${id}`)).toMatchObject({ http: 404 });
    expect(await read(other, `/api/subApk/rollout/compatibility?id=${id}`)).toMatchObject({ http: 404 });
    for (const route of ['pause', 'resume', 'rollback', 'complete', 'advance'])
      expect(await command(other, `/api/subApk/rollout/${route}`, { id })).toMatchObject({ http: 404 });
    const paused = await command(auditor, '/api/subApk/rollout/pause', { id, note: 'by hand' });
    await detail(id, paused);
    expect(
      (await read(other, '/api/subApk/rollout/paused')).data.map((p: { id: string }) => p.id),
    ).not.toContain(id);
    expect((await detail(id)).rollout).toMatchObject({
      status: 'paused',
      pause: { kind: 'manual', note: 'by hand' },
    });
  });
});
