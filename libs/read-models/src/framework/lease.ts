import type { Pool, PoolClient } from '@kb/platform';
import { lockedError, tryLockVersion, unlockVersion } from './locks.js';
import { sleep } from './log.js';
import type { Projection } from './projection.js';
import type { Settings } from './run-settings.js';

/** A projection version's run lock, held on a dedicated connection for as long as this instance runs it. */
export interface Lease {
  projection: Projection;
  version: number;
  /** Throws when the connection holding the lock died (the lock went with it). */
  check(): void;
  release(): Promise<void>;
}

/**
 * The run lock is a session-level advisory lock: it goes with the connection. A killed process's connection is
 * closed by its kernel, so the lock frees at once. A host that stops or hangs (power off, network cut, frozen
 * process) may leave the connection open with nobody behind it, and TCP keepalives do not help against a frozen
 * process (its kernel still answers them). So the lease connection carries `idle_session_timeout`: the server
 * itself ends the session, and the lock with it, once it has heard nothing for `timeoutMs`. The holder pings
 * it four times within that; a ping unanswered for `timeoutMs` counts as lost too, so a holder cut off from the
 * server stops writing on its own. Losing the lease is safe at any moment: batches move the checkpoint by
 * compare-and-set, so a batch of an instance that lost it never commits over its successor's.
 */
export async function leaseOn(
  client: PoolClient,
  projection: Projection,
  version: number,
  timeoutMs: number,
): Promise<Lease> {
  let lost: Error | null = null;
  const onError = (error: Error) => (lost ??= error);
  client.on('error', onError);
  let released = false;
  let pingSentAt: number | null = null;
  const heartbeat = setInterval(
    () => {
      if (lost) return;
      if (pingSentAt !== null) {
        if (Date.now() - pingSentAt > timeoutMs)
          lost = new Error(`The server did not answer the lease connection within ${timeoutMs} ms`);
        return;
      }
      pingSentAt = Date.now();
      client.query('SELECT 1').then(
        () => (pingSentAt = null),
        (error: Error) => (lost ??= error),
      );
    },
    Math.max(50, Math.floor(timeoutMs / 4)),
  );
  heartbeat.unref();
  const lease: Lease = {
    projection,
    version,
    check() {
      if (lost)
        throw new LeaseLostError(`Lost the connection holding the lock of ${projection.name} v${version}`, {
          cause: lost,
        });
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      if (!lost) await unlockVersion(client, projection.name, version).catch((e: Error) => (lost = e));
      client.off('error', onError);
      client.release(lost ?? undefined);
    },
  };
  try {
    await client.query(`SELECT set_config('idle_session_timeout', $1, false)`, [`${timeoutMs}ms`]);
  } catch (error) {
    // The caller still owns the client (and releases it, broken).
    released = true;
    clearInterval(heartbeat);
    client.off('error', onError);
    throw error;
  }
  return lease;
}

/** The lease went with its connection: another instance may run the version now. */
export class LeaseLostError extends Error {}

/** Takes the run lock of one projection version; waits (standby) or throws per `whenLocked`. Null if stopped. */
export async function acquire(
  pool: Pool,
  projection: Projection,
  version: number,
  s: Settings,
): Promise<Lease | null> {
  const client = await pool.connect();
  const lease = await leaseOn(client, projection, version, s.leaseTimeoutMs).catch((error: Error) => {
    client.release(error);
    throw error;
  });
  let announced = false;
  try {
    while (!s.signal.aborted) {
      if (await tryLockVersion(client, projection.name, version)) {
        if (announced) s.logger.info({ projection: projection.name, version }, 'took over the projection');
        return lease;
      }
      const error = await lockedError(pool, projection.name, version);
      if (s.whenLocked === 'fail') throw error;
      if (!announced)
        s.logger.warn({ projection: projection.name, version }, `${error.message}; standing by`);
      announced = true;
      await sleep(s.lockRetryMs, s.signal);
    }
  } catch (error) {
    await lease.release();
    throw error;
  }
  await lease.release();
  return null;
}
