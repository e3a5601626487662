import {
  START,
  comparePositions,
  type AppendWaiter,
  type EventStore,
  type GlobalPosition,
  type ReadPage,
  type RecordedEvent,
} from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { projectBatch, recordError, type BatchTimes } from './batch.js';
import { deferIndexes, deferredIndexes, restoreIndexes } from './deferred-indexes.js';
import { StaleCheckpointError } from './errors.js';
import type { Lease } from './lease.js';
import { errorFields, formatPosition, sleep } from './log.js';
import {
  errorText,
  isEventFailure,
  parkedStreams,
  splitParked,
  type EventToPark,
  type ParkedStreams,
} from './parking.js';
import { contextFor, type PreparedBatch, type Projection, type ProjectionContext } from './projection.js';
import { replayParkedEvents } from './replay.js';
import { backoff, type Settings } from './run-settings.js';
import { SharedReads } from './shared-reads.js';
import { readVersion, switchToVersion } from './versions.js';

/**
 * How one projection version follows the log, as a pipeline of steps over pages of events:
 *
 *   read page ─► prepare (fold + encode) ─► write rows + move checkpoint (one transaction)
 *        ▲  next page read while this one is written  │
 *        └────────────────────────────────────────────┘
 *
 * - read (PageReader): the page after the last one handed to the writer, read while that one is still written;
 * - prepare: the projection's `prepare` folds the page ahead of its transaction, from the batch prepared before it;
 * - write (BatchWriter): the rows and the checkpoint in one transaction, at most one in flight;
 * - at the head (`atHead`): build the indexes set aside, serve a replay request, switch a building version;
 * - on a failure (`failed`): a failure an event may have caused is isolated slice by slice and the event parked
 *   (`isolate`), anything else is retried after a pause.
 *
 * Plus two steps around the catch-up: long catch-ups from zero set their indexes aside first (`setIndexesAside`)
 * and build them at the head.
 */

/** How a run of one version ends: stopped (signal), retired (its version dropped), switched (now live). */
export type Outcome = 'stopped' | 'retired' | 'switched';

/** How often a runner that is not idle looks for a replay request (an idle one looks at every poll). */
const REPLAY_CHECK_MS = 1000;

type Phase = 'readWaitMs' | 'prepareMs' | 'writeWaitMs' | 'indexBuildMs';
type Figure = Phase | 'rowsMs' | 'checkpointMs' | 'batches';

/**
 * Where a catch-up spends its time, logged when it reaches the head: waiting for the next page of the log,
 * folding a batch (the projection's `prepare`, in this process), waiting for the batch before it to commit, and
 * building the indexes set aside; and, overlapping those (a batch is written while the next one is prepared), how
 * long the batches' transactions took to write their rows and to move the checkpoint and commit.
 */
class Timings {
  readWaitMs = 0;
  prepareMs = 0;
  writeWaitMs = 0;
  indexBuildMs = 0;
  rowsMs = 0;
  checkpointMs = 0;
  batches = 0;

  /**
   * Runs `work` and adds its time to `phase`: started here, so what it does before its first await (a fold of a
   * batch that needs no stored records is all synchronous) counts too.
   */
  async time<T>(phase: Phase, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      this[phase] += performance.now() - started;
    }
  }

  /** The figures so far, rounded, and a fresh start. */
  take(): Record<Figure, number> {
    const figures = {
      readWaitMs: Math.round(this.readWaitMs),
      prepareMs: Math.round(this.prepareMs),
      writeWaitMs: Math.round(this.writeWaitMs),
      indexBuildMs: Math.round(this.indexBuildMs),
      rowsMs: Math.round(this.rowsMs),
      checkpointMs: Math.round(this.checkpointMs),
      batches: this.batches,
    };
    Object.assign(this, {
      readWaitMs: 0,
      prepareMs: 0,
      writeWaitMs: 0,
      indexBuildMs: 0,
      rowsMs: 0,
      checkpointMs: 0,
      batches: 0,
    });
    return figures;
  }
}

/**
 * The read step: pages of the events a projection wants, the next one read while the current one is written.
 * Pages come from the process's shared reads (shared-reads.ts): one read of each page for every projection.
 */
class PageReader {
  private prefetched: { from: GlobalPosition; page: Promise<ReadPage> } | null = null;

  constructor(
    private readonly shared: SharedReads,
    private readonly projection: Projection,
    private readonly batchSize: number,
  ) {}

  async read(from: GlobalPosition): Promise<ReadPage> {
    const page = await this.shared.read(this, from);
    if (this.projection.handles === '*') return page;
    return { ...page, events: page.events.filter((e) => this.projection.wants(e.type)) };
  }

  /** The page after `from`: the one read ahead if it starts there, else read now. */
  next(from: GlobalPosition): Promise<ReadPage> {
    const ahead = this.prefetched;
    this.prefetched = null;
    return ahead && comparePositions(ahead.from, from) === 0 ? ahead.page : this.read(from);
  }

  /** Starts reading the page after `from` (a full page was just read: more is likely to follow). */
  readAhead(from: GlobalPosition): void {
    const page = this.read(from);
    page.catch(() => undefined); // a failed read ahead is read again by `next`, and reported there
    this.prefetched = { from, page };
  }

  drop(): void {
    this.prefetched = null;
    this.leave();
  }

  /** Reads nothing for a while (at the head, failing, stopped): no shared page waits for this reader. */
  leave(): void {
    this.shared.leave(this);
  }

  isFull(page: ReadPage): boolean {
    return page.scanned === this.batchSize;
  }
}

/** The write step: a batch's rows and its checkpoint in one transaction, at most one batch in flight. */
class BatchWriter {
  private writing: { done: Promise<GlobalPosition>; scanned: number } | null = null;
  /** Events scanned by the batches committed so far. */
  applied = 0;

  constructor(
    private readonly pool: Pool,
    private readonly projection: Projection,
    private readonly version: number,
    /** The committed checkpoint. */
    public checkpoint: GlobalPosition,
    private readonly spent?: BatchTimes,
  ) {}

  /** Starts writing a batch from the committed checkpoint (the batch before it must be settled). */
  start(
    events: RecordedEvent[],
    scanned: number,
    to: GlobalPosition,
    prepared?: PreparedBatch,
    park?: EventToPark[],
  ) {
    if (this.writing) throw new Error('A batch is still being written');
    const done = projectBatch(this.pool, this.projection, this.version, this.checkpoint, events, {
      to,
      prepared,
      park: park && park.length > 0 ? park : undefined,
      spent: this.spent,
    });
    done.catch(() => undefined); // awaited by settle
    this.writing = { done, scanned };
  }

  /** Waits for the batch being written; its checkpoint becomes the committed one, or its failure is thrown here. */
  async settle(): Promise<void> {
    if (!this.writing) return;
    const { done, scanned } = this.writing;
    this.writing = null;
    this.checkpoint = await done;
    this.applied += scanned;
  }

  /** Writes a batch and waits for it. */
  async write(
    events: RecordedEvent[],
    scanned: number,
    to: GlobalPosition,
    prepared?: PreparedBatch,
    park?: EventToPark[],
  ) {
    await this.settle();
    this.start(events, scanned, to, prepared, park);
    await this.settle();
  }

  /** Leaves no write behind (its own transaction commits or rolls back), whatever its outcome. */
  async drain(): Promise<void> {
    await this.writing?.done.catch(() => undefined);
  }
}

/**
 * Runs one version of a projection under its lease: catch up from the checkpoint, then follow the log.
 * A building version switches the views over once it has caught up with the head and with the live version.
 * Returns 'retired' when its version was dropped under it (another process switched to a newer version).
 */
export async function follow(
  pool: Pool,
  store: EventStore,
  lease: Lease,
  s: Settings,
  shared: SharedReads = new SharedReads(store, [lease.projection], s.batchSize),
): Promise<Outcome> {
  const start = await readVersion(pool, lease.projection.name, lease.version);
  if (!start) return 'retired';
  const pipeline = new Pipeline(pool, store, lease, s, start.checkpoint, shared);
  return pipeline.run(start.status);
}

class Pipeline {
  private readonly projection: Projection;
  private readonly version: number;
  private readonly log: { projection: string; version: number };
  private readonly ctx: ProjectionContext;
  private readonly reader: PageReader;
  private readonly writer: BatchWriter;
  private readonly timings = new Timings();
  /** Where the next read starts: the end of the last batch handed to the writer (which may be in flight). */
  private position: GlobalPosition;
  /** The batch prepared last, which the next `prepare` folds on (it may not be committed yet). */
  private previous: PreparedBatch | undefined;
  /** Streams with a parked event: their later events are parked behind it, never applied on a gap. */
  private parked: ParkedStreams = new Map();
  private indexesDeferred = false;
  private failures = 0;
  private caughtUp = false;
  private lastProgressLog = Date.now();
  private lastReplayCheck = Date.now();
  /** Sleeps at the head of the log until an append's hint; undefined for a store without hints (polled). */
  private readonly headWaiter: AppendWaiter | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly store: EventStore,
    private readonly lease: Lease,
    private readonly s: Settings,
    checkpoint: GlobalPosition,
    shared: SharedReads,
  ) {
    this.projection = lease.projection;
    this.version = lease.version;
    this.log = { projection: this.projection.name, version: this.version };
    this.ctx = contextFor(this.projection, this.version);
    this.reader = new PageReader(shared, this.projection, s.batchSize);
    this.writer = new BatchWriter(pool, this.projection, this.version, checkpoint, this.timings);
    this.position = checkpoint;
    this.headWaiter = store.appendWaiter?.();
  }

  private get checkpoint(): GlobalPosition {
    return this.writer.checkpoint;
  }

  async run(status: string): Promise<Outcome> {
    const { s, log } = this;
    this.parked = await parkedStreams(this.pool, this.projection.name, this.version);
    s.logger.info({ ...log, status, checkpoint: formatPosition(this.checkpoint) }, 'projection started');
    await this.setIndexesAside();
    try {
      while (!s.signal.aborted) {
        this.lease.check();
        const page = await this.timings.time('readWaitMs', () => this.reader.next(this.position));
        const outcome = page.scanned === 0 ? await this.atHead() : await this.apply(page);
        if (outcome) return outcome;
      }
    } finally {
      this.reader.drop();
      await this.writer.drain();
    }
    s.logger.info(
      { ...log, checkpoint: formatPosition(this.checkpoint), applied: this.writer.applied },
      'projection stopped',
    );
    return 'stopped';
  }

  /**
   * Deferred indexes, first half: starting from nothing with a long log ahead, the secondary indexes are built once
   * at the head (`buildIndexesSetAside`) instead of row by row; definitions left by an earlier run that stopped
   * midway are built then too.
   */
  private async setIndexesAside(): Promise<void> {
    const { pool, projection, version, s } = this;
    this.indexesDeferred = (await deferredIndexes(pool, projection.name, version)).length > 0;
    if (this.indexesDeferred || comparePositions(this.checkpoint, START) !== 0) return;
    // Counted only: with no type wanted, no event comes back to be parsed, just how far the page scanned.
    const ahead = await this.store.readAllPage({
      from: START,
      maxCount: s.deferIndexesFrom,
      types: [],
      withData: false,
    });
    if (ahead.scanned < s.deferIndexesFrom) return;
    const count = await deferIndexes(pool, projection, version);
    this.indexesDeferred = count > 0;
    if (this.indexesDeferred)
      s.logger.info({ ...this.log, indexes: count }, 'long catch-up: indexes set aside until caught up');
  }

  /** Deferred indexes, second half: built at the head, before a building version may switch. */
  private async buildIndexesSetAside(): Promise<void> {
    if (!this.indexesDeferred) return;
    const started = Date.now();
    const built = await this.timings.time('indexBuildMs', () =>
      restoreIndexes(this.pool, this.projection.name, this.version),
    );
    this.indexesDeferred = false;
    this.s.logger.info(
      { ...this.log, indexes: built, ms: Date.now() - started },
      'indexes built after the catch-up',
    );
  }

  /** Prepare and write steps for one page; the write goes on while the next page is read and prepared. */
  private async apply(page: ReadPage): Promise<Outcome | null> {
    const { s, projection, reader, writer, timings } = this;
    const full = reader.isFull(page);
    if (full) reader.readAhead(page.scannedTo);
    if (s.applyDelayMs > 0) await sleep(s.applyDelayMs, s.signal);
    try {
      const { apply, park } = splitParked(page.events, this.parked);
      let prepared: PreparedBatch | undefined;
      // The page holds only the projection's own types already (PageReader.read).
      if (projection.prepare && apply.length > 0)
        prepared = await timings.time('prepareMs', () =>
          projection.prepare!(apply, this.pool, this.ctx, this.previous),
        );
      await timings.time('writeWaitMs', () => this.settle());
      timings.batches += 1;
      writer.start(apply, page.scanned, page.scannedTo, prepared, park);
      this.previous = prepared;
      this.position = page.scannedTo;
      // Near the head there is no next batch to prepare meanwhile.
      if (!full) await timings.time('writeWaitMs', () => this.settle());
      if (!full && Date.now() - this.lastReplayCheck > REPLAY_CHECK_MS) {
        const current = await readVersion(this.pool, projection.name, this.version);
        if (!current) return 'retired';
        await this.serveReplay(current.replayRequestedAt);
      }
      if (this.caughtUp && full) this.caughtUp = false;
      if (Date.now() - this.lastProgressLog > 5000) {
        this.lastProgressLog = Date.now();
        s.logger.info(
          { ...this.log, checkpoint: formatPosition(this.checkpoint), applied: writer.applied },
          'projecting',
        );
      }
    } catch (error) {
      if ((await this.failed(error)) === 'retired') return 'retired';
    }
    return null;
  }

  private async settle(): Promise<void> {
    await this.writer.settle();
    this.failures = 0;
  }

  /**
   * Nothing more to read: the last batch commits, the indexes set aside are built, a replay request is served, and
   * a building version switches the views to itself once it is as far as the live one.
   */
  private async atHead(): Promise<Outcome | null> {
    const { s, log, projection, version } = this;
    this.reader.leave();
    try {
      await this.settle();
    } catch (error) {
      return (await this.failed(error)) === 'retired' ? 'retired' : null;
    }
    await this.buildIndexesSetAside();
    const current = await readVersion(this.pool, projection.name, version);
    if (!current) return 'retired';
    if (comparePositions(current.checkpoint, this.checkpoint) !== 0)
      throw new StaleCheckpointError(projection.name, version);
    await this.serveReplay(current.replayRequestedAt);
    if (!this.caughtUp) {
      this.caughtUp = true;
      s.logger.info(
        {
          ...log,
          checkpoint: formatPosition(this.checkpoint),
          applied: this.writer.applied,
          spent: this.timings.take(),
        },
        'caught up with the head',
      );
    }
    if (current.status === 'building') {
      const outcome = await switchToVersion(this.pool, projection, version);
      if (outcome === 'gone') return 'retired';
      if (outcome === 'switched') {
        s.logger.info(
          { ...log, checkpoint: formatPosition(this.checkpoint) },
          'switched the live views to this version',
        );
        return 'switched';
      }
      if (outcome === 'busy')
        s.logger.warn(log, 'a long query on the live views held up the switch; trying again');
      // 'behind': the live version moved past us meanwhile; keep catching up.
      else this.caughtUp = false;
    }
    // Woken by the next append's hint; a store without hints is polled.
    await (this.headWaiter?.wait(s.pollIntervalMs, s.signal) ?? sleep(s.pollIntervalMs, s.signal));
    return null;
  }

  /** Back to the committed checkpoint: nothing read ahead or prepared is kept. */
  private rewind(): void {
    this.previous = undefined;
    this.reader.drop();
    this.position = this.checkpoint;
  }

  /** After a failed batch: park what an event caused and go on, or start again from the checkpoint after a pause. */
  private async failed(caught: unknown): Promise<'retired' | 'retry'> {
    const { s, projection, version } = this;
    let error = caught;
    // Whatever failed, an instance that lost its lease leaves the projection to its successor.
    this.lease.check();
    // A batch still being written (the failure was in preparing the next one) moves the checkpoint if it commits.
    await this.settle().catch(() => undefined);
    this.rewind();
    if (!(await readVersion(this.pool, projection.name, version))) return 'retired';
    if (error instanceof StaleCheckpointError) throw error;
    if (isEventFailure(error)) {
      try {
        await this.isolate();
        this.failures = 0;
        return 'retry';
      } catch (isolating) {
        this.position = this.checkpoint;
        if (isolating instanceof StaleCheckpointError) throw isolating;
        error = isolating;
      }
    }
    this.failures += 1;
    const delayMs = backoff(this.failures, s.maxRetryDelayMs);
    await recordError(this.pool, projection.name, version, error);
    s.logger.error(
      {
        ...this.log,
        ...errorFields(error),
        checkpoint: formatPosition(this.checkpoint),
        failures: this.failures,
        retryInMs: delayMs,
      },
      'projection batch failed and was rolled back; retrying',
    );
    await sleep(delayMs, s.signal);
    return 'retry';
  }

  /**
   * The parking step, after a batch failed on something an event may have caused: the page at the checkpoint is
   * applied again in slices, halved on failure and doubled on success, each slice committed with its checkpoint;
   * an event that fails on its own is parked (its stream with it) and the rest goes on. About two transactions per
   * halving around each failing event; while nothing fails, the batch path stays the only one.
   */
  private async isolate(): Promise<void> {
    const { projection, s } = this;
    const page = await this.reader.read(this.checkpoint);
    const events = page.events.filter((e) => projection.wants(e.type));
    let i = 0;
    let size = Math.max(1, events.length);
    while (comparePositions(this.checkpoint, page.scannedTo) < 0 && !s.signal.aborted) {
      this.lease.check();
      const slice = events.slice(i, i + size);
      const to = i + slice.length >= events.length ? page.scannedTo : slice.at(-1)!.position;
      try {
        await this.attempt(slice, to);
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
        await this.attempt([], event.position, [{ event, error: message, behind: null }]);
        this.parked.set(event.streamId, { position: event.position, error: message });
        s.logger.warn(
          {
            ...this.log,
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
  }

  /**
   * Applies `events` (a slice of one page, in order) up to `to` in one transaction, from the committed checkpoint,
   * nothing carried from an earlier batch; events of parked streams, and `park`, are parked in the same
   * transaction.
   */
  private async attempt(
    events: RecordedEvent[],
    to: GlobalPosition,
    park: EventToPark[] = [],
  ): Promise<void> {
    const { projection } = this;
    const split = splitParked(events, this.parked);
    const handled = split.apply.filter((e) => projection.wants(e.type));
    const prepared =
      projection.prepare && handled.length > 0
        ? await projection.prepare(handled, this.pool, this.ctx, undefined)
        : undefined;
    await this.writer.write(split.apply, events.length, to, prepared, [...park, ...split.park]);
    this.position = this.checkpoint;
  }

  /**
   * Serves a `projector replay` request between two batches (nothing in flight): the parked events are applied
   * again under this runner's lock, then the request is cleared. A failure leaves the request for the next look.
   */
  private async serveReplay(requestedAt: Date | null): Promise<void> {
    const { s, projection, version, log } = this;
    this.lastReplayCheck = Date.now();
    if (!requestedAt) return;
    await this.settle();
    this.rewind();
    try {
      const result = await replayParkedEvents(this.pool, this.store, projection, version, s.logger);
      this.parked = await parkedStreams(this.pool, projection.name, version);
      await this.pool.query(
        `UPDATE projection_checkpoints SET replay_requested_at = NULL
          WHERE name = $1 AND version = $2 AND replay_requested_at < $3::timestamptz + interval '1 millisecond'`,
        [projection.name, version, requestedAt],
      );
      s.logger.info({ ...log, ...result }, 'replayed the parked events');
    } catch (error) {
      s.logger.error({ ...log, ...errorFields(error) }, 'replay of the parked events failed; trying again');
    }
  }
}
