import { randomUUID } from 'node:crypto';
import { offlinePackContentSchema, type OfflinePackContentInput } from '@kb/contracts';
import { OFFLINE_PACK_EVENT_SCHEMA_VERSIONS, offlinePackDecider, offlinePackStreamId } from '@kb/domain';
import { commandActor, projected } from '../test/support.js';
import { offlinePacksProjection } from './offline-packs.projection.js';
import { expectJunkPassedOver, expectSameAfterRebuild, projectingSystem } from '../test/projecting.js';
import { OFFLINE_PACK_INPUT, nthUuid, SPEC_AT } from '@kb/testing';

const RECIPE = nthUuid;
const AT = SPEC_AT;

const content = (overrides: Partial<OfflinePackContentInput> = {}) =>
  offlinePackContentSchema.parse({
    ...OFFLINE_PACK_INPUT,
    ...overrides,
  });

describe('offline packs projection', () => {
  const sys = projectingSystem([offlinePacksProjection]);

  const { act } = commandActor(
    () => sys().store,
    {
      decider: offlinePackDecider,
      streamId: offlinePackStreamId,
      schemaVersions: OFFLINE_PACK_EVENT_SCHEMA_VERSIONS,
    },
    'demo',
  );

  const listRows = async () =>
    (
      await sys().pool.query(
        `SELECT pack_id::text AS id, brand_owner_code AS brand, number, type, product_code, sub_brand_code,
                recipe_ids::text[] AS recipe_ids, recipe_count, test_status, release_status,
                released_at IS NOT NULL AS released, created_by, updated_by, revision::int AS revision
           FROM offline_pack_list ORDER BY number, pack_id`,
      )
    ).rows;

  it('reads the pack id from offline-pack streams only', () => {
    const id = randomUUID();
    expect(offlinePacksProjection.idOfStream(`offline-pack-${id}`)).toBe(id);
    expect(offlinePacksProjection.idOfStream(`apk-${id}`)).toBeNull();
  });

  it('keeps one row per pack through edits, test and release, and drops it when deleted', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await act(a, { type: 'CreateOfflinePack', packId: a, content: content() });
    await act(a, { type: 'PublishOfflinePackTest', at: AT });
    await act(a, { type: 'ReviseOfflinePack', content: content({ recipeIds: [RECIPE(3)] }) }, 'editor');
    await act(a, { type: 'PublishOfflinePackOnline', at: AT });
    const last = await act(
      b,
      {
        type: 'CreateOfflinePack',
        packId: b,
        content: content({ number: 'O-01', type: 'incremental', subBrandCode: 'OTHER-ONE' }),
      },
      'other',
      'OTHER',
    );
    await projected(sys().pool, 'offline_packs', last);

    expect(await listRows()).toEqual([
      expect.objectContaining({
        id: b,
        brand: 'OTHER',
        number: 'O-01',
        type: 'incremental',
        recipe_count: 2,
        release_status: 'not_released',
        created_by: 'other',
      }),
      {
        id: a,
        brand: 'DEMO',
        number: 'P-01',
        type: 'initial',
        product_code: 'TM-6',
        sub_brand_code: 'DEMO-CHEF',
        recipe_ids: [RECIPE(3)],
        recipe_count: 1,
        test_status: 'testing',
        release_status: 'online',
        released: true,
        created_by: 'demo',
        updated_by: 'demo',
        revision: 3,
      },
    ]);
    const detail = await sys().pool.query(`SELECT state FROM offline_pack_detail WHERE pack_id = $1`, [a]);
    expect(detail.rows[0].state).toMatchObject({ status: 'active', content: { recipeIds: [RECIPE(3)] } });

    const deleted = await act(b, { type: 'DeleteOfflinePack', at: AT }, 'other', 'OTHER');
    await projected(sys().pool, 'offline_packs', deleted);
    expect((await listRows()).map((r) => r.id)).toEqual([a]);
    expect(
      (await sys().pool.query('SELECT 1 FROM offline_pack_detail WHERE pack_id = $1', [b])).rowCount,
    ).toBe(0);
  });

  it('passes over offline-pack-named events that carry no pack instead of stopping', async () => {
    const junk = randomUUID();
    const id = randomUUID();
    await expectJunkPassedOver(
      sys(),
      'offline_packs',
      { id: junk, streamId: offlinePackStreamId(junk), type: 'OfflinePackCreated', data: { packId: junk } },
      id,
      () => act(id, { type: 'CreateOfflinePack', packId: id, content: content({ number: 'P-02' }) }),
      async () => (await listRows()).map((r) => r.id),
    );
  });

  it('builds the same rows again from the log on rebuild', async () => {
    await expectSameAfterRebuild(sys(), offlinePacksProjection, listRows);
  });
});
