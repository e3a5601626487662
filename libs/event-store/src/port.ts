/**
 * The EventStore port. Every adapter (Postgres, KurrentDB) implements it and passes the shared
 * contract suite in `contract/event-store.contract.ts`.
 */

/** Expected version of a stream at append time. A number is the stream position of its last event. */
export type ExpectedVersion = 'no_stream' | 'any' | 'stream_exists' | bigint | number;

/** Metadata every event carries (ARCHITECTURE.md "Event sourcing rules"). */
export interface EventMetadata {
  /** Account of the staff member (or `system`, `device:<sn>`) that caused the event. */
  actor: string;
  brandOwnerCode: string;
  correlationId: string;
  causationId: string;
  /** ISO-8601 time the command was handled. */
  occurredAt: string;
  /** Schema version of the payload; old payloads are upcast on read. */
  schemaVersion: number;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** uuid; the idempotency key of the append. */
  eventId: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

/**
 * A global position, compared with `comparePositions` (lexicographically). Postgres: (transaction id, global
 * position) of the event row; KurrentDB: (commit position, prepare position) of the event in `$all`.
 */
export interface GlobalPosition {
  transactionId: bigint;
  globalPosition: bigint;
}

export const START: GlobalPosition = { transactionId: 0n, globalPosition: 0n };

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.globalPosition !== b.globalPosition) return a.globalPosition < b.globalPosition ? -1 : 1;
  return 0;
}

export interface RecordedEvent<T extends string = string, D = unknown> extends NewEvent<T, D> {
  streamId: string;
  /** 0-based position inside the stream. */
  streamPosition: bigint;
  position: GlobalPosition;
  recordedAt: Date;
}

export interface AppendResult {
  /**
   * Stream position of the last event written (or already present, for an idempotent repeat); after an empty
   * append, the stream's current version (-1n when it does not exist).
   */
  nextExpectedVersion: bigint;
  /** Global position of the last event written; a read model that reached it shows the command's effect. */
  position: GlobalPosition;
}

export interface ReadAllOptions {
  /** Exclusive checkpoint: events strictly after it. */
  from?: GlobalPosition;
  maxCount?: number;
}

export interface ReadPageOptions {
  /** Exclusive checkpoint: events strictly after it. */
  from?: GlobalPosition;
  /** How many events of the global order this page scans, whether they match or not. */
  maxCount: number;
  /** Only events of these types come back; the others are scanned past (their payload is never read). */
  types?: readonly string[];
  /**
   * false: the events come back with `data: null`, for readers that need only who, when and which stream; a list
   * of event types: only events of those types come back with their payloads (the others with `data: null`), for
   * readers of several kinds of events that need the payloads of only some. Default true.
   */
  withData?: boolean | readonly string[];
  /**
   * true: each event's `data` and `metadata` are parsed from the JSON text the store holds when first read, and
   * `jsonTextOf(event)` gives that text unparsed (a reader handing payloads to another thread parses nothing). A
   * store that has no such text returns the events parsed as usual. Default false.
   */
  lazyJson?: boolean;
}

/** The JSON text of an event's `data` and `metadata` as read with `lazyJson`, or undefined. */
export interface EventJsonText {
  data: string | null;
  metadata: string;
}

const JSON_TEXT = Symbol('event JSON text');

/** Marks `event` as carrying its JSON text (for the stores' lazily parsed events). */
export function withJsonText<E extends object>(event: E, text: EventJsonText): E {
  (event as { [JSON_TEXT]?: EventJsonText })[JSON_TEXT] = text;
  return event;
}

/** The JSON text an event was read as (ReadPageOptions.lazyJson), or undefined when it was read parsed. */
export function jsonTextOf(event: RecordedEvent): EventJsonText | undefined {
  return (event as { [JSON_TEXT]?: EventJsonText })[JSON_TEXT];
}

/** One page of the global order as a filtered reader sees it. */
export interface ReadPage {
  /** The events of the page that match, in global order. */
  events: RecordedEvent[];
  /**
   * The position of the last event scanned (matching or not): the exclusive start of the next page, and the
   * checkpoint of a reader that handled `events`. Equals `from` when there was nothing to scan.
   */
  scannedTo: GlobalPosition;
  /** How many events the page scanned; fewer than `maxCount` means the reader is at the head for now. */
  scanned: number;
}

export interface Subscription {
  /** Ends the subscription after the batch in hand (if any) was handled; resolves once it ended. Never rejects. */
  stop(): Promise<void>;
  /**
   * Settles when the subscription ended: resolves after `stop()`, rejects with the error when `onEvents` threw or
   * the store could not be read. (A rejection nobody awaits is not reported as unhandled.)
   */
  readonly done: Promise<void>;
}

export interface SubscribeOptions {
  from?: GlobalPosition;
  /**
   * Called for each batch in global order, one batch at a time (the next read waits for the returned promise).
   * If it throws, the subscription stops and `done` rejects with that error.
   */
  onEvents: (events: RecordedEvent[]) => Promise<void> | void;
  batchSize?: number;
}

export interface EventStore {
  /**
   * Appends `events` in order if the stream is at `expectedVersion`, else throws `WrongExpectedVersionError`.
   * Appending events whose ids are all already in the stream (a retried command: the same expected version, or
   * `any` / `stream_exists`) writes nothing and returns the original result; a partial overlap throws
   * `EventIdConflictError`. Event ids are keys within their stream, as in KurrentDB. An empty list only checks
   * the version.
   */
  appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult>;
  readStream(
    streamId: string,
    options?: { fromVersion?: bigint; maxCount?: number },
  ): Promise<RecordedEvent[]>;
  /** Events after `from` in global order, gap-free: only what no in-flight append can still precede. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Like `readAll`, for catch-up readers that want some event types only: scans the next `maxCount` events after
   * `from` (gap-free, as `readAll`) and returns those that match, with the position it scanned to. A reader that
   * handles none of a page's events still moves its checkpoint to `scannedTo`, so it never scans them again.
   */
  readAllPage(options: ReadPageOptions): Promise<ReadPage>;
  /** Catch-up from `from`, then live, in global order, gap-free. */
  subscribeToAll(options: SubscribeOptions): Subscription;
  /** The newest position readable in global order right now. */
  headPosition(): Promise<GlobalPosition>;
  /**
   * A waiter for a reader that polls with `readAll`/`readAllPage` at the head, so it reads at once after an append
   * and polls rarely when idle (see `AppendWaiter`). Stores without append hints leave it out: readers then sleep
   * their whole poll interval.
   */
  appendWaiter?(): AppendWaiter;
  /** Stops the store's subscriptions and its own connections (a pool or client handed in stays open). */
  close(): Promise<void>;
}

/**
 * One reader's wait at the head of the log. `wait` ends at the next hint that something was appended (by any
 * process), after `timeoutMs`, or when `signal` aborts, and at once when a hint came since this waiter's previous
 * wait ended (an append during the reader's read is never slept through). A hint follows the end of every append
 * through a store, written or refused, so events an older in-flight append held back get one when it ends; the
 * timeout is only the most a write from outside the stores (or a lost hint) waits.
 */
export interface AppendWaiter {
  wait(timeoutMs: number, signal?: AbortSignal): Promise<void>;
}

/** Whether a stream whose last event is at `actual` (null: no stream) is where `expected` asks it to be. */
export function expectedVersionMatches(expected: ExpectedVersion, actual: bigint | null): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === null;
  if (expected === 'stream_exists') return actual !== null;
  return actual === BigInt(expected);
}

/**
 * An append of no events: only the expected version is checked, and the stream's last event (`last`; undefined
 * without a stream) is the result.
 */
export function emptyAppendResult(
  streamId: string,
  expected: ExpectedVersion,
  last: { streamPosition: bigint; position: GlobalPosition } | undefined,
): AppendResult {
  const actual = last ? last.streamPosition : null;
  if (!expectedVersionMatches(expected, actual))
    throw new WrongExpectedVersionError(streamId, expected, actual);
  return last
    ? { nextExpectedVersion: last.streamPosition, position: last.position }
    : { nextExpectedVersion: -1n, position: START };
}

/** Thrown when the expected version does not match. The API maps it to 409. */
export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: bigint | null,
  ) {
    super(
      `Stream ${streamId}: expected version ${String(expected)}, actual ${actual === null ? 'none' : String(actual)}`,
    );
    this.name = 'WrongExpectedVersionError';
  }
}

/**
 * Thrown when some, but not all, of the appended event ids already exist, or they exist in another stream or
 * order: the idempotency key was reused for different facts. The API maps it to 409.
 */
export class EventIdConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventIds: string[],
  ) {
    super(`Stream ${streamId}: event ids already used by other events: ${eventIds.join(', ')}`);
    this.name = 'EventIdConflictError';
  }
}
