import { APK_PICTURE_PURPOSE, APK_PICTURES, type ApkContentInput } from '@kb/contracts';
import { activateDevice, storeTelemetry } from '@kb/devices';
import type { Pool } from '@kb/platform';
import type { Client, CommandAnswer, ProjectedApi } from './harness.js';
import {
  command,
  read,
  sortedBothWays,
  uploadFile,
  uploadImage,
  startProjectedApi,
  signedIn,
} from './harness.js';

/** Bytes the upload accepts as an MP4 video (`ftyp` box) and as an APK (a zip named .apk). */
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(200, 7)]);
const APK = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5000, 3)]);

describe('APK packages (/api/subApk)', () => {
  let api: ProjectedApi;
  let demo: Client;
  let demoEn: Client;
  let auditor: Client;
  let editor: Client;
  let other: Client;
  let pool: Pool;
  let pictures: Record<string, string>;
  let apkFile: string;
  let otherPicture: string;

  /** A complete package of DEMO's ChefMate C6. */
  const content = (versionNumber: string, overrides: Partial<ApkContentInput> = {}): ApkContentInput => ({
    subBrandCode: 'DEMO-CHEF',
    productCode: 'TM-6',
    versionNumber,
    apkVersion: `${versionNumber}-b1`,
    parentVersion: '1.0.0',
    updateNotes: 'Faster boot',
    branchPackage: 'release/main',
    apkFileCode: apkFile,
    modeName: 'Chef mode',
    ...pictures,
    ...overrides,
  });

  const add = (versionNumber: string, overrides: Partial<ApkContentInput> = {}) =>
    command(demo, '/api/subApk/add', content(versionNumber, overrides));

  /** Adds and submits as demo; answers the id. */
  async function pending(versionNumber: string, overrides: Partial<ApkContentInput> = {}) {
    const added = await command(demo, '/api/subApk/addAndApproval', content(versionNumber, overrides));
    expect(added).toMatchObject({ status: 200, data: { reviewStatus: 'pending_review' } });
    return added.data.id as string;
  }

  async function created(versionNumber: string, overrides: Partial<ApkContentInput> = {}) {
    const id = await pending(versionNumber, overrides);
    const passed = await command(auditor, '/api/subApk/auditPass', { id });
    expect(passed.data.reviewStatus).toBe('created');
    return { id, last: passed };
  }

  beforeAll(async () => {
    api = await startProjectedApi({ READ_WAIT_MS: '5000' });
    ({ demo } = await signedIn(api.baseUrl, 'zh', 'demo'));
    ({ demo: demoEn, other } = await signedIn(api.baseUrl, 'en', 'demo', 'other'));
    ({ audit: auditor, editor } = await signedIn(api.baseUrl, 'en', 'audit', 'editor'));
    pool = api.pool;
    pictures = {};
    // Every picture resource the form has, each an upload of its kind.
    for (const field of APK_PICTURES)
      pictures[field] =
        APK_PICTURE_PURPOSE[field] === 'video'
          ? await uploadFile(demo, MP4, `${field}.mp4`, 'video')
          : await uploadImage(demo, `${field}.png`);
    apkFile = await uploadFile(demo, APK, 'chef-2.0.apk', 'apk');
    otherPicture = await uploadImage(other, 'theirs.png');
  });
  afterAll(async () => {
    await api.stop();
  });

  it('goes draft → refused incomplete → saved → pending → returned with a reason → resubmitted → created → test → online, each visible at once', async () => {
    const draft = await command(demo, '/api/subApk/add', {
      subBrandCode: 'DEMO-CHEF',
      productCode: 'TM-6',
      versionNumber: '2.0.0',
    });
    expect(draft).toMatchObject({
      http: 200,
      desc: '保存成功',
      data: {
        reviewStatus: 'uncommitted',
        testStatus: 'not_tested',
        releaseStatus: 'not_released',
        revision: 0,
      },
    });
    const id = draft.data.id as string;

    // Even a draft says which package it is (§5): each missing field is named under it, nothing is created.
    const bare = await command(demoEn, '/api/subApk/add', {});
    expect(bare).toMatchObject({
      http: 400,
      desc: 'The APK package cannot be saved: missing the sub-brand, the adapted model, the version number',
    });
    expect(bare.data.fieldErrors).toEqual({
      subBrandCode: 'Required',
      productCode: 'Required',
      versionNumber: 'Required',
    });
    const unnamed = await command(demo, '/api/subApk/update', { id, revision: 0, versionNumber: '' });
    expect(unnamed).toMatchObject({ http: 400, data: { fieldErrors: { versionNumber: '此项必填' } } });

    const incomplete = await command(demoEn, '/api/subApk/commitApproval', { id });
    expect(incomplete.http).toBe(400);
    expect(incomplete.desc).toBe(
      'APK package 2.0.0 is incomplete and cannot be submitted for review: missing the boot logo, the boot video, ' +
        'the screensaver, the account background, the recipe entry background, the online recipe entry background, ' +
        'the mode entry background, the mode picture, the mode background, the mode icon',
    );
    // The form puts an error under each missing field.
    expect(incomplete.data.fieldErrors).toEqual({
      bootLogo: 'Required before submitting for review',
      bootVideo: 'Required before submitting for review',
      screensaver: 'Required before submitting for review',
      accountBackground: 'Required before submitting for review',
      recipeEntryBackground: 'Required before submitting for review',
      onlineRecipeEntryBackground: 'Required before submitting for review',
      modeEntryBackground: 'Required before submitting for review',
      modePicture: 'Required before submitting for review',
      modeBackground: 'Required before submitting for review',
      modeIcon: 'Required before submitting for review',
    });
    const incompleteAtOnce = await command(demo, '/api/subApk/addAndApproval', { versionNumber: '2.0.9' });
    expect(incompleteAtOnce).toMatchObject({
      http: 400,
      data: { fieldErrors: { subBrandCode: '提交审核前必须填写' } },
    });
    expect(Object.keys(incompleteAtOnce.data.fieldErrors)).toHaveLength(12);

    const saved = await command(demo, '/api/subApk/update', { id, revision: 0, ...content('2.0.0') });
    expect(saved.data).toMatchObject({ changed: true, revision: 1 });
    const stale = await command(demoEn, '/api/subApk/update', { id, revision: 0, ...content('2.0.1') });
    expect(stale).toMatchObject({
      http: 409,
      desc: 'APK package 2.0.0 was changed by someone else; reload it and edit again',
    });

    const submitted = await command(demo, '/api/subApk/commitApproval', { id, revision: 1 });
    expect(submitted).toMatchObject({
      http: 200,
      desc: '提交审核成功',
      data: { reviewStatus: 'pending_review' },
    });
    const detail = await read(demo, `/api/subApk/detail?id=${id}`, submitted);
    expect(detail.data).toMatchObject({
      id,
      subBrandCode: 'DEMO-CHEF',
      subBrandName: 'ChefMate',
      productCode: 'TM-6',
      modelName: 'ChefMate C6',
      versionNumber: '2.0.0',
      fileSize: APK.length,
      reviewStatus: 'pending_review',
      installedCount: 0,
      submittedBy: 'demo',
      createdBy: 'demo',
      content: { bootVideo: pictures.bootVideo, modeName: 'Chef mode', fileSize: APK.length },
    });
    expect(detail.data.appliedAt).toEqual(expect.any(String));

    // A pending package is not editable: 409 naming the package and its state, in the caller's language.
    const zh = await command(demo, '/api/subApk/update', { id, revision: 2, ...content('2.0.0') });
    expect(zh).toMatchObject({ http: 409, desc: 'APK包2.0.0当前为“待审核”，不能修改，请先撤回' });
    const en = await command(demoEn, '/api/subApk/delete', { id });
    expect(en).toMatchObject({
      http: 409,
      desc: 'APK package 2.0.0 is pending review; it cannot be deleted; recall it first',
    });

    // Four eyes and roles.
    const self = await command(demoEn, '/api/subApk/auditPass', { id });
    expect(self).toMatchObject({
      http: 403,
      desc: 'You submitted APK package 2.0.0; someone else must audit it',
    });
    const byEditor = await command(editor, '/api/subApk/auditPass', { id });
    expect(byEditor).toMatchObject({
      http: 403,
      desc: 'No permission: the editor role may not audit APK packages (pass, return, batch)',
    });
    // Bad input is told in the caller's language, with its punctuation (full-width in Chinese).
    const badFlag = await command(demo, '/api/subApk/updateTestStatus', { id, testing: 'maybe' });
    expect(badFlag).toMatchObject({ http: 400, desc: expect.stringMatching(/^输入有误：testing：\S/) });
    const badFlagEn = await command(demoEn, '/api/subApk/updateTestStatus', { id, testing: 'maybe' });
    expect(badFlagEn).toMatchObject({
      http: 400,
      desc: expect.stringMatching(/^Invalid input: testing: \S/),
    });
    const noReason = await command(auditor, '/api/subApk/auditReturn', { id, reason: ' ' });
    expect(noReason).toMatchObject({ http: 400 });
    expect(noReason.desc).toContain('Give the reason for returning it');

    const returned = await command(auditor, '/api/subApk/auditReturn', { id, reason: 'Boot logo is blurry' });
    expect(returned).toMatchObject({ http: 200, data: { reviewStatus: 'returned' } });
    const returnedList = await read(demo, '/api/subApk/list?reviewStatus=returned&version=2.0', returned);
    expect(returnedList.data.list).toEqual([
      expect.objectContaining({ id, returnReason: 'Boot logo is blurry', auditedBy: 'audit' }),
    ]);

    const fixed = await command(demo, '/api/subApk/update', {
      id,
      revision: returned.data.revision,
      ...content('2.0.0', { bootLogo: await uploadImage(demo, 'sharp-logo.png') }),
    });
    expect(fixed.data).toMatchObject({ reviewStatus: 'returned', changed: true });
    expect((await command(demo, '/api/subApk/commitApproval', { id })).data.reviewStatus).toBe(
      'pending_review',
    );
    const passed = await command(auditor, '/api/subApk/auditPass', { id });
    expect(passed).toMatchObject({ http: 200, desc: 'Audit passed', data: { reviewStatus: 'created' } });

    const notEditable = await command(demoEn, '/api/subApk/update', {
      id,
      revision: passed.data.revision,
      ...content('2.0.0'),
    });
    expect(notEditable.desc).toBe(
      'APK package 2.0.0 is created; it cannot be edited; to change it, add a new package',
    );

    const test = await command(demo, '/api/subApk/updateTestStatus', { id, testing: true });
    expect(test.data).toMatchObject({ testStatus: 'testing', changed: true });
    const online = await command(demo, '/api/subApk/updateReleaseStatus', { id, online: 'true' });
    expect(online.data).toMatchObject({ releaseStatus: 'online', changed: true });
    const again = await command(demo, '/api/subApk/updateReleaseStatus', { id, online: true });
    expect(again.data.changed).toBe(false);
    const live = await read(demo, `/api/subApk/detail?id=${id}`, online);
    expect(live.data).toMatchObject({
      reviewStatus: 'created',
      testStatus: 'testing',
      releaseStatus: 'online',
    });
    expect(live.data.releasedAt).toEqual(expect.any(String));
    // Passed and online, it is no longer returned: the return's reason and date live in its history only.
    expect(live.data).toMatchObject({ returnReason: null, returnedAt: null });

    const inUse = await command(demoEn, '/api/subApk/delete', { id });
    expect(inUse).toMatchObject({
      http: 409,
      desc: 'APK package 2.0.0 is online; cancel that before deleting it',
    });

    // The history: who did what when, with the return's reason, and the state as of each event.
    const history = await demoEn.get(`/api/subApk/history?id=${id}`);
    const entries = history.data.entries as {
      type: string;
      title: string;
      actor: string;
      occurredAt: string;
      state: { reviewStatus: string; returnReason: string | null };
      changes: { field: string }[];
    }[];
    expect(entries.map((e) => [e.type, e.actor, e.state.reviewStatus])).toEqual([
      ['ApkPackageCreated', 'demo', 'uncommitted'],
      ['ApkPackageRevised', 'demo', 'uncommitted'],
      ['ApkSubmittedForReview', 'demo', 'pending_review'],
      ['ApkReturned', 'audit', 'returned'],
      ['ApkPackageRevised', 'demo', 'returned'],
      ['ApkSubmittedForReview', 'demo', 'pending_review'],
      ['ApkAuditPassed', 'audit', 'created'],
      ['ApkTestPublished', 'demo', 'created'],
      ['ApkPublishedOnline', 'demo', 'created'],
    ]);
    expect(entries[3]!.title).toBe('Returned: Boot logo is blurry');
    expect(entries[3]!.state.returnReason).toBe('Boot logo is blurry');
    // Resubmitted, the state as of each later event carries no reason, and the resubmission says it went.
    expect(entries.slice(5).map((e) => e.state.returnReason)).toEqual([null, null, null, null]);
    expect(entries[5]!.changes).toEqual(
      expect.arrayContaining([{ field: 'returnReason', before: 'Boot logo is blurry', after: null }]),
    );
    expect(entries[4]!.changes.map((c) => c.field)).toEqual(['bootLogo']);
    expect(entries.every((e) => !Number.isNaN(Date.parse(e.occurredAt)))).toBe(true);
    const zhHistory = await demo.get(`/api/subApk/history?id=${id}`);
    expect(zhHistory.data.entries[3].title).toBe('审核退回：Boot logo is blurry');

    const last = await read(
      demo,
      '/api/subApk/lastSubmitVersionInfo?subBrandCode=DEMO-CHEF&productCode=TM-6',
      online,
    );
    expect(last.data).toMatchObject({
      id,
      versionNumber: '2.0.0',
      apkVersion: '2.0.0-b1',
      reviewStatus: 'created',
    });
    const none = await demo.get('/api/subApk/lastSubmitVersionInfo?subBrandCode=DEMO-AIR&productCode=AF-5');
    expect(none).toMatchObject({ status: 200, data: null });

    // Taken offline and off the test devices, the package can be deleted.
    const offline = await command(demo, '/api/subApk/updateReleaseStatus', { id, online: false });
    expect(offline.data).toMatchObject({
      releaseStatus: 'not_released',
      testStatus: 'testing',
      changed: true,
    });
    const untested = await command(demo, '/api/subApk/updateTestStatus', { id, testing: 'false' });
    expect(untested.data).toMatchObject({ testStatus: 'not_tested', changed: true });
    const removed = await command(demo, '/api/subApk/delete', { id });
    expect(removed).toMatchObject({ http: 200, data: { reviewStatus: 'deleted' } });
    const gone = await read(demo, '/api/subApk/list?onPage=false', removed);
    expect(gone.data.map((p: { id: string }) => p.id)).not.toContain(id);
  });

  it('recalls a pending submission, deletes drafts, and refuses recall where nothing is pending', async () => {
    const id = await pending('3.0.0');
    const recalled = await command(demo, '/api/subApk/recall', { id });
    expect(recalled).toMatchObject({ http: 200, data: { reviewStatus: 'uncommitted' } });
    const twice = await command(demoEn, '/api/subApk/recall', { id });
    expect(twice).toMatchObject({
      http: 409,
      desc: 'APK package 3.0.0 is not submitted; it cannot be recalled',
    });
    const removed = await command(demo, '/api/subApk/delete', { id });
    expect(removed.data.reviewStatus).toBe('deleted');
    const gone = await read(demo, `/api/subApk/detail?id=${id}`, removed);
    expect(gone).toMatchObject({ status: 404, desc: 'APK包不存在' });
    // The history of a deleted package stays readable.
    const history = await demo.get(`/api/subApk/history?id=${id}`);
    expect(history.data.entries.at(-1).type).toBe('ApkPackageDeleted');
  });

  it('batch-deletes and batch-audits with an outcome per package', async () => {
    // Submitted by the editor, so the admin may audit them.
    const [a, b] = await Promise.all(
      ['4.0.0', '4.0.1'].map(
        async (v) => (await command(editor, '/api/subApk/addAndApproval', content(v))).data.id,
      ),
    );
    const draft = (await add('4.0.2')).data.id as string;
    // A package the admin submitted: the admin may not audit it.
    const own = await command(demoEn, '/api/subApk/addAndApproval', content('4.0.3'));
    expect(own.status).toBe(200);

    const audit = await command(demoEn, '/api/subApk/batchAudit', {
      ids: [a, b, draft, own.data.id],
      pass: true,
    });
    expect(audit).toMatchObject({ http: 200, desc: '2 succeeded, 2 failed' });
    expect(audit.data.results).toEqual([
      { id: a, versionNumber: '4.0.0', ok: true },
      { id: b, versionNumber: '4.0.1', ok: true },
      {
        id: draft,
        versionNumber: '4.0.2',
        ok: false,
        status: 409,
        code: 'apk_illegal_transition',
        message: 'APK package 4.0.2 is not submitted; it cannot be passed; submit it for review first',
      },
      {
        id: own.data.id,
        versionNumber: '4.0.3',
        ok: false,
        status: 403,
        code: 'apk_self_audit',
        message: 'You submitted APK package 4.0.3; someone else must audit it',
      },
    ]);

    const noReason = await command(auditor, '/api/subApk/batchAudit', { ids: [own.data.id], pass: false });
    expect(noReason.http).toBe(400);
    const returned = await command(auditor, '/api/subApk/batchAudit', {
      ids: [own.data.id],
      pass: false,
      reason: '版本号重复',
    });
    expect(returned).toMatchObject({ http: 200, desc: '1 APK package(s) done' });

    // An editor's batch is refused as a whole, before any package is looked at.
    const byEditor = await command(editor, '/api/subApk/batchAudit', { ids: [a], pass: true });
    expect({ http: byEditor.http, data: byEditor.data }).toEqual({ http: 403, data: null });

    const deleted = await command(demo, '/api/subApk/batchDelete', { ids: [draft, own.data.id, a] });
    expect(deleted.data).toMatchObject({ succeeded: 3, failed: 0 });
    const list = await read(demo, '/api/subApk/list?version=4.0', deleted);
    expect(list.data.list.map((p: { versionNumber: string }) => p.versionNumber)).toEqual(['4.0.1']);
  });

  it('lets only one of two auditors deciding at the same moment win; the other is told the new state', async () => {
    // Submitted by the editor, so both the auditor and the admin may audit it.
    const added = await command(editor, '/api/subApk/addAndApproval', content('4.5.0'));
    expect(added.data.reviewStatus).toBe('pending_review');
    const id = added.data.id as string;
    const [pass, giveBack] = await Promise.all([
      command(auditor, '/api/subApk/auditPass', { id }),
      command(demoEn, '/api/subApk/auditReturn', { id, reason: 'Wrong model' }),
    ]);
    const outcomes = [pass, giveBack].map((a) => a.http).sort();
    expect(outcomes).toEqual([200, 409]);
    const loser = pass.http === 409 ? pass : giveBack;
    expect(loser.desc).toMatch(
      /^APK package 4\.5\.0 is (created|returned); it cannot be (passed|returned)(; submit it for review first)?$/,
    );
    const history = await demo.get(`/api/subApk/history?id=${id}`);
    expect(history.data.entries).toHaveLength(3);
  });

  it('filters the list by sub-brand, model, version and statuses, and searches', async () => {
    const chef = await created('5.1.0');
    const air = await created('5.2.0', {
      subBrandCode: 'DEMO-AIR',
      productCode: 'AF-5',
      apkVersion: 'air-5.2',
    });
    const last = await command(demo, '/api/subApk/updateTestStatus', { id: air.id, testing: true });
    const list = async (query: string) =>
      ((await read(demo, `/api/subApk/list?onPage=false&${query}`, last)).data as { id: string }[]).map(
        (p) => p.id,
      );
    expect(await list('subBrandCode=DEMO-AIR')).toEqual([air.id]);
    expect(await list('productCode=AF-5')).toEqual([air.id]);
    expect(await list('version=5.1')).toEqual([chef.id]);
    expect(await list('version=AIR-5')).toEqual([air.id]);
    expect(await list('testStatus=testing&version=5.')).toEqual([air.id]);
    expect(await list('releaseStatus=not_released&version=5.')).toEqual([air.id, chef.id]);
    expect(await list('reviewStatus=created&subBrandCode=DEMO-AIR')).toEqual([air.id]);
    const bad = await demoEn.get('/api/subApk/list?reviewStatus=done');
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.desc).toContain('Unknown status');

    const page = await read(demo, '/api/subApk/list?pageNum=1&pageSize=10&version=5.', last);
    expect(page.data).toMatchObject({ total: 2, pageNum: 1, pageSize: 10 });
    expect(page.data.list[0]).toMatchObject({
      id: air.id,
      subBrandName: 'AirCrisp',
      modelName: 'AirCrisp 5L',
    });

    const search = await read(demo, '/api/subApk/search?keyword=demo-air', last);
    expect(search.data.map((p: { id: string }) => p.id)).toEqual([air.id]);
  });

  it('sorts the list by version, sub-brand, model, file size and review status both ways, the same across pages', async () => {
    // Versions of this attempt only, so a retry in the same database starts from an empty prefix.
    const prefix = `s${Date.now().toString(36)}.`;
    const versions = Array.from({ length: 12 }, (_, i) => `${prefix}${String(i + 1).padStart(2, '0')}`);
    let last: CommandAnswer | undefined;
    // Added out of version order; every other one with its file (the others have no size yet), every third for
    // the air fryer of another sub-brand.
    for (const [i, versionNumber] of [...versions].reverse().entries()) {
      last = await command(demo, '/api/subApk/add', {
        ...(i % 3 === 0
          ? { subBrandCode: 'DEMO-AIR', productCode: 'AF-5' }
          : { subBrandCode: 'DEMO-CHEF', productCode: 'TM-6' }),
        versionNumber,
        ...(i % 2 === 0 ? { apkFileCode: apkFile } : {}),
      });
      expect(last.status).toBe(200);
    }
    type Row = {
      id: string;
      versionNumber: string;
      fileSize: number | null;
      reviewStatus: string;
      subBrandName: string;
      modelName: string;
    };
    const list = `/api/subApk/list?version=${prefix}`;
    const byVersion = await sortedBothWays<Row>(demo, `${list}&orderBy=versionNumber`, last);
    expect(byVersion.map((p) => p.versionNumber)).toEqual(versions);
    // Sizes tie, and packages without a file come last ascending (first descending).
    const bySize = await sortedBothWays<Row>(demo, `${list}&orderBy=fileSize`);
    expect(bySize.map((p) => p.fileSize)).toEqual([
      ...Array<number>(6).fill(APK.length),
      ...Array(6).fill(null),
    ]);
    // All are drafts: one long run of ties, still one order on every page.
    const byReview = await sortedBothWays<Row>(demo, `${list}&orderBy=reviewStatus`);
    expect(new Set(byReview.map((p) => p.reviewStatus))).toEqual(new Set(['uncommitted']));
    // Sub-brand and model by the names the list shows.
    for (const field of ['subBrandName', 'modelName'] as const) {
      const names = (await sortedBothWays<Row>(demo, `${list}&orderBy=${field}`)).map((p) => p[field]);
      expect(new Set(names).size).toBe(2);
      expect(names).toEqual([...names].sort());
    }
  });

  it('refuses sub-brands, models and files that are not the brand’s own, naming the field', async () => {
    const otherSub = await command(
      demoEn,
      '/api/subApk/add',
      content('6.0.0', { subBrandCode: 'OTHER-ONE' }),
    );
    expect(otherSub).toMatchObject({ http: 400, desc: 'The sub-brand does not exist in your brand' });
    expect(otherSub.data.fieldErrors).toEqual({ subBrandCode: 'The sub-brand does not exist in your brand' });

    const wrongModel = await command(demoEn, '/api/subApk/add', content('6.0.0', { productCode: 'AF-5' }));
    expect(wrongModel.data.fieldErrors).toEqual({
      productCode: 'The adapted model is not one of the sub-brand’s models',
    });

    const files = await command(demoEn, '/api/subApk/add', {
      ...content('6.0.0'),
      bootVideo: pictures.bootLogo,
      modeIcon: otherPicture,
      apkFileCode: pictures.bootLogo,
    });
    expect(files.data.fieldErrors).toEqual({
      bootVideo: 'The video does not exist in your brand; upload it again',
      modeIcon: 'The picture does not exist in your brand; upload it again',
      apkFileCode: 'The APK file does not exist in your brand; upload it again',
    });
    const list = await demo.get('/api/subApk/list?version=6.0.0');
    expect(list.data.total).toBe(0);
  });

  it('counts as installed the brand’s devices of its sub-brand and model that report its APK version', async () => {
    const { id, last } = await created('7.0.0');
    const installed = async () =>
      ((await read(demo, `/api/subApk/detail?id=${id}`, last)).data as { installedCount: number })
        .installedCount;
    expect(await installed()).toBe(0);

    // Three ChefMate C6 devices run it; a C7 with the same version string and OTHER's devices do not count.
    const device = (sn: string, productCode: string, subBrandCode: string, brand = 'DEMO') =>
      activateDevice(pool, brand, { sn, productCode, subBrandCode, apkVersion: '7.0.0-b1' });
    const devices = [];
    for (const sn of ['APKCNT001', 'APKCNT002', 'APKCNT003'])
      devices.push(await device(sn, 'TM-6', 'DEMO-CHEF'));
    await device('APKCNT004', 'TM-7', 'DEMO-CHEF');
    await device('APKCNT005', 'TM-6', 'OTHER-ONE', 'OTHER');
    expect(await installed()).toBe(3);
    const listed = await read(demo, '/api/subApk/list?versionNumber=7.0.0&pageNum=1&pageSize=10', last);
    expect(listed.data.list).toContainEqual(expect.objectContaining({ id, installedCount: 3 }));

    // One reports an upgrade, another is deleted by staff: each leaves the count.
    await storeTelemetry(pool, [
      {
        deviceId: devices[0]!.deviceId,
        brandOwnerCode: 'DEMO',
        receivedAt: new Date().toISOString(),
        message: { messageId: 'apk-count-1', sampledAt: new Date().toISOString(), apkVersion: '7.1.0-b1' },
      },
    ]);
    expect(await installed()).toBe(2);
    expect(await command(demo, '/api/device/delete', { id: devices[1]!.deviceId })).toMatchObject({
      status: 200,
    });
    expect(await installed()).toBe(1);
  });

  it('keeps DEMO’s packages from OTHER: not listed, not found, not changeable', async () => {
    const { id, last } = await created('7.0.0');
    const otherList = await read(other, '/api/subApk/list?onPage=false', last);
    expect(otherList.data.map((p: { id: string }) => p.id)).not.toContain(id);
    for (const url of [`/api/subApk/detail?id=${id}`, `/api/subApk/history?id=${id}`]) {
      const res = await other.get(url);
      expect(res).toMatchObject({ status: 404, desc: 'The APK package does not exist' });
    }
    for (const [url, body] of [
      ['/api/subApk/updateReleaseStatus', { id, online: true }],
      ['/api/subApk/update', { id, revision: 0, ...content('7.0.0', { subBrandCode: 'OTHER-ONE' }) }],
      ['/api/subApk/recall', { id }],
      ['/api/subApk/delete', { id }],
    ] as const) {
      const res = await command(other, url, body);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
    }
    const otherAdmin = await command(other, '/api/subApk/batchAudit', {
      ids: [id],
      pass: false,
      reason: 'x',
    });
    expect(otherAdmin.data.results[0]).toMatchObject({ ok: false, status: 404 });
    const none = await other.get('/api/subApk/lastSubmitVersionInfo?subBrandCode=DEMO-CHEF&productCode=TM-6');
    expect(none.data).toBeNull();
    const history = await demo.get(`/api/subApk/history?id=${id}`);
    expect(history.data.entries.map((e: { type: string }) => e.type)).toEqual([
      'ApkPackageCreated',
      'ApkSubmittedForReview',
      'ApkAuditPassed',
    ]);
  });
});
