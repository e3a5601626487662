import {
  EventStoreConfigError,
  openEventStore,
  postgresEventStoreMigrations,
  type EventStore,
} from '@kb/event-store';
import { createPool, migrate, type Pool } from '@kb/platform/db';
import { startOpsServer } from '@kb/platform/observability';
import { createProjectorMetrics, projectorReadiness } from './metrics.js';
import {
  allProjections,
  listParked,
  migrateReadModels,
  projectionStatus,
  readVersions,
  rebuildProjection,
  replayProjection,
  runProjections,
  useFoldThread,
  type Projection,
  type RunOptions,
} from '@kb/read-models';
import { pino, type Logger } from 'pino';
import { readConfig, type ProjectorConfig } from './config.js';
import {
  poolSizeFor,
  runInThread,
  runOptionsOf,
  threadsAvailable,
  threadShares,
} from './projection-threads.js';
import { parkedJson, parkedTable, statusJson, statusTable } from './commands/status-table.js';

export interface Output {
  write(chunk: string): unknown;
}

export interface MainOptions {
  env?: NodeJS.ProcessEnv;
  stdout?: Output;
  stderr?: Output;
  /** Stops `run` / `rebuild`. When absent, SIGTERM and SIGINT do. */
  signal?: AbortSignal;
  projections?: readonly Projection[];
}

const USAGE = `Usage: projector <command>

Commands:
  run               apply migrations, then run every projection until SIGTERM/SIGINT
  status [--json]   per projection version: checkpoint, lag behind the head (events, seconds), who runs it,
                    health (ok, parked, failing) and parked events
  rebuild <name>    build a new version of <name> from the start beside the live one; switch when caught up
  parked <name> [--json]
                    the events <name> could not apply and set aside (its streams wait behind them)
  replay <name>     apply the parked events of <name> again, in order, after a fix (those that still fail stay)

Environment:
  DATABASE_URL          default postgres://postgres@127.0.0.1:5432/kitchen (read models; and events with postgres)
  EVENT_STORE           postgres (default) or kurrentdb
  KURRENTDB_URL         KurrentDB connection string, needed with EVENT_STORE=kurrentdb
  PROJECTOR_BATCH_SIZE  events per batch and transaction, default 5000
  PROJECTOR_POLL_MS     idle poll interval, default 500
  PROJECTOR_LEASE_MS    how long a silent (stopped, frozen) projector keeps its lease, default 5000;
                        a standby process takes over within about 1.2 times this
  PROJECTOR_THREADS     threads \`run\` spreads the projections over, default 1
  PROJECTOR_FOLD_THREAD true: the recipes projection folds its batches in a thread of its own, default false
  LOG_LEVEL             pino level, default info
  PROJECTOR_METRICS_PORT  \`run\` answers /metrics, /livez, /readyz here, default 9465 (0: any free port)
  METRICS_HOST          address of that port, default 127.0.0.1
  METRICS_TOKEN         when set, /metrics asks for Authorization: Bearer <token>
  PROJECTOR_READY_MAX_LAG_SECONDS
                        /readyz fails while a projection is further behind, default 60
  PROJECTOR_TEST_DELAY_MS
                        tests only (refused in production): each batch waits this long before it is applied
`;

class UsageError extends Error {}

const UNDEFINED_TABLE = '42P01';

/** Runs one projector command; resolves with the process exit code. */
export async function main(argv: readonly string[], options: MainOptions = {}): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const projections = options.projections ?? allProjections;
  const [command, ...args] = argv;
  let config: ProjectorConfig;
  try {
    config = readConfig(options.env ?? process.env);
    if (command === undefined || command === 'help' || command === '--help') throw new UsageError('');
    if (!['run', 'status', 'rebuild', 'parked', 'replay'].includes(command))
      throw new UsageError(`Unknown command "${command}".`);
    if (command === 'rebuild' || command === 'parked' || command === 'replay') {
      const names = args.filter((a) => !(command === 'parked' && a === '--json'));
      if (names.length !== 1) throw new UsageError(`${command} takes exactly one projection name.`);
      if (!projections.some((p) => p.name === names[0])) {
        throw new UsageError(
          `Unknown projection "${names[0]}". Known: ${projections.map((p) => p.name).join(', ')}.`,
        );
      }
    }
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) stderr.write(`${error.message}\n\n`);
      stderr.write(USAGE);
      return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
    }
    stderr.write(`${(error as Error).message}\n`);
    return 2;
  }

  // `status` and `parked` print their answer on stdout, so their logs go to stderr.
  const readsOut = command === 'status' || command === 'parked';
  const logger = pino(
    {
      level: config.logLevel,
      base: { service: 'projector', command },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    { write: (line: string) => (readsOut ? stderr : stdout).write(line) },
  );
  // `run` spreads the projections over threads (projection-threads.ts); the first share runs here. Only the
  // registry's own projections can go to another thread (it finds them by name), and only from the built files.
  const shares =
    command === 'run' && !options.projections && threadsAvailable()
      ? threadShares(projections, config.threads)
      : [projections];
  const here = shares[0]!;
  useFoldThread(config.foldThread);
  // Per projection while it catches up: its run lock, the batch being written, the next page being read and the
  // read of the records the next batch changes (prepared meanwhile).
  const pool = createPool(config.databaseUrl, {
    max: poolSizeFor(here.length),
    applicationName: `projector ${command}`,
  });
  let store: EventStore;
  try {
    store = await openEventStore(config.eventStore, pool, { notify: false });
  } catch (error) {
    await pool.end();
    if (!(error instanceof EventStoreConfigError)) throw error;
    // In plain words on stderr for whoever started it; as a log line too where logs go to stdout.
    if (!readsOut) logger.fatal({ eventStore: config.eventStore.kind }, error.message);
    stderr.write(`projector: ${error.message}\n`);
    return 1;
  }
  const stop = stopSignal(options.signal, logger);
  try {
    if (command === 'status') return await status(pool, store, projections, args.includes('--json'), stdout);
    if (command === 'parked')
      return await parked(
        pool,
        args.find((a) => a !== '--json')!,
        args.includes('--json'),
        stdout,
      );
    if (config.eventStore.kind === 'postgres') await migrate(pool, postgresEventStoreMigrations);
    await migrateReadModels(pool, projections);
    const runOptions = runOptionsOf(config, stop.signal, logger);
    if (command === 'run') {
      const ops = await startOpsServer({
        host: config.metricsHost,
        port: config.metricsPort,
        token: config.metricsToken,
        registry: createProjectorMetrics(pool, store, projections),
        ready: projectorReadiness(pool, store, projections, config.readyMaxLagSeconds),
      });
      logger.info(
        { projections: projections.map((p) => p.name), metrics: `${ops.url}/metrics` },
        `projector running; metrics, /livez and /readyz on ${ops.url}`,
      );
      try {
        await runShares(pool, store, shares, runOptions, (share, signal) =>
          runInThread(
            share.map((p) => p.name),
            options.env ?? process.env,
            { service: 'projector', command },
            signal,
            (line) => stdout.write(line),
          ),
        );
      } finally {
        await ops.close();
      }
      logger.info('projector stopped');
      return 0;
    }
    const projection = projections.find((p) => p.name === args[0]) as Projection;
    if (command === 'replay') {
      const results = await replayProjection(pool, store, projection, {
        signal: stop.signal,
        logger,
        leaseTimeoutMs: config.leaseTimeoutMs,
      });
      const replayed = results.reduce((n, r) => n + r.replayed, 0);
      const still = results.reduce((n, r) => n + r.stillParked, 0);
      logger.info(
        { projection: projection.name, versions: results },
        `replay done: ${replayed} parked events of ${projection.name} applied, ${still} still parked`,
      );
      stdout.write(`${projection.name}: ${replayed} replayed, ${still} still parked\n`);
      return 0;
    }
    const result = await rebuildProjection(pool, store, projection, runOptions);
    const note =
      result.parked > 0 ? ` (${result.parked} events parked: projector parked ${projection.name})` : '';
    logger.info(
      { projection: projection.name, ...result },
      `rebuild done: ${projection.name} v${result.version} is live${note}`,
    );
    return 0;
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE && readsOut) {
      stderr.write('This database has no event store or read models yet: `projector run` sets them up.\n');
      return 1;
    }
    logger.error({ err: error }, (error as Error).message);
    return 1;
  } finally {
    stop.dispose();
    await store.close();
    await pool.end();
  }
}

/**
 * Runs the first share here and the others through `inThread`, until the signal of `options` aborts; when one
 * fails, the others are stopped and its error thrown once they have.
 */
async function runShares(
  pool: Pool,
  store: EventStore,
  shares: readonly (readonly Projection[])[],
  options: RunOptions,
  inThread: (share: readonly Projection[], signal: AbortSignal) => Promise<void>,
): Promise<void> {
  const running = new AbortController();
  const stop = () => running.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  const tasks = shares.map((share, i) =>
    (i === 0
      ? runProjections(pool, store, share, { ...options, signal: running.signal })
      : inThread(share, running.signal)
    ).catch((error: unknown) => {
      running.abort();
      throw error;
    }),
  );
  try {
    const results = await Promise.allSettled(tasks);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
}

async function status(
  pool: Pool,
  store: EventStore,
  projections: readonly Projection[],
  json: boolean,
  stdout: Output,
): Promise<number> {
  const rows = await projectionStatus(pool, store, projections);
  const built = new Set((await readVersions(pool)).map((v) => v.name));
  const notBuilt = projections.map((p) => p.name).filter((n) => !built.has(n));
  if (json) {
    stdout.write(`${JSON.stringify({ projections: rows.map(statusJson), notBuilt }, null, 2)}\n`);
  } else {
    stdout.write(statusTable(rows, notBuilt));
  }
  return 0;
}

async function parked(pool: Pool, name: string, json: boolean, stdout: Output): Promise<number> {
  const rows = await listParked(pool, name);
  if (json) stdout.write(`${JSON.stringify({ projection: name, parked: rows.map(parkedJson) }, null, 2)}\n`);
  else if (rows.length === 0) stdout.write(`${name}: no parked events\n`);
  else stdout.write(parkedTable(rows));
  return 0;
}

/** The given signal, or one that SIGTERM/SIGINT abort (graceful stop: the batch in flight finishes first). */
function stopSignal(
  given: AbortSignal | undefined,
  logger: Logger,
): { signal: AbortSignal; dispose(): void } {
  if (given) return { signal: given, dispose: () => undefined };
  const controller = new AbortController();
  const onSignal = (name: NodeJS.Signals) => {
    logger.info({ signal: name }, 'stopping');
    controller.abort();
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return {
    signal: controller.signal,
    dispose() {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    },
  };
}
