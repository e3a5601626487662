import type { Pool, PoolClient } from '@kb/platform';
import { ProjectionLockedError } from './errors.js';

// Advisory lock namespaces (first key of the two-int form); the second key is hashtext of the lock's name.
/** Held for as long as an instance runs one version of a projection. */
const RUN_LOCK = 727_002;
/** Taken for a transaction that creates, switches or drops versions of a projection. */
const SETUP_LOCK = 727_003;

const runKey = (name: string, version: number) => `${name}_v${version}`;

export async function tryLockVersion(client: PoolClient, name: string, version: number): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(
    'SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok',
    [RUN_LOCK, runKey(name, version)],
  );
  return rows[0]?.ok === true;
}

export async function unlockVersion(client: PoolClient, name: string, version: number): Promise<void> {
  await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [RUN_LOCK, runKey(name, version)]);
}

/** Who holds the run lock of a projection version ("pid 123, projector@10.0.0.5"), or null when nobody does. */
export async function lockHolder(
  db: Pool | PoolClient,
  name: string,
  version: number,
): Promise<string | null> {
  const { rows } = await db.query<{
    pid: number;
    application_name: string | null;
    client_addr: string | null;
  }>(
    `SELECT l.pid, a.application_name, host(a.client_addr) AS client_addr
       FROM pg_locks l LEFT JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = $1::int4::oid AND l.objid = hashtext($2)::oid`,
    [RUN_LOCK, runKey(name, version)],
  );
  const row = rows[0];
  if (!row) return null;
  return `pid ${row.pid}${row.application_name ? `, ${row.application_name}` : ''}${row.client_addr ? `@${row.client_addr}` : ''}`;
}

export async function lockSetup(tx: PoolClient, name: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SETUP_LOCK, name]);
}

export async function lockedError(db: Pool | PoolClient, name: string, version: number): Promise<Error> {
  return new ProjectionLockedError(
    name,
    version,
    (await lockHolder(db, name, version)) ?? 'holder just left',
  );
}
