import type pg from 'pg';
import type { DeviceActivation, FaultMessage, TelemetryMessage } from '@kb/contracts';
import { activateDevice, storeFaults, storeTelemetry } from '@kb/devices';

/**
 * Factory activation keys of the demo brands: a device that presents its brand's key to
 * `POST /device/v1/activate` gets its credential (README, "Devices"; the simulator uses them).
 */
export const DEMO_ACTIVATION_KEYS: Record<string, string> = {
  DEMO: 'demo-device-activation-key',
  OTHER: 'other-device-activation-key',
};

/** Demo brands count a device offline after a minute without a post, so the demo shows both states. */
export const DEMO_INACTIVITY_TIMEOUT_S = 60;

interface DemoDevice extends DeviceActivation {
  ip: string;
  mode: string;
  faults: { type: string; country: string; city: string; log: string; hoursAgo: number }[];
}

const CITIES = [
  ['CN', 'Shenzhen'],
  ['CN', 'Hangzhou'],
  ['DE', 'Berlin'],
  ['FR', 'Paris'],
  ['US', 'Chicago'],
] as const;

function demoFleet(brand: string): DemoDevice[] {
  const models: [string, string, string][] =
    brand === 'DEMO'
      ? [
          ['TM-6', 'DEMO-CHEF', 'DMTM6'],
          ['TM-7', 'DEMO-CHEF', 'DMTM7'],
          ['AF-5', 'DEMO-AIR', 'DMAF5'],
          ['SM-3', 'DEMO-BAKE', 'DMSM3'],
          ['OV-40', 'DEMO-BAKE', 'DMOV4'],
        ]
      : [
          ['TM-6', 'OTHER-ONE', 'OTTM6'],
          ['AF-5', 'OTHER-ONE', 'OTAF5'],
        ];
  const perModel = brand === 'DEMO' ? 3 : 2;
  const fleet: DemoDevice[] = [];
  models.forEach(([productCode, subBrandCode, prefix], m) => {
    for (let i = 1; i <= perModel; i++) {
      const n = m * perModel + i;
      const [country, city] = CITIES[n % CITIES.length]!;
      fleet.push({
        sn: `${prefix}${String(i).padStart(6, '0')}`,
        productCode,
        subBrandCode,
        apkVersion: i === 1 ? '2.1.0' : '2.0.3',
        mcuVersion: '1.4.2',
        tpVersion: i % 2 ? '3.0.1' : '3.0.0',
        ip: `10.${brand === 'DEMO' ? 20 : 30}.${m}.${i + 10}`,
        mode: ['IDLE', 'BOIL', 'STEAM', 'KNEAD'][n % 4]!,
        user:
          i === perModel
            ? undefined
            : {
                account: `${brand.toLowerCase()}-user-${n}@example.com`,
                nickname: `${brand === 'DEMO' ? '厨友' : 'Cook'} ${n}`,
                region: country,
                gender: n % 2 ? 'female' : 'male',
                age: 25 + n,
              },
        faults:
          i === 1
            ? [
                {
                  type: 'HEATING',
                  country,
                  city,
                  log: `E12 heater open circuit\nNTC=98.4C\nboard=${prefix}`,
                  hoursAgo: 30,
                },
                { type: 'MOTOR', country, city, log: 'E31 motor stall at speed 8', hoursAgo: 5 },
              ]
            : [],
      });
    }
  });
  return fleet;
}

/**
 * Devices of the demo brands DEMO and OTHER, activated as a device would be, with a day of telemetry and a few
 * fault reports each (through @kb/devices, the same writes device-ingest makes). Seeds a brand's fleet only
 * when the brand has no device yet, so restarts keep what the simulator added.
 */
export async function seedDemoDevices(pool: pg.Pool): Promise<void> {
  for (const brand of Object.keys(DEMO_ACTIVATION_KEYS)) {
    const has = await pool.query('SELECT 1 FROM devices WHERE brand_owner_code = $1 LIMIT 1', [brand]);
    if (has.rowCount) continue;
    for (const device of demoFleet(brand)) {
      const { deviceId } = await activateDevice(pool, brand, device);
      const now = Date.now();
      const telemetry = Array.from({ length: 12 }, (_, k): TelemetryMessage => {
        const at = new Date(now - (12 - k) * 2 * 3600_000).toISOString();
        return {
          messageId: `seed-t-${k}`,
          sampledAt: at,
          network: 'wifi',
          ip: device.ip,
          apkVersion: device.apkVersion,
          mcuVersion: device.mcuVersion,
          tpVersion: device.tpVersion,
          mode: k === 11 ? device.mode : 'IDLE',
          extra: { temperatureC: 20 + k * 5, rssi: -50 - k },
        };
      });
      await storeTelemetry(
        pool,
        telemetry.map((message) => ({
          deviceId,
          brandOwnerCode: brand,
          receivedAt: message.sampledAt,
          message,
        })),
      );
      const faults = device.faults.map((f, k): FaultMessage => ({
        messageId: `seed-f-${k}`,
        type: f.type,
        reportedAt: new Date(now - f.hoursAgo * 3600_000).toISOString(),
        country: f.country,
        city: f.city,
        errorLog: f.log,
      }));
      await storeFaults(
        pool,
        faults.map((message) => ({
          deviceId,
          brandOwnerCode: brand,
          receivedAt: message.reportedAt,
          message,
        })),
      );
      // Seeded devices were last heard with their newest sample (two hours ago), so they start offline; the
      // simulator (npm start) brings live ones.
      await pool.query(
        `UPDATE devices SET last_seen_at = last_sample_at, offline_due_at = last_sample_at, online = false,
                status_changed_at = last_sample_at
          WHERE id = $1`,
        [deviceId],
      );
    }
  }
}
