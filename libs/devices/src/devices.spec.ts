import { randomUUID } from 'node:crypto';
import { createPool, migrate, type Pool } from '@kb/platform';
import { createTestDatabase, eventually, type TestDatabase } from '@kb/testing';
import { activateDevice, setDeviceBrandSettings } from './activation.js';
import { authenticateDevice, issueCredential, parseCredential, revokeCredentials } from './credentials.js';
import { listPartitions, maintainDeviceHistory } from './device-history.js';
import { storeFaults, storeTelemetry, sweepOfflineDevices } from './ingest-writes.js';
import { deviceMigrations } from './migrations.js';

const referenceTables = `
  CREATE TABLE brand_products (brand_owner_code text, product_code text);
  CREATE TABLE sub_brand_products (brand_owner_code text, sub_brand_code text, product_code text, customer_model text);
  INSERT INTO brand_products VALUES ('A', 'TM-6'), ('B', 'TM-6');`;
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const sample = (deviceId: string, brand: string, messageId: string, sampledAt: string, extra = {}) => ({
  deviceId,
  brandOwnerCode: brand,
  receivedAt: new Date().toISOString(),
  message: { messageId, sampledAt, extra },
});

describe('device credentials', () => {
  it('reads "<id>.<secret>" and refuses anything else', () => {
    const id = randomUUID();
    expect(parseCredential(`${id}.${'s'.repeat(43)}`)).toEqual({ id, secret: 's'.repeat(43) });
    expect(parseCredential('nope')).toBeNull();
    expect(parseCredential(`${id}.short`)).toBeNull();
    expect(parseCredential(`not-a-uuid.${'s'.repeat(43)}`)).toBeNull();
  });
});

describe('device tables on Postgres', () => {
  let db: TestDatabase;
  let pool: Pool;
  beforeAll(async () => {
    db = await createTestDatabase('kbdevices');
    pool = createPool(db.url, { max: 3 });
    await pool.query(referenceTables);
    await migrate(pool, deviceMigrations);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const counts = async () =>
    (
      await pool.query(
        'SELECT brand_owner_code, total::int, activated::int FROM device_brand_counts ORDER BY 1',
      )
    ).rows;

  it('keeps each brand’s device and activated counts as devices come and go', async () => {
    await activateDevice(pool, 'A', { sn: 'a1', productCode: 'TM-6' });
    await activateDevice(pool, 'A', { sn: 'a2', productCode: 'TM-6' });
    await activateDevice(pool, 'A', { sn: 'a2', productCode: 'TM-6' }); // again: the same device
    await activateDevice(pool, 'B', { sn: 'b1', productCode: 'TM-6' });
    await pool.query(
      `INSERT INTO devices (brand_owner_code, sn) SELECT 'B', 'bulk' || i FROM generate_series(1, 500) i`,
    );
    expect(await counts()).toEqual([
      { brand_owner_code: 'A', total: 2, activated: 2 },
      { brand_owner_code: 'B', total: 501, activated: 1 },
    ]);
    await pool.query(`UPDATE devices SET activated_at = now() WHERE sn IN ('BULK1', 'bulk1', 'bulk2')`);
    await pool.query(`DELETE FROM devices WHERE sn LIKE 'bulk%' AND sn <> 'bulk2'`);
    await pool.query(`DELETE FROM devices WHERE sn = 'A1'`);
    expect(await counts()).toEqual([
      { brand_owner_code: 'A', total: 1, activated: 1 },
      { brand_owner_code: 'B', total: 2, activated: 2 },
    ]);
  });

  it('keeps each device’s UI language from its newest sample, and tallies devices by model, firmware and language', async () => {
    const tally = async (subBrand = 'L-SUB') =>
      (
        await pool.query(
          `SELECT sub_brand_code, product_code, mcu_version, lang, devices FROM device_release_counts
            WHERE brand_owner_code = 'A' AND sub_brand_code = $1 AND devices <> 0 ORDER BY 1, 2, 3, 4`,
          [subBrand],
        )
      ).rows;
    const counted = async (subBrand = 'L-SUB') =>
      (
        await pool.query(
          `SELECT sub_brand_code, product_code, mcu_version, lang, count(*)::int AS devices FROM devices
            WHERE brand_owner_code = 'A' AND sub_brand_code = $1 GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
          [subBrand],
        )
      ).rows;
    const lang = async (deviceId: string) =>
      (await pool.query('SELECT lang FROM devices WHERE id = $1', [deviceId])).rows[0].lang;
    await pool.query(`INSERT INTO sub_brand_products VALUES ('A', 'L-SUB', 'TM-6', NULL)`);
    const fit = { productCode: 'TM-6', subBrandCode: 'L-SUB' };
    const one = await activateDevice(pool, 'A', { sn: 'lang1', ...fit, mcuVersion: '1.0.0' });
    const two = await activateDevice(pool, 'A', { sn: 'lang2', ...fit, mcuVersion: '1.0.0' });
    await activateDevice(pool, 'A', { sn: 'lang3', productCode: 'TM-6' }); // no sub-brand: no release's
    expect(await tally()).toEqual([
      { sub_brand_code: 'L-SUB', product_code: 'TM-6', mcu_version: '1.0.0', lang: null, devices: 2 },
    ]);

    await storeTelemetry(pool, [sample(one.deviceId, 'A', 'l1', daysAgo(0), { lang: 'fr' })]);
    expect(await lang(one.deviceId)).toBe('fr');
    // An older sample does not move it back; a newer one without a language keeps it; another language moves it.
    await storeTelemetry(pool, [sample(one.deviceId, 'A', 'l0', daysAgo(1), { lang: 'de' })]);
    await storeTelemetry(pool, [sample(one.deviceId, 'A', 'l2', daysAgo(0), { temperatureC: 90 })]);
    expect(await lang(one.deviceId)).toBe('fr');
    await storeTelemetry(pool, [sample(two.deviceId, 'A', 'l3', daysAgo(0), { lang: 'en' })]);
    await activateDevice(pool, 'A', { sn: 'lang2', ...fit, mcuVersion: '1.1.0' });
    expect(await tally()).toEqual(await counted());
    expect(await tally()).toEqual([
      { sub_brand_code: 'L-SUB', product_code: 'TM-6', mcu_version: '1.0.0', lang: 'fr', devices: 1 },
      { sub_brand_code: 'L-SUB', product_code: 'TM-6', mcu_version: '1.1.0', lang: 'en', devices: 1 },
    ]);
    await pool.query(`DELETE FROM devices WHERE sn = 'LANG1'`);
    expect(await tally()).toEqual(await counted());
  });

  it('authenticates a device by its newest credential only, and not once revoked', async () => {
    const { deviceId, credential } = await activateDevice(pool, 'A', { sn: 'c1', productCode: 'TM-6' });
    expect(await authenticateDevice(pool, credential)).toEqual({ deviceId, brandOwnerCode: 'A', sn: 'C1' });
    const next = await issueCredential(pool, deviceId);
    expect(await authenticateDevice(pool, credential)).toBeNull();
    expect(await authenticateDevice(pool, `${next.split('.')[0]}.${'x'.repeat(43)}`)).toBeNull();
    expect(await revokeCredentials(pool, 'B', [deviceId])).toBe(0);
    expect(await revokeCredentials(pool, 'A', [deviceId])).toBe(1);
    expect(await authenticateDevice(pool, next)).toBeNull();
  });

  it('sweeps offline the devices past their timeout, and only those', async () => {
    await setDeviceBrandSettings(pool, 'A', { inactivityTimeoutSeconds: 60 });
    const quiet = await activateDevice(pool, 'A', { sn: 'q1', productCode: 'TM-6' });
    const busy = await activateDevice(pool, 'A', { sn: 'q2', productCode: 'TM-6' });
    await pool.query(`UPDATE devices SET offline_due_at = now() - interval '1 s' WHERE id = $1`, [
      quiet.deviceId,
    ]);
    await storeTelemetry(pool, [
      {
        deviceId: busy.deviceId,
        brandOwnerCode: 'A',
        receivedAt: new Date().toISOString(),
        message: { messageId: 'm1', sampledAt: new Date().toISOString() },
      },
    ]);
    expect(await sweepOfflineDevices(pool)).toBeGreaterThanOrEqual(1);
    const { rows } = await pool.query(`SELECT sn, online FROM devices WHERE sn IN ('Q1', 'Q2') ORDER BY sn`);
    expect(rows).toEqual([
      { sn: 'Q1', online: false },
      { sn: 'Q2', online: true },
    ]);
  });

  it('sweeps a fleet larger than one batch, statement by statement', async () => {
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO devices (brand_owner_code, sn, online, last_seen_at, offline_due_at)
       SELECT 'B', 'sw' || i, true, now(), now() + CASE WHEN i <= 12 THEN interval '-1 s' ELSE interval '1 h' END
         FROM generate_series(1, 15) i RETURNING id`,
    );
    expect(await sweepOfflineDevices(pool, 5)).toBe(12);
    const { rows: online } = await pool.query(
      `SELECT sn FROM devices WHERE id = ANY($1::uuid[]) AND online ORDER BY sn`,
      [rows.map((r) => r.id)],
    );
    expect(online.map((r) => r.sn)).toEqual(['sw13', 'sw14', 'sw15']);
  });

  it('updates a device’s hot state without touching its indexes (heap-only updates)', async () => {
    // A database and connection of its own: the table statistics then count only this test's updates (another
    // connection's statistics reach the view late, and could land inside the measured window).
    const own = await createTestDatabase('kbdevhot');
    const single = createPool(own.url, { max: 1 });
    const stats = async () =>
      (
        await single.query<{ upd: string; hot: string }>(
          `SELECT pg_stat_clear_snapshot(), n_tup_upd AS upd, n_tup_hot_upd AS hot
             FROM pg_stat_user_tables WHERE relname = 'devices'`,
        )
      ).rows[0]!;
    try {
      await single.query(referenceTables);
      await migrate(single, deviceMigrations);
      const { deviceId } = await activateDevice(single, 'A', { sn: 'hot1', productCode: 'TM-6' });
      await single.query('SELECT pg_stat_force_next_flush()');
      const before = await stats();
      for (let i = 0; i < 40; i++)
        await storeTelemetry(single, [sample(deviceId, 'A', `hot-${i}`, new Date().toISOString())]);
      await single.query('SELECT pg_stat_force_next_flush()');
      const after = await eventually(
        stats,
        (s) => Number(s.upd) - Number(before.upd) >= 40,
        20_000,
        'update statistics of devices',
      );
      const updates = Number(after.upd) - Number(before.upd);
      const hot = Number(after.hot) - Number(before.hot);
      expect(hot).toBeGreaterThanOrEqual(Math.floor(updates * 0.9));
    } finally {
      await single.end();
      await own.drop();
    }
  });

  it('keeps every sample and each device’s newest state when many writers store the same devices at once', async () => {
    // As the workers of two processes do: concurrent statements over the same devices, in any order.
    const writers = createPool(db.url, { max: 8 });
    try {
      const tag = randomUUID().slice(0, 8);
      const ids: string[] = [];
      for (let i = 0; i < 12; i++)
        ids.push((await activateDevice(pool, 'A', { sn: `race-${tag}-${i}`, productCode: 'TM-6' })).deviceId);
      const base = Date.now() - 60_000;
      const batches = Array.from({ length: 16 }, (_, b) =>
        [...ids]
          .sort(() => Math.random() - 0.5)
          .map((id) => {
            const write = sample(id, 'A', `race-${b}`, new Date(base + b * 1000).toISOString(), { n: 1 });
            return { ...write, message: { ...write.message, apkVersion: `9.${b}` } };
          }),
      );
      const stored = await Promise.all(batches.map((batch) => storeTelemetry(writers, batch)));
      expect(stored).toEqual(batches.map(() => ids.length));
      const { rows } = await pool.query<{ samples: number; rolled: number; apk: string; last: Date }>(
        `SELECT (SELECT count(*)::int FROM device_telemetry t WHERE t.device_id = d.id) AS samples,
                (SELECT sum(samples)::int FROM device_telemetry_hourly h WHERE h.device_id = d.id) AS rolled,
                d.apk_version AS apk, d.last_sample_at AS last
           FROM devices d WHERE d.id = ANY($1::uuid[])`,
        [ids],
      );
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(row).toMatchObject({ samples: 16, rolled: 16, apk: '9.15' });
        expect(row.last.getTime()).toBe(base + 15_000);
      }
    } finally {
      await writers.end();
    }
  });

  it('rolls samples up per device and hour, once per message, with their numeric readings', async () => {
    const { deviceId } = await activateDevice(pool, 'A', { sn: 'roll1', productCode: 'TM-6' });
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000);
    const at = (min: number) => new Date(hour.getTime() + min * 60_000).toISOString();
    const batch = [
      sample(deviceId, 'A', 'r1', at(1), { temperatureC: 90, mode: 'steam' }),
      sample(deviceId, 'A', 'r2', at(2), { temperatureC: 100 }),
    ];
    expect(await storeTelemetry(pool, batch)).toBe(2);
    expect(await storeTelemetry(pool, [batch[1]!, sample(deviceId, 'A', 'r3', at(3), { rssi: -50 })])).toBe(
      1,
    );
    const rolled = async () =>
      (
        await pool.query('SELECT hour, samples, readings FROM device_telemetry_hourly WHERE device_id = $1', [
          deviceId,
        ])
      ).rows;
    expect(await rolled()).toEqual([
      { hour, samples: 3, readings: { temperatureC: [190, 2], rssi: [-50, 1] } },
    ]);
    // A reading the hour has already adds to its sum and count; one it has not starts its own; the others stay.
    expect(
      await storeTelemetry(pool, [
        sample(deviceId, 'A', 'r4', at(4), { temperatureC: 0.5, humidity: 40 }),
        sample(deviceId, 'A', 'r5', at(5), { temperatureC: -0.25, lang: 'de' }),
        sample(deviceId, 'A', 'r6', at(6), {}),
      ]),
    ).toBe(3);
    expect(await rolled()).toEqual([
      { hour, samples: 6, readings: { temperatureC: [190.25, 4], rssi: [-50, 1], humidity: [40, 1] } },
    ]);
  });

  it('keeps each brand’s telemetry and faults as long as its retention, by dropping whole partitions first', async () => {
    const a = await activateDevice(pool, 'A', { sn: 'ret1', productCode: 'TM-6' });
    const b = await activateDevice(pool, 'B', { sn: 'ret2', productCode: 'TM-6' });
    await setDeviceBrandSettings(pool, 'A', { telemetryRetentionDays: 10, faultRetentionDays: 10 });
    for (const [d, brand] of [
      [a.deviceId, 'A'],
      [b.deviceId, 'B'],
    ] as const) {
      await storeTelemetry(pool, [sample(d, brand, 'old', daysAgo(30)), sample(d, brand, 'new', daysAgo(0))]);
      await storeFaults(pool, [
        {
          deviceId: d,
          brandOwnerCode: brand,
          receivedAt: new Date().toISOString(),
          message: { messageId: 'f-old', type: 'E1', reportedAt: daysAgo(30), errorLog: 'x' },
        },
      ]);
    }
    const kept = async (table: string, column: string) =>
      (
        await pool.query(
          `SELECT d.sn, t.message_id FROM ${table} t JOIN devices d ON d.id = t.device_id
            WHERE d.sn IN ('RET1', 'RET2') ORDER BY 1, ${column}`,
        )
      ).rows.map((r) => `${r.sn}:${r.message_id}`);
    const first = await maintainDeviceHistory(pool);
    expect(first.ran).toBe(true);
    expect(await kept('device_telemetry', 'sampled_at')).toEqual(['RET1:new', 'RET2:old', 'RET2:new']);
    expect(await kept('device_faults', 'reported_at')).toEqual(['RET2:f-old']);

    // A hundred days on: every partition holding today is past all retentions and goes whole, the default
    // partition's old samples go row by row; the partitions of that time are made ahead; the hourly rollup
    // (kept two years) still has all four samples.
    const later = new Date(Date.now() + 100 * DAY);
    const report = await maintainDeviceHistory(pool, { now: later });
    const today = `device_telemetry_p${new Date().toISOString().slice(0, 10).replace(/-/g, '')}`;
    expect(report.dropped).toContain(today);
    expect(report.created).toContain(
      `device_telemetry_p${later.toISOString().slice(0, 10).replace(/-/g, '')}`,
    );
    expect((await listPartitions(pool, 'device_telemetry')).map((p) => p.name)).not.toContain(today);
    expect(await kept('device_telemetry', 'sampled_at')).toEqual([]);
    const { rows } = await pool.query(
      `SELECT sum(samples)::int AS n FROM device_telemetry_hourly WHERE device_id = ANY($1::uuid[])`,
      [[a.deviceId, b.deviceId]],
    );
    expect(rows[0].n).toBe(4);
  });
});

describe('the release fit of devices on a database that had them before', () => {
  it('takes each device’s language from its newest sample that said one, and tallies the devices', async () => {
    const db = await createTestDatabase('kbdevfit');
    const pool = createPool(db.url, { max: 2 });
    try {
      await pool.query(referenceTables);
      await migrate(
        pool,
        deviceMigrations.filter((m) => m.id !== 'devices/008-release-fit'),
      );
      await pool.query(`INSERT INTO sub_brand_products VALUES ('A', 'A-SUB', 'TM-6', NULL)`);
      const fit = { productCode: 'TM-6', subBrandCode: 'A-SUB', mcuVersion: '2.0.0' };
      const said = await activateDevice(pool, 'A', { sn: 'fit1', ...fit });
      await activateDevice(pool, 'A', { sn: 'fit2', ...fit });
      await pool.query(
        `INSERT INTO device_telemetry (device_id, message_id, brand_owner_code, sampled_at, received_at, extra)
         VALUES ($1, 'old', 'A', now() - interval '2 hours', now(), '{"lang": "de"}'),
                ($1, 'new', 'A', now() - interval '1 hour', now(), '{"lang": "en"}'),
                ($1, 'quiet', 'A', now(), now(), '{"temperatureC": 80}')`,
        [said.deviceId],
      );
      await migrate(pool, deviceMigrations);
      const { rows } = await pool.query(
        `SELECT sub_brand_code, product_code, mcu_version, lang, devices FROM device_release_counts ORDER BY lang`,
      );
      expect(rows).toEqual([
        { sub_brand_code: 'A-SUB', product_code: 'TM-6', mcu_version: '2.0.0', lang: 'en', devices: 1 },
        { sub_brand_code: 'A-SUB', product_code: 'TM-6', mcu_version: '2.0.0', lang: null, devices: 1 },
      ]);
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});

describe('turning the device history tables into partitioned ones', () => {
  it('keeps every row that was stored before, as the first partition', async () => {
    const db = await createTestDatabase('kbdevpart');
    const pool = createPool(db.url, { max: 2 });
    try {
      await pool.query(referenceTables);
      await migrate(
        pool,
        deviceMigrations.filter((m) => m.id !== 'devices/005-time-partitions'),
      );
      const { deviceId } = await activateDevice(pool, 'A', { sn: 'legacy1', productCode: 'TM-6' });
      await pool.query(
        `INSERT INTO device_telemetry (device_id, message_id, brand_owner_code, sampled_at, received_at, extra)
         SELECT $1, 'm' || i, 'A', date_trunc('second', now()) - i * interval '1 hour', now(), jsonb_build_object('temperatureC', i)
           FROM generate_series(1, 500) i`,
        [deviceId],
      );
      await pool.query(
        `INSERT INTO device_faults (device_id, message_id, brand_owner_code, sn, type, reported_at, received_at,
                                    error_log)
         SELECT $1, 'f' || i, 'A', 'LEGACY1', 'E1', now() - i * interval '1 day', now(), 'log'
           FROM generate_series(1, 40) i`,
        [deviceId],
      );
      await migrate(pool, deviceMigrations);
      const count = async (sql: string) => Number((await pool.query(sql)).rows[0].n);
      expect(await count('SELECT count(*) AS n FROM device_telemetry')).toBe(500);
      expect(await count('SELECT count(*) AS n FROM device_faults')).toBe(40);
      expect(await count('SELECT sum(samples) AS n FROM device_telemetry_hourly')).toBe(500);
      const parts = await listPartitions(pool, 'device_telemetry');
      expect(parts[0]?.from).toBeNull();
      expect(parts.some((p) => p.isDefault)).toBe(true);
      // The old rows keep answering to their keys: a resent message is still a no-op.
      const { rows } = await pool.query<{ sampled_at: Date }>(
        `SELECT sampled_at FROM device_telemetry WHERE message_id = 'm1'`,
      );
      expect(
        await storeTelemetry(pool, [sample(deviceId, 'A', 'm1', rows[0]!.sampled_at.toISOString())]),
      ).toBe(0);
    } finally {
      await pool.end();
      await db.drop();
    }
  });
});
