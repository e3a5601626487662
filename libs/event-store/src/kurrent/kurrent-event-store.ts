import {
  ANY,
  BACKWARDS,
  END,
  KurrentDBClient,
  NO_STREAM,
  START as FROM_START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type Filter,
  type JSONType,
  type Position,
  type ReadPosition,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import { START, WrongExpectedVersionError, comparePositions, emptyAppendResult } from '../port.js';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedVersion,
  GlobalPosition,
  NewEvent,
  ReadAllOptions,
  ReadPage,
  ReadPageOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../port.js';

// Position mapping. KurrentDB orders `$all` by (commit position, prepare position): the events of one append
// share a commit position and differ in prepare position. Our GlobalPosition compares (transactionId,
// globalPosition) the same way, so transactionId = commit and globalPosition = prepare keeps the order, and the
// pair converts back to a KurrentDB position without loss.
export function fromKurrentPosition(position: Position): GlobalPosition {
  return { transactionId: position.commit, globalPosition: position.prepare };
}

export function toKurrentReadPosition(position: GlobalPosition | undefined): ReadPosition {
  if (!position || comparePositions(position, START) === 0) return FROM_START;
  return { commit: position.transactionId, prepare: position.globalPosition };
}

export function toKurrentExpectedRevision(expected: ExpectedVersion): AppendStreamState {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  const revision = BigInt(expected);
  if (revision < 0n) throw new RangeError(`Expected version must be >= 0, got ${String(expected)}`);
  return revision;
}

/** Event types starting with `$` are KurrentDB's own (stream metadata, statistics, projections). */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

/** Servers before 22.6 report no position on stream reads (or 2^64-1); this store needs it. */
const NO_POSITION = 2n ** 64n - 1n;

/** Our name of a stream from its name on the node (`Streams.local`); undefined for a stream outside our space. */
type LocalName = (streamName: string) => string | undefined;

function toRecordedEvent(
  resolved: ResolvedEvent | AllStreamResolvedEvent,
  local: LocalName,
): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEventType(event.type)) return undefined;
  const streamId = local(event.streamId);
  if (streamId === undefined) return undefined;
  if (!event.position || event.position.commit === NO_POSITION) {
    throw new Error(
      'KurrentDB did not report the position of an event: KurrentDB (EventStoreDB) 22.6 or later is needed',
    );
  }
  return {
    eventId: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
    streamId,
    streamPosition: event.revision,
    position: fromKurrentPosition(event.position),
    recordedAt: event.created,
  };
}

export interface KurrentEventStoreOptions {
  /** Default batch size of `subscribeToAll`. Default 500. */
  batchSize?: number;
  /**
   * When given, `readAll`, `readAllPage`, `subscribeToAll` and `headPosition` see only the streams whose names
   * start with one of these, filtered by the server (a node may hold other applications' streams). Streams are
   * still appended to and read by name whatever their prefix.
   */
  streamPrefixes?: readonly string[];
  /**
   * Keeps this store's streams apart from others' on a shared node: stream `recipe-1` is `<namespace>.recipe-1`
   * there, and readers of the global order see only the namespace's streams. Each test suite takes its own.
   */
  namespace?: string;
}

/** Thrown by `KurrentEventStore.connect` when no KurrentDB server answers at the address. */
export class KurrentUnavailableError extends Error {
  constructor(
    readonly address: string,
    cause: unknown,
  ) {
    super(
      `KurrentDB at ${address} did not answer (${cause instanceof Error ? cause.message || cause.name : String(cause)})`,
      { cause },
    );
    this.name = 'KurrentUnavailableError';
  }
}

/** The connection string without its password, for messages and logs. */
export function redactConnectionString(connectionString: string): string {
  return connectionString.replace(/^([a-z+]+:\/\/[^:/@]+):[^@/]*@/i, '$1:***@');
}

/**
 * The event store on KurrentDB (formerly EventStoreDB) through `@kurrent/kurrentdb-client`. Expected versions map
 * to KurrentDB's stream states, idempotency is KurrentDB's own (by event id), and `readAll` / `subscribeToAll`
 * leave out KurrentDB's system events (or, with `streamPrefixes`, every stream but ours). Needs KurrentDB 22.6 or
 * later (positions on stream reads).
 */
export class KurrentEventStore implements EventStore {
  private readonly subscriptions = new Set<KurrentSubscription>();
  private readonly batchSize: number;
  private readonly ownsClient: boolean;
  private readonly filter: Filter | undefined;
  private readonly prefix: string;
  private readonly local: LocalName;

  constructor(
    private readonly client: KurrentDBClient,
    options: KurrentEventStoreOptions & { ownsClient?: boolean } = {},
  ) {
    this.batchSize = options.batchSize ?? 500;
    this.ownsClient = options.ownsClient ?? false;
    this.prefix = options.namespace ? `${options.namespace}.` : '';
    const prefix = this.prefix;
    this.local = prefix
      ? (name) => (name.startsWith(prefix) ? name.slice(prefix.length) : undefined)
      : (name) => name;
    const prefixes = options.streamPrefixes ?? (prefix ? [''] : undefined);
    this.filter = prefixes ? streamNameFilter({ prefixes: prefixes.map((p) => prefix + p) }) : undefined;
  }

  /** A store on its own client (closed by `close()`), e.g. `kurrentdb://127.0.0.1:2113?tls=false`. */
  static fromConnectionString(
    connectionString: string,
    options: KurrentEventStoreOptions = {},
  ): KurrentEventStore {
    return new KurrentEventStore(KurrentDBClient.connectionString(connectionString), {
      ...options,
      ownsClient: true,
    });
  }

  /**
   * A store on its own client, once the server has answered a read; else `KurrentUnavailableError` (after at most
   * `timeoutMs`, default 5 s) and the client is closed. The client itself would retry in the background and let
   * the first command fail much later; a process should rather refuse to start.
   */
  static async connect(
    connectionString: string,
    options: KurrentEventStoreOptions & { timeoutMs?: number } = {},
  ): Promise<KurrentEventStore> {
    const store = KurrentEventStore.fromConnectionString(connectionString, options);
    const timeoutMs = options.timeoutMs ?? 5000;
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        store.probe(),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      return store;
    } catch (error) {
      await store.close().catch(() => undefined);
      throw new KurrentUnavailableError(redactConnectionString(connectionString), error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One read of the newest record of `$all`: the cheapest request that needs the server. */
  private async probe(): Promise<void> {
    for await (const _ of this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) {
      break;
    }
  }

  async appendToStream(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    const expectedRevision = toKurrentExpectedRevision(expectedVersion);
    if (events.length === 0) return this.checkVersionOnly(streamId, expectedVersion);
    let result;
    try {
      result = await this.client.appendToStream(
        this.prefix + streamId,
        events.map((e) =>
          jsonEvent({
            id: e.eventId,
            type: e.type,
            data: (e.data ?? null) as JSONType,
            metadata: e.metadata,
          }),
        ),
        { streamState: expectedRevision },
      );
    } catch (error) {
      if (error instanceof KurrentWrongExpectedVersionError) {
        const actual = error.actualState;
        throw new WrongExpectedVersionError(
          streamId,
          expectedVersion,
          actual === NO_STREAM ? null : BigInt(actual),
        );
      }
      throw error;
    }
    // For one event the reported position is that event's. For several, and for an idempotent repeat (which
    // reports none), read the last event back, so that the result is exactly the position of the append's last
    // event in $all, whatever the server reported.
    const reported = result.position;
    const position =
      events.length === 1 && reported && reported.commit !== NO_POSITION
        ? fromKurrentPosition(reported)
        : await this.positionOfRevision(streamId, result.nextExpectedRevision);
    return { nextExpectedVersion: result.nextExpectedRevision, position };
  }

  async readStream(
    streamId: string,
    options: { fromVersion?: bigint; maxCount?: number } = {},
  ): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(this.prefix + streamId, {
        fromRevision: options.fromVersion ?? FROM_START,
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      })) {
        const event = toRecordedEvent(resolved, this.local);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = options.from ?? START;
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    // Reading $all from a position includes the event at that position, and system events are left out here,
    // so read on until maxCount events after `from` are collected (leaving the loop cancels the read).
    for await (const resolved of this.client.readAll({
      fromPosition: toKurrentReadPosition(from),
      filter: this.filter,
    })) {
      const event = toRecordedEvent(resolved, this.local);
      if (!event || comparePositions(event.position, from) <= 0) continue;
      events.push(event);
      if (events.length >= maxCount) break;
    }
    return events;
  }

  // The server filters streams (`streamPrefixes`), not event types: a page is the next `maxCount` events of our
  // streams, and the types are picked here.
  async readAllPage(options: ReadPageOptions): Promise<ReadPage> {
    const from = options.from ?? START;
    const all = await this.readAll({ from, maxCount: options.maxCount });
    const types = options.types ? new Set(options.types) : null;
    const dataTypes = Array.isArray(options.withData) ? new Set(options.withData as readonly string[]) : null;
    const withDataOf = (type: string) => options.withData !== false && (!dataTypes || dataTypes.has(type));
    return {
      events: all
        .filter((e) => !types || types.has(e.type))
        .map((e) => (withDataOf(e.type) ? e : { ...e, data: null })),
      scannedTo: all.at(-1)?.position ?? from,
      scanned: all.length,
    };
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new KurrentSubscription(
      this.client,
      this.filter ?? excludeSystemEvents(),
      this.local,
      options,
      options.batchSize ?? this.batchSize,
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async headPosition(): Promise<GlobalPosition> {
    for await (const resolved of this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      filter: this.filter,
    })) {
      const event = toRecordedEvent(resolved, this.local);
      if (event) return event.position;
    }
    return START;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.ownsClient) await this.client.dispose();
  }

  private async positionOfRevision(streamId: string, revision: bigint): Promise<GlobalPosition> {
    const [last] = await this.readStream(streamId, { fromVersion: revision, maxCount: 1 });
    if (!last) throw new Error(`Stream ${streamId}: event ${String(revision)} just appended was not found`);
    return last.position;
  }

  private async checkVersionOnly(streamId: string, expectedVersion: ExpectedVersion): Promise<AppendResult> {
    let last: RecordedEvent | undefined;
    try {
      for await (const resolved of this.client.readStream(this.prefix + streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: 1,
      })) {
        last = toRecordedEvent(resolved, this.local);
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return emptyAppendResult(streamId, expectedVersion, last);
  }
}

class KurrentSubscription implements Subscription {
  readonly done: Promise<void>;
  private readonly stream: AllStreamSubscription;
  private readonly buffer: RecordedEvent[] = [];
  private stopped = false;
  private ended = false;
  private failure: unknown;
  private signal: (() => void) | undefined;
  private checkpoint: GlobalPosition;

  constructor(
    client: KurrentDBClient,
    filter: Filter,
    private readonly local: LocalName,
    private readonly options: SubscribeOptions,
    private readonly batchSize: number,
    onEnd: () => void,
  ) {
    this.checkpoint = options.from ?? START;
    // The subscription starts after `fromPosition`; the server-side filter drops system events (or every stream
    // but ours).
    this.stream = client.subscribeToAll({
      fromPosition: toKurrentReadPosition(options.from),
      filter,
    });
    this.stream.on('data', (resolved: AllStreamResolvedEvent) => {
      try {
        const event = toRecordedEvent(resolved, this.local);
        if (event && comparePositions(event.position, this.checkpoint) > 0) {
          this.buffer.push(event);
          this.checkpoint = event.position;
        }
      } catch (error) {
        this.failure ??= error;
      }
      if (this.buffer.length >= this.batchSize) this.stream.pause();
      this.wake();
    });
    this.stream.on('error', (error: unknown) => {
      this.failure ??= error;
      this.wake();
    });
    this.stream.on('end', () => {
      this.ended = true;
      this.wake();
    });
    this.done = this.run().finally(onEnd);
    this.done.catch(() => undefined);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.done.catch(() => undefined);
  }

  private wake(): void {
    const signal = this.signal;
    this.signal = undefined;
    signal?.();
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped) {
        if (this.buffer.length > 0) {
          const batch = this.buffer.splice(0, this.batchSize);
          if (this.stream.isPaused()) this.stream.resume();
          await this.options.onEvents(batch);
          continue;
        }
        if (this.failure !== undefined) throw this.failure;
        if (this.ended) throw new Error('The KurrentDB subscription was closed by the server');
        await new Promise<void>((resolve) => {
          this.signal = resolve;
        });
      }
    } finally {
      await this.stream.unsubscribe().catch(() => undefined);
    }
  }
}
