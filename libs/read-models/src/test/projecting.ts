import { holding } from '@kb/testing';
import type { Projection } from '../framework/projection.js';
import type { GlobalPosition } from '@kb/event-store';
import { rebuildProjection, runProjections, type RunOptions } from '../framework/runner.js';
import { newEvent, projected, startTestSystem, type TestSystem } from './support.js';

/** A test system with projections running on it, as the projector runs them; `close` stops them, then the system. */
export interface ProjectingSystem extends TestSystem {
  /** Aborted when the system closes: what a replay alongside the running process listens to. */
  signal: AbortSignal;
}

export async function startProjecting(
  projections: readonly Projection[],
  options: Omit<RunOptions, 'signal'> = {},
): Promise<ProjectingSystem> {
  const sys = await startTestSystem();
  const stop = new AbortController();
  const running = runProjections(sys.pool, sys.store, projections, {
    signal: stop.signal,
    pollIntervalMs: 20,
    ...options,
  });
  return {
    ...sys,
    signal: stop.signal,
    async close() {
      stop.abort();
      await running;
      await sys.close();
    },
  };
}

/** The tests of the enclosing `describe` share one projecting system; the answer reads it. */
export function projectingSystem(
  projections: readonly Projection[],
  options: Omit<RunOptions, 'signal'> = {},
): () => ProjectingSystem {
  return holding(
    'all',
    () => startProjecting(projections, options),
    (s) => s.close(),
  );
}

/** Rebuilds `projection` from the log and expects each of `reads` to answer what it answered before. */
export async function expectSameAfterRebuild(
  sys: TestSystem,
  projection: Projection,
  ...reads: (() => Promise<unknown>)[]
): Promise<void> {
  const before: unknown[] = [];
  for (const read of reads) before.push(await read());
  const result = await rebuildProjection(sys.pool, sys.store, projection, {
    signal: new AbortController().signal,
    pollIntervalMs: 20,
  });
  expect(result.version).toBeGreaterThan(result.replaced ?? 0);
  for (const [i, read] of reads.entries()) expect(await read()).toEqual(before[i]);
}

/**
 * Appends to the stream of record `junk` an event of `type` that carries no record (`data`), then `create`s a record
 * `id`; expects the projection `name` to go on past the junk: it lists `id` (among `listedIds`) and not `junk`.
 */
export async function expectJunkPassedOver(
  sys: TestSystem,
  name: string,
  junk: { id: string; streamId: string; type: string; data: Record<string, unknown> },
  id: string,
  create: () => Promise<GlobalPosition>,
  listedIds: () => Promise<string[]>,
): Promise<void> {
  await sys.store.appendToStream(
    junk.streamId,
    [newEvent(junk.type, 'tool', 'DEMO', junk.data)],
    'no_stream',
  );
  await projected(sys.pool, name, await create());
  const ids = await listedIds();
  expect(ids).toContain(id);
  expect(ids).not.toContain(junk.id);
}
