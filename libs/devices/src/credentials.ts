import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';

type Queryable = pg.Pool | pg.PoolClient;

/** Who a valid device credential belongs to. */
export interface AuthenticatedDevice {
  deviceId: string;
  brandOwnerCode: string;
  sn: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** sha256 of a secret; the secrets are 32 random bytes, so a slow password hash would add nothing. */
export function secretHash(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

/** Splits `<credential id>.<secret>`; null when the token cannot be one of ours. */
export function parseCredential(token: string): { id: string; secret: string } | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const secret = token.slice(dot + 1);
  if (!UUID.test(id) || secret.length < 20 || secret.length > 100) return null;
  return { id, secret };
}

/**
 * Postgres channel on which a revocation of device credentials is announced (payload: a JSON array of device
 * ids): every device-ingest process trusts a checked credential for a while and drops the named devices' ones
 * when it hears this. Inside a transaction it is heard at commit (never for a rolled back change).
 */
export const DEVICE_CREDENTIAL_REVOKED_CHANNEL = 'device_credential_revoked';

/**
 * Sends ids on a channel as JSON arrays; inside a transaction they are heard at commit (never for a rolled back
 * change). A notification carries at most 8000 bytes: ids go in chunks of 150.
 */
export async function notifyIds(db: Queryable, channel: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 150)
    await db.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(ids.slice(i, i + 150))]);
}

/** Announces that these devices' credentials were revoked. */
export const notifyCredentialsRevoked = (db: Queryable, deviceIds: readonly string[]): Promise<void> =>
  notifyIds(db, DEVICE_CREDENTIAL_REVOKED_CHANNEL, deviceIds);

/** Revokes the device's credentials and issues a new one; returns the token (shown to the device once). */
export async function issueCredential(client: Queryable, deviceId: string): Promise<string> {
  const { rowCount: revoked } = await client.query(
    'UPDATE device_credentials SET revoked_at = now() WHERE device_id = $1 AND revoked_at IS NULL',
    [deviceId],
  );
  if (revoked) await notifyCredentialsRevoked(client, [deviceId]);
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  await client.query('INSERT INTO device_credentials (id, device_id, secret_hash) VALUES ($1, $2, $3)', [
    id,
    deviceId,
    secretHash(secret),
  ]);
  return `${id}.${secret}`;
}

/** Revokes every credential of these devices of the brand; answers how many devices had one. */
export async function revokeCredentials(
  client: Queryable,
  brand: string,
  deviceIds: string[],
): Promise<number> {
  const { rows } = await client.query<{ device_id: string }>(
    `UPDATE device_credentials c SET revoked_at = now()
       FROM devices d
      WHERE d.id = c.device_id AND d.brand_owner_code = $1 AND d.id = ANY($2::uuid[]) AND c.revoked_at IS NULL
      RETURNING c.device_id`,
    [brand, deviceIds],
  );
  const revoked = [...new Set(rows.map((r) => r.device_id))];
  await notifyCredentialsRevoked(client, revoked);
  return rows.length;
}

/** The device a bearer token belongs to, or null when the token is unknown, wrong or revoked. */
export async function authenticateDevice(db: Queryable, token: string): Promise<AuthenticatedDevice | null> {
  const parsed = parseCredential(token);
  if (!parsed) return null;
  const { rows } = await db.query<{
    secret_hash: Buffer;
    device_id: string;
    brand_owner_code: string;
    sn: string;
  }>(
    `SELECT c.secret_hash, d.id AS device_id, d.brand_owner_code, d.sn
       FROM device_credentials c JOIN devices d ON d.id = c.device_id
      WHERE c.id = $1 AND c.revoked_at IS NULL`,
    [parsed.id],
  );
  const row = rows[0];
  if (!row) return null;
  const given = secretHash(parsed.secret);
  if (given.length !== row.secret_hash.length || !timingSafeEqual(given, row.secret_hash)) return null;
  return { deviceId: row.device_id, brandOwnerCode: row.brand_owner_code, sn: row.sn };
}
