import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { PERMISSION_ROLES, type Permission, type StaffRole } from '@kb/contracts';
import { APP_CONFIG, type AppConfig } from '../../config.js';
import { LIVE_CHANNEL } from './live-events.migrations.js';

export type LiveTopic = 'device' | 'job' | 'notice' | 'rollout';

/**
 * What a role needs to hear about each topic: the permission of the screens that show it (the device, job,
 * notice and APK queries). Every role reads all of them today; a stricter matrix narrows the stream with them.
 */
const TOPIC_PERMISSIONS: Record<LiveTopic, Permission> = {
  device: 'read',
  job: 'read',
  notice: 'read',
  rollout: 'read',
};

/** Whether `role` may hear of `topic` under the permission matrix `roles`. */
export function roleHears(
  role: StaffRole,
  topic: LiveTopic,
  roles: Readonly<Record<Permission, readonly StaffRole[]>> = PERMISSION_ROLES,
): boolean {
  return roles[TOPIC_PERMISSIONS[topic]].includes(role);
}

/**
 * A record changing many times in a row (a notice acknowledged by thousands of devices a second) is told at once,
 * then at most once per this window: the screens ask again once for the burst, and the kept events stay useful.
 */
const FOLD_MS = 500;

export interface LiveEvent {
  /** `<run>-<n>`: this process's run and the event's place in it, so a reconnect can resume after it. */
  eventId: string;
  seq: number;
  brand: string;
  topic: LiveTopic;
  id: string;
}

interface Subscriber {
  brand: string;
  role: StaffRole;
  /** One event, or 'reset': what happened meanwhile is unknown, reload everything live. */
  send: (event: LiveEvent | 'reset') => void;
}

/** Events kept for resuming a stream after a reconnect. */
const KEPT = 1000;

/**
 * One LISTEN connection per API process, fanned out to the open event streams of each brand. A stream that
 * reconnects names the last event it saw (Last-Event-ID); what it missed is replayed from the events kept, or,
 * when that is not possible (another process run, too long away), it is told to reload everything.
 */
@Injectable()
export class LiveEventsService implements OnModuleDestroy {
  private readonly logger = new Logger('LiveEvents');
  private readonly run = randomBytes(4).toString('hex');
  private seq = 0;
  private readonly kept: LiveEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** The records told within the last FOLD_MS, and whether they changed again since. */
  private readonly folding = new Map<string, { again: boolean; timer: NodeJS.Timeout }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Starts hearing `subscriber`'s brand; answers what it missed since `lastEventId` (or 'reset'), and where it is now. */
  async subscribe(
    subscriber: Subscriber,
    lastEventId: string | null,
  ): Promise<{ missed: LiveEvent[] | 'reset'; position: string; stop: () => void }> {
    await this.listen();
    this.subscribers.add(subscriber);
    return {
      missed: this.since(subscriber, lastEventId),
      // Where the stream stands now: a stream that heard nothing yet still resumes from here.
      position: `${this.run}-${this.seq}`,
      stop: () => this.subscribers.delete(subscriber),
    };
  }

  private since(subscriber: Subscriber, lastEventId: string | null): LiveEvent[] | 'reset' {
    if (!lastEventId) return [];
    const [run, n] = lastEventId.split('-');
    const seq = Number(n);
    const oldest = this.kept[0]?.seq ?? this.seq + 1;
    if (run !== this.run || !Number.isInteger(seq) || seq + 1 < oldest) return 'reset';
    return this.kept.filter((e) => e.seq > seq && this.hears(subscriber, e));
  }

  private hears(subscriber: Subscriber, event: LiveEvent): boolean {
    return event.brand === subscriber.brand && roleHears(subscriber.role, event.topic);
  }

  private listen(): Promise<void> {
    if (this.client || this.closed) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => (this.connecting = null));
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.config.DATABASE_URL,
      application_name: 'kitchen-api-live',
    });
    // A server-ended connection ends this listener only: streams stay open and it listens again shortly.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (message) => this.heard(message.payload));
    await client.connect();
    await client.query(`LISTEN ${LIVE_CHANNEL}`);
    this.client = client;
  }

  private lost(client: pg.Client, error: Error | null) {
    if (this.client !== client) return;
    this.client = null;
    if (error) this.logger.warn(`live events connection lost: ${error.message}`);
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      // Whatever changed meanwhile was not heard: every stream reloads.
      if (this.subscribers.size > 0)
        void this.listen()
          .then(() => this.broadcastReset())
          .catch((e: Error) => this.lost(client, e));
    }, 1000);
  }

  private broadcastReset() {
    for (const s of this.subscribers) s.send('reset');
  }

  private heard(payload: string | undefined) {
    let fact: { brand?: unknown; topic?: unknown; id?: unknown };
    try {
      fact = JSON.parse(payload ?? '') as typeof fact;
    } catch {
      return;
    }
    if (typeof fact.brand !== 'string' || typeof fact.id !== 'string' || !isTopic(fact.topic)) return;
    this.fold({ brand: fact.brand, topic: fact.topic, id: fact.id });
  }

  /** Tells `fact` now, or, when it was told less than FOLD_MS ago, once more when that window ends. */
  private fold(fact: Pick<LiveEvent, 'brand' | 'topic' | 'id'>) {
    const key = `${fact.brand}\n${fact.topic}\n${fact.id}`;
    const window = this.folding.get(key);
    if (window) {
      window.again = true;
      return;
    }
    this.tell(fact);
    const opened = {
      again: false,
      timer: setTimeout(() => {
        this.folding.delete(key);
        if (opened.again && !this.closed) this.fold(fact);
      }, FOLD_MS).unref(),
    };
    this.folding.set(key, opened);
  }

  private tell(fact: Pick<LiveEvent, 'brand' | 'topic' | 'id'>) {
    const seq = ++this.seq;
    const event: LiveEvent = { eventId: `${this.run}-${seq}`, seq, ...fact };
    this.kept.push(event);
    if (this.kept.length > KEPT) this.kept.shift();
    for (const s of this.subscribers) if (this.hears(s, event)) s.send(event);
  }

  async onModuleDestroy() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    for (const { timer } of this.folding.values()) clearTimeout(timer);
    this.folding.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

const isTopic = (topic: unknown): topic is LiveTopic =>
  typeof topic === 'string' && Object.hasOwn(TOPIC_PERMISSIONS, topic);
