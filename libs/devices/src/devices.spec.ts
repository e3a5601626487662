import { randomUUID } from 'node:crypto';
import { createPool, migrate, type Pool } from '@kb/platform';
import { createTestDatabase, type TestDatabase } from '@kb/testing';
import { activateDevice, setDeviceBrandSettings } from './activation.js';
import { authenticateDevice, issueCredential, parseCredential, revokeCredentials } from './credentials.js';
import { storeTelemetry, sweepOfflineDevices } from './ingest-writes.js';
import { deviceMigrations } from './migrations.js';

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
    await pool.query(`
      CREATE TABLE brand_products (brand_owner_code text, product_code text);
      CREATE TABLE sub_brand_products (brand_owner_code text, sub_brand_code text, product_code text, customer_model text);
      INSERT INTO brand_products VALUES ('A', 'TM-6'), ('B', 'TM-6');`);
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
});
