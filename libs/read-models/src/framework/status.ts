import { comparePositions, type EventStore, type GlobalPosition } from '@kb/event-store';
import type { Pool } from '@kb/platform';
import { deferredIndexes } from './deferred-indexes.js';
import { lockHolder } from './locks.js';
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
  lastError: string | null;
  lastErrorAt: Date | null;
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
  for (const v of await readVersions(pool)) {
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
    });
  }
  return out;
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
