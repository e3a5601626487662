import {
  START,
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type ReadPage,
  type RecordedEvent,
} from '@kb/event-store';
import type { Pool, PoolClient } from '@kb/platform';
import { projectBatch, recordError } from './batch.js';
import { deferIndexes, deferredIndexes, restoreIndexes } from './deferred-indexes.js';
import { ProjectionLockedError, StaleCheckpointError } from './errors.js';
import { lockHolder, lockedError, tryLockVersion, unlockVersion } from './locks.js';
import { errorFields, formatPosition, quietErrors, silentLogger, sleep, type Logger } from './log.js';
import {
  errorText,
  isEventFailure,
  parkedCounts,
  parkedStreams,
  splitParked,
  type EventToPark,
} from './parking.js';
import { checkRegistry, contextFor, type PreparedBatch, type Projection } from './projection.js';
import { replayParkedEvents, type ReplayResult } from './replay.js';
import {
  createVersion,
  dropBuildingVersion,
  ensureLiveVersions,
  readVersion,
  readVersions,
  switchToVersion,
} from './versions.js';

export interface RunOptions {
  /** Stops the runners gracefully: the batch in flight commits (or rolls back), then locks are released. */
  signal: AbortSignal;
  logger?: Logger;
  /** Events read per batch (and written per transaction). Default 1000. */
  batchSize?: number;
  /** How often an idle runner asks the store for new events. Default 100 ms. */
  pollIntervalMs?: number;
  /** When another process runs the same projection version: 'wait' (stand by and take over when it stops, the
   * default) or 'fail' (throw ProjectionLockedError). */
  whenLocked?: 'wait' | 'fail';
  /** How often a standby instance retries the lock. Default 2 s. */
  lockRetryMs?: number;
  /**
   * How long the server keeps the run lock of an instance it no longer hears from (see leaseOn). The holder
   * proves it is alive several times within it. Default 5 s.
   */
  leaseTimeoutMs?: number;
  /** Upper bound of the retry back-off after a failing batch. Default 30 s. */
  maxRetryDelayMs?: number;
  /**
   * A version starting from the beginning of the log with at least this many of its events ahead sets its
   * non-unique indexes aside and builds them once caught up (see deferred-indexes.ts). Default 20,000.
   */
  deferIndexesFrom?: number;
  /** Each batch waits this long before it is applied (tests of a read side running behind). Default 0. */
  applyDelayMs?: number;
}

interface Settings {
  signal: AbortSignal;
  logger: Logger;
  batchSize: number;
  pollIntervalMs: number;
  whenLocked: 'wait' | 'fail';
  lockRetryMs: number;
  leaseTimeoutMs: number;
  maxRetryDelayMs: number;
  deferIndexesFrom: number;
  applyDelayMs: number;
}

function settings(options: RunOptions): Settings {
  return {
    signal: options.signal,
    logger: options.logger ?? silentLogger,
    batchSize: options.batchSize ?? 1000,
    pollIntervalMs: options.pollIntervalMs ?? 100,
    whenLocked: options.whenLocked ?? 'wait',
    lockRetryMs: options.lockRetryMs ?? 2000,
    leaseTimeoutMs: options.leaseTimeoutMs ?? 5000,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 30_000,
    deferIndexesFrom: options.deferIndexesFrom ?? 20_000,
    applyDelayMs: options.applyDelayMs ?? 0,
  };
}

const backoff = (failures: number, max: number) => Math.min(max, 250 * 2 ** Math.min(failures, 10));

/** How often a runner that is not idle looks for a replay request (an idle one looks at every poll). */
const REPLAY_CHECK_MS = 1000;

/** A projection version's run lock, held on a dedicated connection for as long as this instance runs it. */
interface Lease {
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
async function leaseOn(
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
class LeaseLostError extends Error {}

/** Takes the run lock of one projection version; waits (standby) or throws per `whenLocked`. Null if stopped. */
async function acquire(
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

type Outcome = 'stopped' | 'retired' | 'switched';

/**
 * Runs one version of a projection under its lease: catch up from the checkpoint, then follow the log.
 * A building version switches the views over once it has caught up with the head and with the live version.
 * Returns 'retired' when its version was dropped under it (another process switched to a newer version).
 */
async function follow(pool: Pool, store: EventStore, lease: Lease, s: Settings): Promise<Outcome> {
  const { projection, version } = lease;
  const log = { projection: projection.name, version };
  const start = await readVersion(pool, projection.name, version);
  if (!start) return 'retired';
  // `checkpoint` is committed; `position` is where the next read starts: the end of the last batch handed to a
  // write, which may still be in flight (`writing`) while the next batch is prepared.
  let checkpoint = start.checkpoint;
  let position = checkpoint;
  let writing: { done: Promise<GlobalPosition>; scanned: number } | null = null;
  let previous: PreparedBatch | undefined;
  const ctx = contextFor(projection, version);
  let failures = 0;
  let applied = 0;
  // Where a catch-up spends its time, logged when it reaches the head: waiting for the next page of the log,
  // folding a batch (the projection's `prepare`, in this process), waiting for the batch before it to commit,
  // and building the indexes set aside.
  const spent = { readWaitMs: 0, prepareMs: 0, writeWaitMs: 0, indexBuildMs: 0, batches: 0 };
  const timed = async <T>(phase: 'readWaitMs' | 'prepareMs' | 'writeWaitMs', work: Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work;
    } finally {
      spent[phase] += performance.now() - started;
    }
  };
  let caughtUp = false;
  let lastProgressLog = Date.now();
  let lastReplayCheck = Date.now();
  // Streams with a parked event: their later events are parked behind it, never applied on a gap.
  let parked = await parkedStreams(pool, projection.name, version);
  s.logger.info(
    { ...log, status: start.status, checkpoint: formatPosition(checkpoint) },
    'projection started',
  );
  const read = (from: GlobalPosition): Promise<ReadPage> =>
    store.readAllPage({
      from,
      maxCount: s.batchSize,
      types: projection.handles === '*' ? undefined : projection.handles,
      withData: projection.readsData ?? true,
    });
  // Starting from nothing with a long log ahead, the secondary indexes are built once at the end (when caught
  // up, below) instead of row by row; definitions left by an earlier run that stopped midway are built then too.
  let indexesDeferred = (await deferredIndexes(pool, projection.name, version)).length > 0;
  if (!indexesDeferred && comparePositions(checkpoint, START) === 0) {
    // Counted only: with no type wanted, no event comes back to be parsed, just how far the page scanned.
    const ahead = await store.readAllPage({
      from: START,
      maxCount: s.deferIndexesFrom,
      types: [],
      withData: false,
    });
    if (ahead.scanned >= s.deferIndexesFrom) {
      const count = await deferIndexes(pool, projection, version);
      indexesDeferred = count > 0;
      if (indexesDeferred)
        s.logger.info({ ...log, indexes: count }, 'long catch-up: indexes set aside until caught up');
    }
  }
  // While a full batch is being written, the next one is already being read (from where this one ends) and, for
  // a projection with `prepare`, folded.
  let prefetched: { from: GlobalPosition; page: Promise<ReadPage> } | null = null;
  /** Waits for the batch being written; its failure is thrown here. */
  const settle = async (): Promise<void> => {
    if (!writing) return;
    const { done, scanned } = writing;
    writing = null;
    checkpoint = await done;
    applied += scanned;
    failures = 0;
  };
  /**
   * Applies `events` (a slice of one page, in order) up to `to` in one transaction, from the committed checkpoint,
   * nothing carried from an earlier batch; events of parked streams, and `park`, are parked in the same
   * transaction.
   */
  const attempt = async (events: RecordedEvent[], to: GlobalPosition, park: EventToPark[] = []) => {
    const split = splitParked(events, parked);
    const handled = split.apply.filter((e) => projection.wants(e.type));
    const prepared =
      projection.prepare && handled.length > 0
        ? await projection.prepare(handled, pool, ctx, undefined)
        : undefined;
    checkpoint = await projectBatch(pool, projection, version, checkpoint, split.apply, {
      to,
      prepared,
      park: [...park, ...split.park],
    });
    position = checkpoint;
    applied += events.length;
  };
  /**
   * After a batch failed on something an event may have caused: the page at the checkpoint is applied again in
   * slices, halved on failure and doubled on success, each slice committed with its checkpoint; an event that
   * fails on its own is parked (its stream with it) and the rest goes on. About two transactions per halving
   * around each failing event; while nothing fails, the batch path stays the only one.
   */
  const isolate = async (): Promise<void> => {
    const page = await read(checkpoint);
    const events = page.events.filter((e) => projection.wants(e.type));
    let i = 0;
    let size = Math.max(1, events.length);
    while (comparePositions(checkpoint, page.scannedTo) < 0 && !s.signal.aborted) {
      lease.check();
      const slice = events.slice(i, i + size);
      const to = i + slice.length >= events.length ? page.scannedTo : slice.at(-1)!.position;
      try {
        await attempt(slice, to);
        i += slice.length;
        size = Math.min(size * 2, Math.max(1, events.length - i));
      } catch (error) {
        if (!isEventFailure(error)) throw error;
        if (slice.length > 1) {
          size = Math.ceil(slice.length / 2);
          continue;
        }
        const event = slice[0]!;
        const message = errorText(error);
        await attempt([], event.position, [{ event, error: message, behind: null }]);
        parked.set(event.streamId, { position: event.position, error: message });
        s.logger.warn(
          {
            ...log,
            ...errorFields(error),
            streamId: event.streamId,
            eventType: event.type,
            position: formatPosition(event.position),
            brand: event.metadata?.brandOwnerCode,
          },
          'event parked: the projection cannot apply it; its stream waits behind it, the others go on',
        );
        i += 1;
        size = 1;
      }
    }
  };
  /** After a failed batch: park what an event caused and go on, or start again from the checkpoint after a pause. */
  const failed = async (caught: unknown): Promise<'retired' | 'retry'> => {
    let error = caught;
    // Whatever failed, an instance that lost its lease leaves the projection to its successor.
    lease.check();
    // A batch still being written (the failure was in preparing the next one) moves the checkpoint if it commits.
    await settle().catch(() => undefined);
    previous = undefined;
    prefetched = null;
    position = checkpoint;
    if (!(await readVersion(pool, projection.name, version))) return 'retired';
    if (error instanceof StaleCheckpointError) throw error;
    if (isEventFailure(error)) {
      try {
        await isolate();
        failures = 0;
        return 'retry';
      } catch (isolating) {
        position = checkpoint;
        if (isolating instanceof StaleCheckpointError) throw isolating;
        error = isolating;
      }
    }
    failures += 1;
    const delayMs = backoff(failures, s.maxRetryDelayMs);
    await recordError(pool, projection.name, version, error);
    s.logger.error(
      {
        ...log,
        ...errorFields(error),
        checkpoint: formatPosition(checkpoint),
        failures,
        retryInMs: delayMs,
      },
      'projection batch failed and was rolled back; retrying',
    );
    await sleep(delayMs, s.signal);
    return 'retry';
  };
  /**
   * Serves a `projector replay` request between two batches (nothing in flight): the parked events are applied
   * again under this runner's lock, then the request is cleared. A failure leaves the request for the next look.
   */
  const serveReplay = async (requestedAt: Date | null): Promise<void> => {
    lastReplayCheck = Date.now();
    if (!requestedAt) return;
    await settle();
    previous = undefined;
    prefetched = null;
    position = checkpoint;
    try {
      const result = await replayParkedEvents(pool, store, projection, version, s.logger);
      parked = await parkedStreams(pool, projection.name, version);
      await pool.query(
        `UPDATE projection_checkpoints SET replay_requested_at = NULL
          WHERE name = $1 AND version = $2 AND replay_requested_at < $3::timestamptz + interval '1 millisecond'`,
        [projection.name, version, requestedAt],
      );
      s.logger.info({ ...log, ...result }, 'replayed the parked events');
    } catch (error) {
      s.logger.error({ ...log, ...errorFields(error) }, 'replay of the parked events failed; trying again');
    }
  };
  try {
    while (!s.signal.aborted) {
      lease.check();
      const next: Promise<ReadPage> =
        prefetched && comparePositions(prefetched.from, position) === 0 ? prefetched.page : read(position);
      prefetched = null;
      const page: ReadPage = await timed('readWaitMs', next);
      const { events } = page;
      if (page.scanned === 0) {
        try {
          await settle();
        } catch (error) {
          if ((await failed(error)) === 'retired') return 'retired';
          continue;
        }
        if (indexesDeferred) {
          const started = Date.now();
          const built = await restoreIndexes(pool, projection.name, version);
          spent.indexBuildMs += Date.now() - started;
          indexesDeferred = false;
          s.logger.info(
            { ...log, indexes: built, ms: Date.now() - started },
            'indexes built after the catch-up',
          );
        }
        const current = await readVersion(pool, projection.name, version);
        if (!current) return 'retired';
        if (comparePositions(current.checkpoint, checkpoint) !== 0)
          throw new StaleCheckpointError(projection.name, version);
        await serveReplay(current.replayRequestedAt);
        if (!caughtUp) {
          caughtUp = true;
          s.logger.info(
            {
              ...log,
              checkpoint: formatPosition(checkpoint),
              applied,
              spent: Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)])),
            },
            'caught up with the head',
          );
          Object.assign(spent, { readWaitMs: 0, prepareMs: 0, writeWaitMs: 0, indexBuildMs: 0, batches: 0 });
        }
        if (current.status === 'building') {
          const outcome = await switchToVersion(pool, projection, version);
          if (outcome === 'gone') return 'retired';
          if (outcome === 'switched') {
            s.logger.info(
              { ...log, checkpoint: formatPosition(checkpoint) },
              'switched the live views to this version',
            );
            return 'switched';
          }
          if (outcome === 'busy')
            s.logger.warn(log, 'a long query on the live views held up the switch; trying again');
          // 'behind': the live version moved past us meanwhile; keep catching up.
          else caughtUp = false;
          await sleep(s.pollIntervalMs, s.signal);
          continue;
        }
        await sleep(s.pollIntervalMs, s.signal);
        continue;
      }
      const full = page.scanned === s.batchSize;
      if (full) {
        const from: GlobalPosition = page.scannedTo;
        prefetched = { from, page: read(from) };
        prefetched.page.catch(() => undefined); // a failed prefetch is read again in the loop, and reported there
      }
      if (s.applyDelayMs > 0) await sleep(s.applyDelayMs, s.signal);
      try {
        const { apply, park } = splitParked(events, parked);
        let prepared: PreparedBatch | undefined;
        if (projection.prepare) {
          const handled = apply.filter((e) => projection.wants(e.type));
          if (handled.length > 0)
            prepared = await timed('prepareMs', projection.prepare(handled, pool, ctx, previous));
        }
        await timed('writeWaitMs', settle());
        spent.batches += 1;
        const done = projectBatch(pool, projection, version, checkpoint, apply, {
          to: page.scannedTo,
          prepared,
          park: park.length > 0 ? park : undefined,
        });
        done.catch(() => undefined); // awaited by settle
        writing = { done, scanned: page.scanned };
        previous = prepared;
        position = page.scannedTo;
        // Near the head there is no next batch to prepare meanwhile.
        if (!full) await timed('writeWaitMs', settle());
        if (!full && Date.now() - lastReplayCheck > REPLAY_CHECK_MS) {
          const current = await readVersion(pool, projection.name, version);
          if (!current) return 'retired';
          await serveReplay(current.replayRequestedAt);
        }
        if (caughtUp && full) caughtUp = false;
        if (Date.now() - lastProgressLog > 5000) {
          lastProgressLog = Date.now();
          s.logger.info({ ...log, checkpoint: formatPosition(checkpoint), applied }, 'projecting');
        }
      } catch (error) {
        if ((await failed(error)) === 'retired') return 'retired';
      }
    }
  } finally {
    // Leave no write behind when stopping or failing (its own transaction commits or rolls back).
    await writing?.done.catch(() => undefined);
  }

  s.logger.info({ ...log, checkpoint: formatPosition(checkpoint), applied }, 'projection stopped');
  return 'stopped';
}

/** Keeps the live version of a projection running until stopped; moves to the new live version after a switch. */
async function superviseLive(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  s: Settings,
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
        const outcome = await follow(pool, store, lease, s);
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
): Promise<Outcome> {
  let failures = 0;
  let held = lease ?? null;
  try {
    while (!s.signal.aborted) {
      try {
        held ??= await acquire(pool, projection, version, s);
        if (!held) return 'stopped';
        return await follow(pool, store, held, s);
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
    for (const b of builds) tasks.push(superviseBuilding(pool, store, p, b.version, s));
    tasks.push(superviseLive(pool, store, p, s));
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
