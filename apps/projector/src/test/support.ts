// Test support for the projector specs (not part of the build: see the package's build script).
import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  START,
  comparePositions,
  PostgresEventStore,
  postgresEventStoreMigrations,
  type GlobalPosition,
} from '@kb/event-store';
import { createPool, migrate, type Pool } from '@kb/platform';
import { recipeContentSchema } from '@kb/contracts';
import {
  RECIPE_EVENT_SCHEMA_VERSIONS,
  recipeDecider,
  recipeStreamId,
  replay,
  type RecipeEvent,
} from '@kb/domain';
import {
  createTestDatabase,
  envWithoutEventStore,
  eventually,
  newEvent,
  type TestDatabase,
} from '@kb/testing';
import { liveCheckpoint, type Projection } from '@kb/read-models';
import { main } from '../cli.js';

export const MAIN_JS = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** The built projector; `nx run @kb/projector:test` builds it first (test dependsOn build). */
export function requireBuiltProjector(): string {
  if (!existsSync(MAIN_JS)) {
    throw new Error(
      `${MAIN_JS} is missing: run the tests through Nx (npx nx run @kb/projector:test), which builds first`,
    );
  }
  return MAIN_JS;
}

export interface EventDatabase {
  db: TestDatabase;
  pool: Pool;
  store: PostgresEventStore;
  close(): Promise<void>;
}

export async function openEventDatabase(): Promise<EventDatabase> {
  const db = await createTestDatabase('kbproj');
  const pool = createPool(db.url, { max: 20, applicationName: 'projector-test' });
  await migrate(pool, postgresEventStoreMigrations);
  const store = new PostgresEventStore(pool, { notify: false });
  return {
    db,
    pool,
    store,
    async close() {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

/**
 * Appends `perStream` events to each of `streams` new streams of mixed aggregate types and brands, and waits until
 * they are all readable (readers only see events below the oldest transaction still running on the server).
 * Returns the newest position written.
 */
export async function appendEvents(
  store: PostgresEventStore,
  streams: number,
  perStream: number,
): Promise<GlobalPosition> {
  const prefixes = ['recipe', 'apk', 'offline-pack'];
  const ids = Array.from({ length: streams }, (_, i) => `${prefixes[i % 3]}-${randomUUID()}`);
  let newest = START;
  for (let round = 0; round < perStream; round++) {
    const results = await Promise.all(
      ids.map((id, i) =>
        store.appendToStream(
          id,
          [
            newEvent(
              round === 0 ? 'Created' : `Changed${round % 4}`,
              `user${(i + round) % 5}`,
              i % 2 ? 'DEMO' : 'OTHER',
            ),
          ],
          round === 0 ? 'no_stream' : round - 1,
        ),
      ),
    );
    for (const r of results) if (comparePositions(r.position, newest) > 0) newest = r.position;
  }
  await answered(async () => comparePositions(await store.headPosition(), newest) >= 0);
  return newest;
}

/**
 * The value `probe` answers once it answers one (not undefined or false), through the tests' one poll,
 * `eventually` of @kb/testing; a probe that throws (a process or its tables still starting) is asked again.
 */
export async function answered<T>(
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const value = await eventually(
    () => probe().catch(() => undefined),
    (v) => v !== undefined && v !== false,
    timeoutMs,
    'an answer from the probe',
  );
  return value as T;
}

/**
 * Appends the histories of `count` recipes as the API writes them (created through the recipe decider; every
 * other one submitted, every fourth released too), many at a time, numbered from `first`; returns the newest
 * position written.
 */
export async function appendRecipes(
  store: PostgresEventStore,
  count: number,
  first = 0,
): Promise<GlobalPosition> {
  const picture = randomUUID();
  const category = randomUUID();
  const write = async (i: number): Promise<GlobalPosition> => {
    const recipeId = randomUUID();
    const names = { zh: { name: `南瓜汤 ${i}` }, en: { name: `Pumpkin "soup" ${i}` } };
    const content = recipeContentSchema.parse({
      ...{ type: 'SOUP', number: `K-${i}`, mainLang: 'zh', langs: ['zh', 'en'], texts: names },
      ...{
        servingVersions: [{ servings: 2, steps: [{ number: 1, workMode: 'MANUAL' }] }],
        difficulty: 'easy',
      },
      ...{ productCodes: ['TM-6'], pictureFileCode: picture, categoryId: category, tagIds: [] },
    });
    const commands = [
      { type: 'CreateRecipe', recipeId, content },
      ...(i % 2 ? [{ type: 'SubmitRecipe' }] : []),
      ...(i % 4 === 1 ? [{ type: 'ReleaseRecipe' }] : []),
    ];
    const history: RecipeEvent[] = [];
    let position = START;
    for (const command of commands) {
      const events = recipeDecider.decide(command as never, replay(recipeDecider, history));
      const appended = await store.appendToStream(
        recipeStreamId(recipeId),
        events.map((e) => {
          const event = newEvent(e.type, 'alice', 'DEMO', e.data);
          event.metadata.schemaVersion = RECIPE_EVENT_SCHEMA_VERSIONS[e.type];
          return event;
        }),
        history.length === 0 ? 'no_stream' : history.length - 1,
      );
      history.push(...events);
      position = appended.position;
    }
    return position;
  };
  let newest = START;
  for (let i = 0; i < count; i += 25) {
    const written = await Promise.all(
      Array.from({ length: Math.min(25, count - i) }, (_, j) => write(first + i + j)),
    );
    for (const p of written) if (comparePositions(p, newest) > 0) newest = p;
  }
  return newest;
}

/** The live checkpoint of the test projection `stream_summary`; undefined before it has one (or its table). */
export async function summaryCheckpoint(pool: Pool): Promise<GlobalPosition | undefined> {
  return (await liveCheckpoint(pool, 'stream_summary').catch(() => null)) ?? undefined;
}

/** The rows of the test projection `stream_summary`, by stream. */
export async function streamSummaryRows(pool: Pool): Promise<Record<string, unknown>[]> {
  return (await pool.query('SELECT * FROM stream_summary ORDER BY stream_id')).rows;
}

/** How many events `stream_summary` has counted. */
export async function streamSummaryEvents(pool: Pool): Promise<number> {
  return Number(
    (await pool.query('SELECT coalesce(sum(event_count), 0) AS n FROM stream_summary')).rows[0].n,
  );
}

/** Runs `main` in this process and captures what it prints. */
export async function runMain(
  argv: string[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
  projections?: readonly Projection[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    env: { PROJECTOR_METRICS_PORT: '0', ...env },
    signal,
    projections,
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
  });
  return { code, stdout, stderr };
}

export interface ProjectorProcess {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `node dist/main.js <args>` as a real child process. */
export function startProjector(args: string[], env: NodeJS.ProcessEnv): ProjectorProcess {
  // These tests write their events to Postgres; a run of the suites on KurrentDB does not concern them.
  const inherited = envWithoutEventStore();
  const child = spawn(process.execPath, [requireBuiltProjector(), ...args], {
    env: { ...inherited, PROJECTOR_METRICS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => out, exited };
}
