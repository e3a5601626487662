import { randomUUID } from 'node:crypto';
import { apkContentSchema, type ApkContentInput } from '@kb/contracts';
import { APK_EVENT_SCHEMA_VERSIONS, apkDecider, apkStreamId } from '@kb/domain';
import { commandActor, projected } from '../test/support.js';
import { apkProjection } from './apk.projection.js';
import { expectJunkPassedOver, expectSameAfterRebuild, projectingSystem } from '../test/projecting.js';
import { APK_IDENTITY, APK_PICTURE_FILES, nthUuid, SPEC_AT } from '@kb/testing';

const FILE = nthUuid;
const AT = SPEC_AT;

const content = (overrides: Partial<ApkContentInput> = {}) => ({
  ...apkContentSchema.parse({
    ...APK_IDENTITY,
    ...APK_PICTURE_FILES,
    ...overrides,
  }),
  fileSize: 4096,
});

describe('APK packages projection', () => {
  const sys = projectingSystem([apkProjection]);

  const { act } = commandActor(
    () => sys().store,
    { decider: apkDecider, streamId: apkStreamId, schemaVersions: APK_EVENT_SCHEMA_VERSIONS },
    'demo',
  );

  const listRows = async () =>
    (
      await sys().pool.query(
        `SELECT apk_id::text AS id, brand_owner_code AS brand, sub_brand_code, product_code, version_number,
                file_size::int AS file_size, review_status, test_status, release_status, submitted_by, audited_by,
                return_reason, applied_at IS NOT NULL AS applied, released_at IS NOT NULL AS released,
                created_by, updated_by, revision::int AS revision
           FROM apk_list ORDER BY version_number, apk_id`,
      )
    ).rows;

  it('reads the package id from apk streams only', () => {
    const id = randomUUID();
    expect(apkProjection.idOfStream(`apk-${id}`)).toBe(id);
    expect(apkProjection.idOfStream(`recipe-${id}`)).toBeNull();
  });

  it('keeps one row per package through review, test and release, and drops it when deleted', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await act(a, { type: 'CreateApkPackage', apkId: a, content: content() });
    await act(a, { type: 'SubmitApkForReview', by: 'demo', at: AT });
    await act(a, { type: 'ReturnApk', by: 'audit', reason: 'Logo blurry', at: AT }, 'audit');
    await act(a, { type: 'ReviseApkPackage', content: content({ bootLogo: FILE(11) }) });
    await act(a, { type: 'SubmitApkForReview', by: 'demo', at: AT });
    await act(a, { type: 'PassApkAudit', by: 'audit', at: AT }, 'audit');
    await act(a, { type: 'PublishApkTest', at: AT });
    await act(a, { type: 'PublishApkOnline', at: AT });
    const last = await act(
      b,
      {
        type: 'CreateApkPackage',
        apkId: b,
        content: content({ versionNumber: '1.0.0', subBrandCode: 'OTHER-ONE' }),
      },
      'other',
      'OTHER',
    );
    await projected(sys().pool, 'apk_packages', last);

    expect(await listRows()).toEqual([
      expect.objectContaining({
        id: b,
        brand: 'OTHER',
        sub_brand_code: 'OTHER-ONE',
        review_status: 'uncommitted',
        applied: false,
        created_by: 'other',
      }),
      {
        id: a,
        brand: 'DEMO',
        sub_brand_code: 'DEMO-CHEF',
        product_code: 'TM-6',
        version_number: '2.3.0',
        file_size: 4096,
        review_status: 'created',
        test_status: 'testing',
        release_status: 'online',
        submitted_by: 'demo',
        audited_by: 'audit',
        return_reason: 'Logo blurry',
        applied: true,
        released: true,
        created_by: 'demo',
        updated_by: 'demo',
        revision: 7,
      },
    ]);
    const detail = await sys().pool.query(`SELECT state FROM apk_detail WHERE apk_id = $1`, [a]);
    expect(detail.rows[0].state).toMatchObject({ status: 'created', content: { bootLogo: FILE(11) } });

    const deleted = await act(b, { type: 'DeleteApkPackage', at: AT }, 'other', 'OTHER');
    await projected(sys().pool, 'apk_packages', deleted);
    expect((await listRows()).map((r) => r.id)).toEqual([a]);
    expect((await sys().pool.query('SELECT 1 FROM apk_detail WHERE apk_id = $1', [b])).rowCount).toBe(0);
  });

  it('passes over apk-named events that carry no package instead of stopping', async () => {
    const junk = randomUUID();
    const id = randomUUID();
    await expectJunkPassedOver(
      sys(),
      'apk_packages',
      { id: junk, streamId: apkStreamId(junk), type: 'ApkPackageCreated', data: { apkId: junk } },
      id,
      () => act(id, { type: 'CreateApkPackage', apkId: id, content: content({ versionNumber: '3.0.0' }) }),
      async () => (await listRows()).map((r) => r.id),
    );
  });

  it('builds the same rows again from the log on rebuild', async () => {
    await expectSameAfterRebuild(sys(), apkProjection, listRows);
  });
});
