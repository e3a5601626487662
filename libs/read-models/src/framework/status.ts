import { comparePositions, type EventStore, type GlobalPosition } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { deferredIndexes } from './deferred-indexes.js';
import { lockHolder } from './locks.js';
import { parkedCounts, type ParkedCount } from './parking.js';
import type { ProjectionDefinition } from './projection.js';
import { readVersions, type VersionStatus } from './versions.js';
import { sleep } from './log.js';

export interface ProjectionStatus {
  name: string;
  /** Built version (the `_v<version>` of its tables). */
  version: number;
  status: VersionStatus;
  /** Code version that built it, and the code version of this build of the software (null: unknown here). */
  definitionVersion: number;
  codeVersion: number | null;
  checkpoint: GlobalPosition;
  head: GlobalPosition;
  /** Events in the log after the checkpoint, up to the head. */
  lagEvents: number;
  /** How long the oldest event not yet projected has been waiting (0 when caught up). */
  lagSeconds: number;
  /** Secondary indexes set aside during a long catch-up, built again when it has caught up (0 normally). */
  deferredIndexes: number;
  /** Who holds the run lock ("pid 4242, projector@…"), or null when no instance runs this version. */
  runningBy: string | null;
  updatedAt: Date;
  /** The error of the last failed batch, until a batch succeeds again (then null). */
  lastError: string | null;
  lastErrorAt: Date | null;
  /** Events this version set aside (parking.ts), the streams they belong to, and those streams' brands. */
  parked: ParkedCount;
  /** `failing` (its last batch failed and it is retrying), `parked` (it goes on, but holds parked events), or `ok`. */
  health: ProjectionHealth;
}

export type ProjectionHealth = 'ok' | 'parked' | 'failing';

const NONE_PARKED: ParkedCount = { events: 0, streams: 0, brands: [] };

function healthOf(lastError: string | null, parked: ParkedCount): ProjectionHealth {
  if (lastError !== null) return 'failing';
  return parked.events > 0 ? 'parked' : 'ok';
}

const COUNT_PAGE = 5000;

/** Counts events after `from` up to and including `head`, and returns the first of them. */
async function lagBehind(
  store: EventStore,
  from: GlobalPosition,
  head: GlobalPosition,
): Promise<{ count: number; oldest: Date | null }> {
  let count = 0;
  let oldest: Date | null = null;
  let cursor = from;
  if (comparePositions(from, head) >= 0) return { count, oldest };
  for (;;) {
    const page = await store.readAll({ from: cursor, maxCount: COUNT_PAGE });
    for (const e of page) {
      if (comparePositions(e.position, head) > 0) return { count, oldest };
      oldest ??= e.recordedAt;
      count += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < COUNT_PAGE) return { count, oldest };
    cursor = last.position;
  }
}

/**
 * Status of every built version (live ones and builds in progress) of the registered projections, plus any
 * version found in the database whose projection this software does not know.
 */
export async function projectionStatus(
  pool: Pool,
  store: EventStore,
  projections: readonly ProjectionDefinition[],
  now: () => Date = () => new Date(),
): Promise<ProjectionStatus[]> {
  const head = await store.headPosition();
  const code = new Map(projections.map((p) => [p.name, p.version]));
  const out: ProjectionStatus[] = [];
  const parked = await parkedCounts(pool);
  for (const v of await readVersions(pool)) {
    const held = parked.get(`${v.name}/${v.version}`) ?? NONE_PARKED;
    const lag = await lagBehind(store, v.checkpoint, head);
    out.push({
      name: v.name,
      version: v.version,
      status: v.status,
      definitionVersion: v.definitionVersion,
      codeVersion: code.get(v.name) ?? null,
      checkpoint: v.checkpoint,
      head,
      lagEvents: lag.count,
      lagSeconds: lag.oldest ? Math.max(0, (now().getTime() - lag.oldest.getTime()) / 1000) : 0,
      deferredIndexes: (await deferredIndexes(pool, v.name, v.version)).length,
      runningBy: await lockHolder(pool, v.name, v.version),
      updatedAt: v.updatedAt,
      lastError: v.lastError,
      lastErrorAt: v.lastErrorAt,
      parked: held,
      health: healthOf(v.lastError, held),
    });
  }
  return out;
}

/** One live projection as the API's health shows it (no lag: counting it reads the log). */
export interface ReadSideProjection {
  name: string;
  version: number;
  health: ProjectionHealth;
  parkedEvents: number;
  parkedStreams: number;
  /** Brands with parked streams. */
  parkedBrands: string[];
  /** When the last batch failed, while it is failing (the error text itself is for `projector status`). */
  failingSince: Date | null;
}

/**
 * The read side at a glance, cheap enough for a health check: per live projection, whether its last batch failed
 * and how many events it parked. `ok` is false when any is failing or holds parked events.
 */
export async function readSideHealth(db: Pool): Promise<{ ok: boolean; projections: ReadSideProjection[] }> {
  const parked = await parkedCounts(db);
  const projections = (await readVersions(db))
    .filter((v) => v.status === 'live')
    .map((v): ReadSideProjection => {
      const held = parked.get(`${v.name}/${v.version}`) ?? NONE_PARKED;
      return {
        name: v.name,
        version: v.version,
        health: healthOf(v.lastError, held),
        parkedEvents: held.events,
        parkedStreams: held.streams,
        parkedBrands: held.brands,
        failingSince: v.lastError === null ? null : v.lastErrorAt,
      };
    });
  return { ok: projections.every((p) => p.health === 'ok'), projections };
}

/**
 * Read-your-writes: waits (bounded) until the live version of a projection has applied the event at `position`
 * (the position a command's append returned). Resolves true when reached, false on timeout.
 */
export async function waitForProjection(
  db: Pool,
  name: string,
  position: GlobalPosition,
  options: { timeoutMs?: number; pollMs?: number; signal?: AbortSignal } = {},
): Promise<boolean> {
  const deadline = Date.now() + (options.timeoutMs ?? 2000);
  for (;;) {
    const live = (await readVersions(db, name)).find((v) => v.status === 'live');
    if (live && comparePositions(live.checkpoint, position) >= 0) return true;
    if (Date.now() >= deadline || options.signal?.aborted) return false;
    await sleep(Math.min(options.pollMs ?? 25, Math.max(1, deadline - Date.now())), options.signal);
  }
}
