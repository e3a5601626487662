// `npm run bench` (part 1): append throughput of the Postgres event store beside a plain multi-row INSERT of the same rows
// (the ceiling), 16 concurrent writers on distinct streams, 1 and 10 events per append. The same rows are the rows of
// the events table: the ceiling writes them into a copy of it (its columns, keys and defaults: transaction id and
// global position included) with a plain INSERT, no version check, no RETURNING. A third side writes the store's
// columns only into a table without keys or position columns, to show what the events table's keys cost by
// themselves. Prints figures only; it is not a test and gates nothing. Each side runs BENCH_SECONDS seconds (default
// 5) in alternating 1 s slices.
// Postgres: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a fresh database is created and dropped.
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import pg from 'pg';
import { buildProjects, importDist } from './build.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const WRITERS = 16;

buildProjects('@kb/event-store', ['@kb/event-store']);
const { PostgresEventStore } = await importDist('libs/event-store/dist/postgres/postgres-event-store.js');
const { postgresEventStoreMigrations } = await importDist('libs/event-store/dist/postgres/migrations.js');

const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `kbbench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(base);
url.pathname = `/${dbName}`;
const pool = new pg.Pool({ connectionString: url.toString(), max: WRITERS + 4 });
pool.on('error', () => undefined);

function event(writer) {
  return {
    eventId: randomUUID(),
    type: 'RecipeStepChanged',
    data: {
      recipeId: `r-${writer}`,
      step: { index: 3, seconds: 90, power: 7, text: 'Stir-fry until fragrant' },
    },
    metadata: {
      actor: 'demo',
      brandOwnerCode: 'DEMO',
      correlationId: randomUUID(),
      causationId: randomUUID(),
      occurredAt: new Date().toISOString(),
      schemaVersion: 1,
    },
  };
}

/** Runs `append(writer, batchNo)` in WRITERS concurrent loops for `ms`; returns events per second. */
async function measure(ms, perAppend, append) {
  let events = 0;
  const started = performance.now();
  const until = started + ms;
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, writer) => {
      for (let n = 0; performance.now() < until; n++) {
        await append(writer, n);
        events += perAppend;
      }
    }),
  );
  return events / ((performance.now() - started) / 1000);
}

/** Stream ids shaped like real ones (recipe-<uuid>), one per writer and run. */
const streamIds = new Map();
function streamId(run, writer) {
  const key = `${run}/${writer}`;
  if (!streamIds.has(key)) streamIds.set(key, `recipe-${randomUUID()}`);
  return streamIds.get(key);
}

/** The same rows as a plain multi-row INSERT into `table`. */
function plainInsert(table, perAppend, run) {
  const columns = 7;
  const text = `INSERT INTO ${table} (stream_id, stream_position, event_id, type, data, metadata, brand_owner_code) VALUES ${Array.from(
    { length: perAppend },
    (_, r) => `(${Array.from({ length: columns }, (_, c) => `$${r * columns + c + 1}`).join(', ')})`,
  ).join(', ')}`;
  return async (writer, n) => {
    const values = [];
    for (let i = 0; i < perAppend; i++) {
      const e = event(writer);
      values.push(
        streamId(run, writer),
        n * perAppend + i,
        e.eventId,
        e.type,
        JSON.stringify(e.data),
        JSON.stringify(e.metadata),
        e.metadata.brandOwnerCode,
      );
    }
    await pool.query({ name: `${table}_insert_${perAppend}`, text, values });
  };
}

function storeAppend(store, perAppend, run) {
  return async (writer, n) => {
    const events = Array.from({ length: perAppend }, () => event(writer));
    await store.appendToStream(
      streamId(run, writer),
      events,
      n === 0 ? 'no_stream' : BigInt(n * perAppend - 1),
    );
  };
}

try {
  for (const migration of postgresEventStoreMigrations) await pool.query(migration.sql);
  // For the explanation: the store's columns only, without keys, ordering or position columns.
  await pool.query(`CREATE TABLE keyless_events (
    stream_id text NOT NULL, stream_position bigint NOT NULL, event_id uuid NOT NULL, type text NOT NULL,
    data json NOT NULL, metadata json NOT NULL, brand_owner_code text, recorded_at timestamptz NOT NULL DEFAULT now())`);
  // The ceiling: the events table's own shape (its ordering key, unique stream position, xid8 and identity
  // defaults) written by a plain INSERT, without version check or RETURNING.
  await pool.query(`CREATE TABLE ceiling_events (LIKE events INCLUDING ALL)`);
  const store = new PostgresEventStore(pool);
  const sides = {
    ceiling: (perAppend, run) => plainInsert('ceiling_events', perAppend, run),
    keyless: (perAppend, run) => plainInsert('keyless_events', perAppend, run),
    store: (perAppend, run) => storeAppend(store, perAppend, run),
  };

  const rows = [];
  // The machine's load beside the figures: on a shared machine the sides alternate, but a high load still widens
  // the spread of the ratio.
  const loadBefore = loadavg()[0];
  for (const perAppend of [1, 10]) {
    // Warm up connections, prepared statements and caches on throw-away streams.
    for (const [name, side] of Object.entries(sides))
      await measure(1000, perAppend, side(perAppend, `warm-${name}-${perAppend}`));
    // Alternate one-second slices, so that other load on the machine weighs on every side alike.
    const totals = { ceiling: 0, keyless: 0, store: 0 };
    for (let slice = 0; slice < seconds; slice++) {
      for (const [name, side] of Object.entries(sides)) {
        totals[name] +=
          (await measure(1000, perAppend, side(perAppend, `${name}-${perAppend}-${slice}`))) / seconds;
      }
    }
    rows.push({ perAppend, ...totals });
    console.log(`  ${perAppend} event(s)/append done`);
  }
  await store.close();

  const { rows: server } = await pool.query(
    `SELECT current_setting('server_version') AS v, current_setting('synchronous_commit') AS sc`,
  );
  console.log(
    `\nPostgres ${server[0].v} (synchronous_commit=${server[0].sc}), ${WRITERS} writers on distinct streams, ${seconds} s per side, ` +
      `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after\n`,
  );
  const pad = (s, n) => String(s).padStart(n);
  const rate = (x) => Math.round(x).toLocaleString('en');
  console.log(
    `${pad('events/append', 13)} ${pad('plain INSERT ev/s', 18)} ${pad('PostgresEventStore ev/s', 24)} ${pad('ratio', 6)}   ${pad('keyless INSERT ev/s', 20)} ${pad('store/keyless', 14)}`,
  );
  for (const { perAppend, ceiling, keyless, store: ours } of rows) {
    console.log(
      `${pad(perAppend, 13)} ${pad(rate(ceiling), 18)} ${pad(rate(ours), 24)} ${pad((ours / ceiling).toFixed(2), 6)}   ${pad(rate(keyless), 20)} ${pad((ours / keyless).toFixed(2), 14)}`,
    );
  }
  console.log(
    '\nratio = events/s over the plain INSERT of the same rows into a copy of the events table (the ceiling: its keys\n' +
      'and defaults, no version check, no RETURNING). "keyless INSERT" writes the store\'s columns only into a table\n' +
      "without keys or position columns: what the events table's keys cost by themselves, before the store does anything.",
  );
} finally {
  await pool.end();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
