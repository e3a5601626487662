// The benches' bulk data, written straight into Postgres the way activation and sign-in write it: activated
// devices with credentials, signed-in app users with sessions, and the varied millions the list benches page
// through. One place, so every bench measures the same rows.
import { createHash, randomBytes, randomUUID } from 'node:crypto';

const ROWS_PER_STATEMENT = 100_000;

/**
 * `count` activated, online devices of `brand` (model TM-6, APK 2.1.0), each with a credential as activation
 * issues it; SNs are `snPrefix` and a 7-digit number. With `boundTo(i)` (an app user's account) the i-th device
 * is bound to that user. Answers the devices: `{ id, sn, credentialId, secret, token }`, `token` as a device
 * sends it.
 */
export async function activatedDevices(pool, brand, count, { snPrefix, lastSeen = 'now()', boundTo } = {}) {
  const devices = Array.from({ length: count }, (_, i) => {
    const secret = randomBytes(32).toString('base64url');
    const credentialId = randomUUID();
    return {
      id: randomUUID(),
      sn: `${snPrefix}${String(i).padStart(7, '0')}`,
      credentialId,
      secret,
      token: `${credentialId}.${secret}`,
    };
  });
  await pool.query(
    `INSERT INTO devices (id, brand_owner_code, sn, product_code, sub_brand_code, sub_model, apk_version, activated_at,
                          online, last_seen_at, offline_due_at, app_user_id)
     SELECT d.id, $1, d.sn, 'TM-6', 'DEMO-CHEF', 'ChefMate C6', '2.1.0', now(), true, ${lastSeen},
            now() + interval '300 s', u.id
       FROM unnest($2::uuid[], $3::text[], $4::text[]) AS d(id, sn, account)
       LEFT JOIN app_users u ON u.brand_owner_code = $1 AND u.account = d.account`,
    [
      brand,
      devices.map((d) => d.id),
      devices.map((d) => d.sn),
      devices.map((_, i) => (boundTo ? boundTo(i) : null)),
    ],
  );
  await storeCredentials(pool, devices);
  return devices;
}

/** Stores devices' credentials `{ id, credentialId, secret }` as activation does (the secret's sha256). */
export async function storeCredentials(pool, devices) {
  await pool.query(
    `INSERT INTO device_credentials (id, device_id, secret_hash)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::bytea[])`,
    [
      devices.map((d) => d.credentialId),
      devices.map((d) => d.id),
      devices.map((d) => createHash('sha256').update(d.secret).digest()),
    ],
  );
}

/**
 * `count` registered app users of `brand`, accounts `<prefix><i>@app.example.com` (i from 1), each signed in
 * with a session as sign-in stores it (the token's sha256). Answers `{ account(i), token(i) }`: the i-th user's
 * account and the token the app sends.
 */
export async function signedInAppUsers(pool, brand, count, prefix) {
  await pool.query(
    `INSERT INTO app_users (brand_owner_code, account, nickname, region, gender, age, password_hash, signed_up_at,
                            registered_at)
     SELECT $1, $3 || i || '@app.example.com', 'Bench ' || i, (ARRAY['CN','US','DE','JP','FR'])[1 + i % 5],
            (ARRAY['male','female'])[1 + i % 2], 18 + i % 60, 'scrypt$bench$bench', now(), now()
       FROM generate_series(1, $2::int) AS i`,
    [brand, count, prefix],
  );
  const token = (i) => `${prefix}token-${String(i).padStart(8, '0')}-app-user`;
  await pool.query(
    `INSERT INTO app_user_sessions (token_hash, app_user_id, brand_owner_code, expires_at)
     SELECT sha256(convert_to($2 || 'token-'
                              || lpad(substring(u.account FROM length($2) + 1 FOR position('@' IN u.account) - length($2) - 1), 8, '0')
                              || '-app-user', 'UTF8')),
            u.id, $1, now() + interval '90 days'
       FROM app_users u WHERE u.brand_owner_code = $1 AND u.account LIKE $2 || '%@app.example.com'`,
    [brand, prefix],
  );
  await pool.query('VACUUM ANALYZE app_users');
  await pool.query('VACUUM ANALYZE app_user_sessions');
  return { account: (i) => `${prefix}${i}@app.example.com`, token };
}

/**
 * Devices `from`..`to` (SN `KC` and 9 digits) of the device list bench: eight models, three sub-brands, APK
 * versions per model (as each model runs its own APK), three MCU firmwares, four UI languages and devices that never
 * said theirs, a third online, activations over 900 days.
 */
export async function listDevices(pool, brand, from, to) {
  for (let first = from; first <= to; first += ROWS_PER_STATEMENT)
    await pool.query(
      `INSERT INTO devices (brand_owner_code, sn, product_code, sub_brand_code, sub_model, apk_version, mcu_version,
                            tp_version, lang, ip, activated_at, online, last_seen_at, offline_due_at)
       SELECT $1, 'KC' || lpad(i::text, 9, '0'),
              (ARRAY['TM-6','TM-7','AF-5','AF-8','SM-3','OV-40','TMA-1','TMS-1'])[1 + i % 8],
              (ARRAY['DEMO-CHEF','DEMO-CHEF','DEMO-AIR','DEMO-AIR','DEMO-BAKE','DEMO-BAKE','DEMO-CHEF','DEMO-BAKE'])[1 + i % 8],
              'Model ' || (i % 8), (ARRAY['2.0.3','2.1.0','2.1.0','2.2.0'])[1 + i % 4], '1.4.' || (i % 3),
              '3.0.' || (i % 2), (ARRAY['zh','en','de','fr',NULL])[1 + i % 5], '10.' || (i % 200) || '.' || (i / 200 % 250) || '.' || (i % 250),
              now() - (i % 900) * interval '1 day', i % 3 = 0,
              -- a third online (heard within the 5-minute timeout), the rest quiet for 10 minutes to a day
              now() - CASE WHEN i % 3 = 0 THEN i % 4 ELSE 10 + i % 1400 END * interval '1 minute',
              now() - CASE WHEN i % 3 = 0 THEN i % 4 ELSE 10 + i % 1400 END * interval '1 minute' + interval '300 s'
         FROM generate_series($2::int, $3::int) AS i`,
      [brand, first, Math.min(to, first + ROWS_PER_STATEMENT - 1)],
    );
  await pool.query('VACUUM ANALYZE devices');
}

/**
 * App users `from`..`to` (accounts `user` and 7 digits) of the user list bench: eight regions, four in five
 * registered in the app (the rest known only from a device binding), one in fifty disabled.
 */
export async function listAppUsers(pool, brand, from, to) {
  for (let first = from; first <= to; first += ROWS_PER_STATEMENT)
    await pool.query(
      `INSERT INTO app_users (brand_owner_code, account, nickname, region, gender, age, password_hash, signed_up_at,
                              registered_at, disabled, favourite_count, cook_count)
       SELECT $1, 'user' || lpad(i::text, 7, '0') || '@app.example.com', '用户 ' || i,
              (ARRAY['CN','US','DE','JP','FR','GB','IT','ES'])[1 + i % 8], (ARRAY['male','female'])[1 + i % 2],
              18 + i % 60,
              CASE WHEN i % 5 = 0 THEN NULL ELSE 'scrypt$bench$bench' END,
              CASE WHEN i % 5 = 0 THEN NULL ELSE now() - (i % 700) * interval '1 day' END,
              now() - (i % 900) * interval '1 day', i % 50 = 0, i % 13, i % 17
         FROM generate_series($2::int, $3::int) AS i`,
      [brand, first, Math.min(to, first + ROWS_PER_STATEMENT - 1)],
    );
  await pool.query('VACUUM ANALYZE app_users');
}

/** One telemetry sample as a single post of the benches carries it, sampled now. */
export const telemetrySample = (messageId) => ({
  messageId,
  sampledAt: new Date().toISOString(),
  network: 'wifi',
  ip: '10.9.8.7',
  apkVersion: '2.1.0',
  mode: 'BOIL',
  extra: { temperatureC: 96.5, rssi: -51 },
});
