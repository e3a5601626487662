import type { EventStore } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { ProjectionLockedError } from './errors.js';
import { acquire, leaseOn, type Lease } from './lease.js';
import { lockHolder, lockedError, tryLockVersion } from './locks.js';
import { errorFields, quietErrors, silentLogger, sleep, type Logger } from './log.js';
import { parkedCounts } from './parking.js';
import { follow, type Outcome } from './pipeline.js';
import { checkRegistry, type Projection } from './projection.js';
import { replayParkedEvents, type ReplayResult } from './replay.js';
import { backoff, settings, type RunOptions, type Settings } from './run-settings.js';
import { SharedReads } from './shared-reads.js';
import {
  createVersion,
  dropBuildingVersion,
  ensureLiveVersions,
  readVersion,
  readVersions,
} from './versions.js';

export type { RunOptions } from './run-settings.js';

/** Keeps the live version of a projection running until stopped; moves to the new live version after a switch. */
async function superviseLive(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  s: Settings,
  shared?: SharedReads,
): Promise<void> {
  let failures = 0;
  while (!s.signal.aborted) {
    try {
      const live = (await readVersions(pool, projection.name)).find((v) => v.status === 'live');
      if (!live) {
        await ensureLiveVersions(pool, [projection]);
        continue;
      }
      if (live.definitionVersion > projection.version) {
        s.logger.warn(
          {
            projection: projection.name,
            version: live.version,
            liveDefinition: live.definitionVersion,
            ours: projection.version,
          },
          'the live version was built by newer code; this instance leaves it alone',
        );
        return;
      }
      const lease = await acquire(pool, projection, live.version, s);
      if (!lease) return;
      try {
        const outcome = await follow(pool, store, lease, s, shared);
        failures = 0;
        if (outcome === 'stopped') return;
      } finally {
        await lease.release();
      }
    } catch (error) {
      if (error instanceof ProjectionLockedError) throw error;
      failures += 1;
      const delayMs = backoff(failures, s.maxRetryDelayMs);
      s.logger.error(
        { projection: projection.name, ...errorFields(error), retryInMs: delayMs },
        'projection runner failed; restarting',
      );
      await sleep(delayMs, s.signal);
    }
  }
}

/** Runs a building version until it has switched (or was dropped, or we are stopped). */
async function superviseBuilding(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  version: number,
  s: Settings,
  lease?: Lease,
  shared?: SharedReads,
): Promise<Outcome> {
  let failures = 0;
  let held = lease ?? null;
  try {
    while (!s.signal.aborted) {
      try {
        held ??= await acquire(pool, projection, version, s);
        if (!held) return 'stopped';
        return await follow(pool, store, held, s, shared);
      } catch (error) {
        if (error instanceof ProjectionLockedError) throw error;
        failures += 1;
        const delayMs = backoff(failures, s.maxRetryDelayMs);
        s.logger.error(
          { projection: projection.name, version, ...errorFields(error), retryInMs: delayMs },
          'build of a new version failed; restarting',
        );
        await held?.release();
        held = null;
        await sleep(delayMs, s.signal);
      }
    }
    return 'stopped';
  } finally {
    await held?.release();
  }
}

/**
 * Runs every projection until `signal` aborts: each catches up from its checkpoint and then follows the log,
 * one active instance per projection version (advisory lock; other instances stand by).
 * A projection whose code version is newer than its live version gets a new version built beside the live one,
 * switched to when caught up. A build left by an interrupted `rebuild` is resumed.
 * Expects the tables of `readModelMigrations` to exist.
 */
export async function runProjections(
  pool: Pool,
  store: EventStore,
  projections: readonly Projection[],
  options: RunOptions,
): Promise<void> {
  checkRegistry(projections);
  const s = settings(options);
  await ensureLiveVersions(pool, projections);
  // One read of each page of the log for all of them (shared-reads.ts).
  const shared = new SharedReads(store, projections, s.batchSize);
  const tasks: Promise<unknown>[] = [];
  for (const p of projections) {
    const versions = await readVersions(pool, p.name);
    const live = versions.find((v) => v.status === 'live');
    const builds = versions.filter((v) => v.status === 'building' && v.definitionVersion === p.version);
    if (live && live.definitionVersion < p.version && builds.length === 0) {
      const created = await createVersion(pool, p, 'building');
      s.logger.info(
        { projection: p.name, version: created.version, liveVersion: live.version, definition: p.version },
        'code version changed: building a new version beside the live one',
      );
      builds.push(created);
    }
    for (const b of builds) tasks.push(superviseBuilding(pool, store, p, b.version, s, undefined, shared));
    tasks.push(superviseLive(pool, store, p, s, shared));
  }
  const results = await Promise.allSettled(tasks);
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

export interface RebuildResult {
  /** The version now live. */
  version: number;
  /** The version it replaced (dropped), if any. */
  replaced: number | null;
  /** Events the new version parked (see parking.ts): `projector parked <name>` lists them. */
  parked: number;
}

/**
 * Builds a new version of one projection from the start of the log beside the live one, then switches the views
 * to it in one transaction once it has caught up (readers never see a half-built model) and drops the old
 * version. Unfinished builds of the same projection are dropped first (refused while another process runs one).
 * Stopping it (signal) drops the partial build.
 */
export async function rebuildProjection(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: RunOptions,
): Promise<RebuildResult> {
  const s = settings({ ...options, whenLocked: 'fail' });
  await ensureLiveVersions(pool, [projection]);
  const before = await readVersions(pool, projection.name);
  for (const b of before.filter((v) => v.status === 'building')) {
    const lease = await acquire(pool, projection, b.version, s);
    if (!lease) throw new Error('Rebuild stopped');
    try {
      await dropBuildingVersion(pool, projection, b.version);
      s.logger.info({ projection: projection.name, version: b.version }, 'dropped an unfinished build');
    } finally {
      await lease.release();
    }
  }
  const replaced = before.find((v) => v.status === 'live')?.version ?? null;
  const client = await pool.connect();
  const listening = quietErrors(client);
  let version = 0;
  let lease: Lease;
  try {
    const created = await createVersion(pool, projection, 'building', async (v) => {
      if (!(await tryLockVersion(client, projection.name, v)))
        throw await lockedError(pool, projection.name, v);
    });
    version = created.version;
    lease = await leaseOn(client, projection, version, s.leaseTimeoutMs);
  } catch (error) {
    client.release(true);
    throw error;
  } finally {
    listening();
  }
  s.logger.info(
    { projection: projection.name, version, replaces: replaced },
    'rebuilding beside the live version',
  );
  let outcome: Outcome | 'failed' = 'failed';
  try {
    outcome = await superviseBuilding(pool, store, projection, version, s, lease);
  } finally {
    if (outcome !== 'switched') {
      // Take the partial build away, so a later `run` does not resume a rebuild that was called off.
      const cleanup = await acquire(pool, projection, version, {
        ...s,
        signal: new AbortController().signal,
      }).catch(() => null);
      if (cleanup) {
        await dropBuildingVersion(pool, projection, version).catch(() => undefined);
        await cleanup.release();
      }
    }
  }
  if (outcome === 'stopped') throw new Error(`Rebuild of ${projection.name} was stopped before it finished`);
  if (outcome !== 'switched')
    throw new Error(`Rebuild of ${projection.name}: version ${version} was dropped by another process`);
  const parked = (await parkedCounts(pool)).get(`${projection.name}/${version}`)?.events ?? 0;
  return { version, replaced, parked };
}

export interface ProjectionReplay extends ReplayResult {
  version: number;
  /** 'here': this process took the version's run lock and replayed; 'runner': the process running it did. */
  by: 'here' | 'runner';
}

/**
 * `projector replay <name>`: applies every version's parked events again, in order (see replay.ts). A version no
 * process runs is replayed here, under its run lock; a running one is asked to replay between two batches (it
 * looks at least once a second when it has caught up), and this waits for it (`timeoutMs`, default 10 minutes).
 */
export async function replayProjection(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: {
    signal: AbortSignal;
    logger?: Logger;
    timeoutMs?: number;
    pollMs?: number;
    leaseTimeoutMs?: number;
  },
): Promise<ProjectionReplay[]> {
  const logger = options.logger ?? silentLogger;
  const counts = await parkedCounts(pool);
  const out: ProjectionReplay[] = [];
  for (const v of await readVersions(pool, projection.name)) {
    const before = counts.get(`${v.name}/${v.version}`)?.events ?? 0;
    if (before === 0) continue;
    const deadline = Date.now() + (options.timeoutMs ?? 600_000);
    let requested = false;
    for (;;) {
      if (options.signal.aborted) throw new Error(`Replay of ${projection.name} was stopped`);
      const client = await pool.connect();
      let mine = false;
      try {
        mine = await tryLockVersion(client, projection.name, v.version);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      if (mine) {
        const lease = await leaseOn(client, projection, v.version, options.leaseTimeoutMs ?? 5000).catch(
          (error: Error) => {
            client.release(error);
            throw error;
          },
        );
        try {
          const result = await replayParkedEvents(pool, store, projection, v.version, logger);
          await pool.query(
            `UPDATE projection_checkpoints SET replay_requested_at = NULL WHERE name = $1 AND version = $2`,
            [projection.name, v.version],
          );
          out.push({ version: v.version, by: 'here', ...result });
        } finally {
          await lease.release();
        }
        break;
      }
      client.release();
      const current = await readVersion(pool, projection.name, v.version);
      if (!current) break;
      if (!requested) {
        await pool.query(
          `UPDATE projection_checkpoints SET replay_requested_at = now() WHERE name = $1 AND version = $2`,
          [projection.name, v.version],
        );
        requested = true;
        logger.info(
          {
            projection: projection.name,
            version: v.version,
            runningBy: await lockHolder(pool, projection.name, v.version),
          },
          'asked the running process to replay the parked events',
        );
      } else if (!current.replayRequestedAt) {
        const after = (await parkedCounts(pool)).get(`${v.name}/${v.version}`)?.events ?? 0;
        out.push({
          version: v.version,
          by: 'runner',
          replayed: Math.max(0, before - after),
          stillParked: after,
        });
        break;
      }
      if (Date.now() > deadline)
        throw new Error(
          `Projection ${projection.name} v${v.version}: the running process did not replay within the time given`,
        );
      await sleep(options.pollMs ?? 100, options.signal);
    }
  }
  return out;
}
