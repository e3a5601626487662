import { holding } from '@kb/testing';
import type { Projection } from '../framework/projection.js';
import { runProjections, type RunOptions } from '../framework/runner.js';
import { startTestSystem, type TestSystem } from './support.js';

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
