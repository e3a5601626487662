// `npm run bench` (recipes): how fast the projector catches up with a brand's recipe history, and how fast the
// recipe list answers at that size. On a private database (dropped at the end) with the real, built API and
// projector processes:
//   1. the API starts on a fresh database with the demo brands; BENCH_RECIPES recipes (default 100,000) of brand
//      DEMO are written as their events (created; 60% submitted; 40% of all also released, through the recipe
//      decider, so the payloads are exactly what the commands write), by 16 concurrent writers;
//   2. the projector starts from zero: catch-up speed = events / time until every projection reached the head
//      (and the same for the recipes projection alone);
//   3. GET /api/recipe/list as a logged-in user, BENCH_REQUESTS times per query shape (default 200), sequential:
//      p50 / p95 / p99 per filtered, paged query.
// BENCH_RECIPES=1000000 is the million-recipe size (2,000,000 events). Above 100,000 recipes the events are seeded
// with COPY instead of appends (BENCH_SEED=copy or appends chooses either at any size): the same events, through
// the same decider, their appends interleaved as 16 writers' would be, in transactions of 20,000 recipes (the
// append path would take most of an hour at a million). BENCH_SKIP_BUILD=true uses the dist folders as they are;
// BENCH_KEEP_DATABASE=true keeps the database;
// BENCH_DATABASE=<url of a kept database> skips the writing: its projections are dropped and caught up again from
// zero (the projector's figures again, e.g. after a change, without writing the events again); with
// BENCH_KEEP_READ_MODELS=true as well its read models are kept too (the projector only brings up to date a projection
// whose version changed) and only the list is timed again, in a minute at a million recipes. BENCH_PROFILE=true
// profiles the projector's catch-up (node --cpu-prof; the projector is stopped once caught up, so the profile is the
// catch-up alone) and prints its busy time by step. Each figure is printed with the machine's load average beside
// it: on a busy machine they are indicative only. Not a test.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildProjects, importDist, percentile, root } from './build.mjs';
import { describeProfile, profilesIn } from './cpu-profile.mjs';
import { readGcPauses } from './gc-pauses.mjs';
import { loggedIn } from './session.mjs';

const RECIPES = Number(process.env.BENCH_RECIPES ?? 100_000);
const KEPT = process.env.BENCH_DATABASE;
const KEEP_READ_MODELS = Boolean(KEPT) && process.env.BENCH_KEEP_READ_MODELS === 'true';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WRITERS = 16;
const SEED = process.env.BENCH_SEED ?? (RECIPES > 100_000 ? 'copy' : 'appends');
if (!['copy', 'appends'].includes(SEED)) throw new Error(`BENCH_SEED is copy or appends, not ${SEED}`);
const BRAND = 'DEMO';

buildProjects('the API, the projector and the test harness', ['@kb/api', '@kb/projector', '@kb/testing']);
const dist = importDist;
const { startSystem } = await dist('libs/testing/dist/index.js');
const { PostgresEventStore } = await dist('libs/event-store/dist/index.js');
const { decideRecipe, evolveRecipe, recipeDecider, RECIPE_EVENT_SCHEMA_VERSIONS } =
  await dist('libs/domain/dist/index.js');
const { recipeContentSchema } = await dist('libs/contracts/dist/index.js');
const { allProjections } = await dist('libs/read-models/dist/index.js');

/** The machine's load average (1, 5, 15 min), printed beside each figure. */
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`;

/** Every built version of every projection dropped: the next projector run starts from zero. */
async function dropProjections(url) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query('SELECT name, version FROM projection_checkpoints');
    for (const { name, version } of rows) {
      for (const t of allProjections.find((p) => p.name === name)?.tables ?? []) {
        await db.query(`DROP VIEW IF EXISTS ${t.name}`);
        await db.query(`DROP TABLE IF EXISTS ${t.name}_v${version}`);
      }
    }
    await db.query('DELETE FROM projection_checkpoints');
  } finally {
    await db.end();
  }
}

/** User + system CPU seconds of a process so far (Linux), or null where /proc is not there. */
function processCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * The busiest threads of a process (Linux), as `name seconds` (user + system CPU so far), busiest first: whether a
 * second thread (the projector's fold thread) took work off the main one. Empty where /proc is not there.
 */
function threadCpuSeconds(pid, count = 3) {
  try {
    return readdirSync(`/proc/${pid}/task`)
      .map((tid) => {
        const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.split(') ')[1].split(' ');
        const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        return { name, seconds: (Number(fields[11]) + Number(fields[12])) / 100 };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, count);
  } catch {
    return [];
  }
}

/** CPU seconds of each Postgres process running now (backends, writers, checkpointer), by process id. */
function postgresCpuSeconds() {
  const byPid = new Map();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres'))
        byPid.set(pid, processCpuSeconds(pid) ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return byPid;
}

/**
 * Postgres CPU seconds since `before` of the processes in `pids` (a process that ended meanwhile is not counted).
 * The server is shared: only this database's connections and the server's own processes (WAL writer,
 * checkpointer, autovacuum) are counted, not other clients' work on other databases.
 */
function postgresCpuSince(before, pids) {
  let total = 0;
  for (const [pid, seconds] of postgresCpuSeconds())
    if (pids.has(pid)) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Process ids of this database's connections and of the server's own processes. */
async function postgresPidsOf(db, database) {
  const { rows } = await db.query(
    `SELECT pid::text FROM pg_stat_activity WHERE datname = $1 OR backend_type <> 'client backend'`,
    [database],
  );
  return new Set(rows.map((r) => r.pid));
}

if (KEPT && !KEEP_READ_MODELS) await dropProjections(KEPT);
// With BENCH_DATABASE the API serves that database (it sets up empty projections again, as on a fresh one).
const system = await startSystem({ env: { LOG_LEVEL: 'warn', ...(KEPT ? { DATABASE_URL: KEPT } : {}) } });
const databaseUrl = KEPT ?? system.db.url;
// BENCH_KEEP_DATABASE=true leaves the database behind (its URL printed), e.g. to time `projector rebuild recipes`.
if (process.env.BENCH_KEEP_DATABASE === 'true')
  system.db.drop = async () => console.log(`Kept ${system.db.url}`);
const pool = new pg.Pool({ connectionString: databaseUrl, max: WRITERS + 4 });
pool.on('error', () => undefined);
const store = new PostgresEventStore(pool, { notify: false });
let projector;
try {
  // Reference data the recipes point at: the brand's models, 20 categories, 30 labels.
  const products = (
    await pool.query('SELECT product_code FROM brand_products WHERE brand_owner_code = $1 ORDER BY 1', [
      BRAND,
    ])
  ).rows.map((r) => r.product_code);
  const categories = [];
  const tags = [];
  if (KEPT) {
    const ids = (sql) => pool.query(sql, [BRAND]).then((r) => r.rows.map((row) => row.id));
    categories.push(
      ...(await ids(
        `SELECT id FROM recipe_categories WHERE brand_owner_code = $1 AND number LIKE 'BC-%' ORDER BY substr(number, 4)::int`,
      )),
    );
    tags.push(
      ...(await ids(
        `SELECT id FROM recipe_tags WHERE brand_owner_code = $1 AND number LIKE 'BT-%' ORDER BY substr(number, 4)::int`,
      )),
    );
  }
  for (let i = 0; i < 20 && !KEPT; i++) {
    const { rows } = await pool.query(
      `INSERT INTO recipe_categories (brand_owner_code, number, main_lang, names) VALUES ($1, $2, 'zh', $3) RETURNING id`,
      [BRAND, `BC-${i}`, { zh: `分类${i}`, en: `Category ${i}` }],
    );
    categories.push(rows[0].id);
  }
  for (let i = 0; i < 30 && !KEPT; i++) {
    const { rows } = await pool.query(
      `INSERT INTO recipe_tags (brand_owner_code, number, names) VALUES ($1, $2, $3) RETURNING id`,
      [BRAND, `BT-${i}`, { zh: `标签${i}`, en: `Label ${i}` }],
    );
    tags.push(rows[0].id);
  }

  const DISHES = [
    ['番茄炖牛腩', 'Tomato beef stew'],
    ['蜜汁烤鸡翅', 'Honey chicken wings'],
    ['香菇滑鸡粥', 'Chicken and mushroom congee'],
    ['全麦面包', 'Wholemeal bread'],
    ['酸奶', 'Homemade yogurt'],
    ['红烧排骨', 'Braised pork ribs'],
    ['南瓜浓汤', 'Pumpkin soup'],
    ['蒜香虾', 'Garlic prawns'],
  ];
  // Types whose machine runs the robot-cooker modes of the steps below.
  const TYPES = ['SOUP', 'SOUP_AND_AIR', 'SOUP_AND_STAND_MIXER'];
  const pick = (list, i) => list[i % list.length];
  function content(i) {
    const [zh, en] = pick(DISHES, i);
    return recipeContentSchema.parse({
      type: pick(TYPES, i),
      number: `B-${String(i).padStart(6, '0')}`,
      mainLang: 'zh',
      langs: ['zh', 'en'],
      texts: { zh: { name: `${zh}${i}`, description: '家常做法。' }, en: { name: `${en} ${i}` } },
      servingVersions: [2, 4].map((servings) => ({
        servings,
        ingredients: [
          { names: { zh: '牛腩', en: 'Beef' }, quantity: 125 * servings },
          { names: { zh: '番茄', en: 'Tomatoes' }, quantity: servings },
        ],
        steps: [
          {
            number: 1,
            workMode: 'FOOD_PROCESSOR',
            speed: 4,
            seconds: 20,
            descriptions: { zh: '切碎', en: 'Chop' },
          },
          {
            number: 2,
            workMode: 'SLOW_COOK',
            temperature: 95,
            minutes: 90,
            descriptions: { zh: '慢炖', en: 'Simmer' },
          },
        ],
      })),
      prepMinutes: 15,
      cookMinutes: 95,
      difficulty: pick(['easy', 'medium', 'hard'], i),
      pictureFileCode: randomUUID(),
      productCodes: [pick(products, i), pick(products, i + 1)],
      categoryId: pick(categories, i),
      tagIds: [pick(tags, i), pick(tags, i * 7 + 3)],
    });
  }
  const metadata = (type, correlationId) => ({
    actor: 'demo',
    brandOwnerCode: BRAND,
    correlationId,
    causationId: correlationId,
    occurredAt: new Date().toISOString(),
    schemaVersion: RECIPE_EVENT_SCHEMA_VERSIONS[type],
  });
  /** The recipe's commands run through the decider: each command's events, as the append it would be. */
  function recipeAppends(i) {
    const recipeId = randomUUID();
    const commands = [{ type: 'CreateRecipe', recipeId, content: content(i) }];
    if (i % 10 < 6) commands.push({ type: 'SubmitRecipe' });
    if (i % 10 < 4) commands.push({ type: 'ReleaseRecipe' });
    let state = recipeDecider.initialState;
    return commands.map((command) => {
      const events = decideRecipe(command, state);
      state = events.reduce(evolveRecipe, state);
      const correlationId = randomUUID();
      return events.map((e) => ({
        eventId: randomUUID(),
        type: e.type,
        data: e.data,
        metadata: metadata(e.type, correlationId),
      }));
    });
  }

  /** Appends each command's events of recipe `i` as its own append. */
  async function writeRecipe(i) {
    const appends = recipeAppends(i);
    const streamId = `recipe-${appends[0][0].data.recipeId}`;
    let version = 'no_stream';
    let count = 0;
    for (const events of appends) {
      const result = await store.appendToStream(streamId, events, version);
      version = result.nextExpectedVersion;
      count += events.length;
    }
    return count;
  }

  // COPY's text format: backslash, tab, newline and carriage return escaped (JSON text has no raw control
  // characters, so only its backslashes need doubling).
  const copyField = (text) => text.replaceAll('\\', '\\\\');
  /**
   * Recipes `from` to `to` as event rows in one COPY (one transaction, which the append trigger lets through as an
   * append): WRITERS recipes at a time, their appends taken in turn as concurrent writers would make them, so a
   * recipe's events lie as far apart in the log as on the append path.
   */
  async function copyRecipes(from, to) {
    const client = await pool.connect();
    try {
      const stream = client.query(
        copyFrom(
          'COPY events (stream_id, stream_position, event_id, type, data, metadata, brand_owner_code) FROM STDIN',
        ),
      );
      const done = new Promise((resolve, reject) => {
        stream.on('finish', resolve);
        stream.on('error', reject);
      });
      done.catch(() => undefined); // awaited below
      let count = 0;
      for (let first = from; first < to; first += WRITERS) {
        const group = [];
        for (let i = first; i < Math.min(to, first + WRITERS); i++) group.push(recipeAppends(i));
        const lines = [];
        for (let round = 0; round < 3; round++) {
          for (const appends of group) {
            const events = appends[round];
            if (!events) continue;
            const streamId = `recipe-${appends[0][0].data.recipeId}`;
            const before = appends.slice(0, round).reduce((n, a) => n + a.length, 0);
            events.forEach((e, k) =>
              lines.push(
                [
                  streamId,
                  before + k,
                  e.eventId,
                  e.type,
                  copyField(JSON.stringify(e.data)),
                  copyField(JSON.stringify(e.metadata)),
                  BRAND,
                ].join('\t'),
              ),
            );
            count += events.length;
          }
        }
        // A failed COPY never drains: its error ends the wait.
        if (!stream.write(`${lines.join('\n')}\n`))
          await Promise.race([new Promise((resolve) => stream.once('drain', resolve)), done]);
      }
      stream.end();
      await done;
      return count;
    } finally {
      client.release();
    }
  }

  let next = 0;
  let events = 0;
  const writeStarted = performance.now();
  if (!KEPT) {
    console.log(
      `Writing ${RECIPES.toLocaleString('en')} recipes of ${BRAND} as events (${SEED === 'copy' ? 'COPY' : 'appends'}; ${load()}) …`,
    );
    // A line every tenth of the way at the larger sizes, which take minutes.
    const every = RECIPES >= 200_000 ? Math.round(RECIPES / 10) : Infinity;
    if (SEED === 'copy') {
      // Two at a time: one is encoded here while the server takes the other.
      const CHUNK = 20_000;
      let written = 0;
      await Promise.all(
        Array.from({ length: 2 }, async () => {
          for (let first = next; first < RECIPES; first = next) {
            next += CHUNK;
            const copied = await copyRecipes(first, Math.min(RECIPES, first + CHUNK));
            events += copied;
            const before = written;
            written += Math.min(CHUNK, RECIPES - first);
            if (Math.floor(written / every) > Math.floor(before / every))
              console.log(`  ${written.toLocaleString('en')} recipes written (${load()})`);
          }
        }),
      );
    } else {
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          for (let i = next++; i < RECIPES; i = next++) {
            const written = await writeRecipe(i);
            events += written;
            if ((i + 1) % every === 0)
              console.log(`  ${(i + 1).toLocaleString('en')} recipes written (${load()})`);
          }
        }),
      );
    }
  }
  const writeSeconds = (performance.now() - writeStarted) / 1000;
  // The last event written (not store.headPosition(): that stops below the oldest transaction still open anywhere
  // on the server, which another client's long transaction can hold back).
  const { rows: lastRows } = await pool.query(
    'SELECT transaction_id::text AS tx, global_position::text AS gp FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
  );
  const head = { transactionId: BigInt(lastRows[0].tx), globalPosition: BigInt(lastRows[0].gp) };
  const { rows: totalRows } = await pool.query('SELECT count(*)::int AS n FROM events');
  const totalEvents = totalRows[0].n;
  if (KEPT) console.log(`Kept database: ${totalEvents.toLocaleString('en')} events in the store`);
  else
    console.log(
      `  ${events.toLocaleString('en')} recipe events in ${writeSeconds.toFixed(1)} s (${Math.round(events / writeSeconds).toLocaleString('en')} ev/s); ${totalEvents.toLocaleString('en')} events in the store`,
    );

  // 2. The projector from zero (with kept read models: from where they are).
  if (!KEEP_READ_MODELS) {
    await pool.query('VACUUM ANALYZE events');
    // The writes above leave the server a checkpoint's worth of dirty pages to flush: flushed now, so the figure
    // below is the projector's work, as in a rebuild long after the events were written.
    await pool.query('CHECKPOINT');
  }
  // The projector's own default batch size unless PROJECTOR_BATCH_SIZE is set.
  const batchSize = process.env.PROJECTOR_BATCH_SIZE;
  const loadBefore = load();
  console.log(
    `Starting the projector (PROJECTOR_BATCH_SIZE=${batchSize ?? 'its default'}, PROJECTOR_THREADS=${process.env.PROJECTOR_THREADS ?? 'its default'}; ${loadBefore}) …`,
  );
  const caughtUp = new Map();
  const postgresCpuBefore = postgresCpuSeconds();
  const projectorStarted = performance.now();
  // BENCH_PROJECTOR_NODE_ARGS: node flags for the projector process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`
  // (a profile of the catch-up, written when the bench stops the projector).
  const nodeArgs = process.env.BENCH_PROJECTOR_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const profileDir =
    process.env.BENCH_PROFILE === 'true' ? path.join(tmpdir(), `kb-bench-projector-${process.pid}`) : null;
  if (profileDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  // The projector's garbage collection pauses, counted by gc-pauses.mjs inside it.
  const gcPausesFile = path.join(tmpdir(), `kb-bench-projector-gc-${process.pid}.json`);
  nodeArgs.push('--import', path.join(root, 'scripts/bench/gc-pauses.mjs'));
  projector = spawn(process.execPath, [...nodeArgs, path.join(root, 'apps/projector/dist/main.js'), 'run'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      PROJECTOR_METRICS_PORT: '0',
      BENCH_GC_PAUSES_FILE: gcPausesFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Each projection logs where its catch-up spent its time when it reaches the head.
  const spentBy = new Map();
  // Start-up: from the spawn to the first projection's start (loading the code, migrations, locks).
  let startedAfter = null;
  let pending = '';
  projector.stdout.on('data', (chunk) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop();
    for (const line of lines) {
      if (startedAfter === null && line.includes('"projection started"'))
        startedAfter = (performance.now() - projectorStarted) / 1000;
      if (!line.includes('caught up with the head')) continue;
      const entry = JSON.parse(line);
      if (!spentBy.has(entry.projection))
        spentBy.set(entry.projection, { ...entry.spent, applied: entry.applied });
    }
  });
  const names = new Set();
  // 30 minutes, or 3 per 100,000 recipes at the larger sizes.
  const catchUpLimitMs = Math.max(30, (3 * RECIPES) / 100_000) * 60_000;
  for (;;) {
    const { rows } = await pool.query(
      // Caught up means at the head with its indexes built (a long catch-up builds them at the end).
      `SELECT name, transaction_id::text AS tx, global_position::text AS gp,
              EXISTS (SELECT 1 FROM projection_deferred_indexes d WHERE d.name = c.name AND d.version = c.version)
                AS indexing
         FROM projection_checkpoints c WHERE status = 'live'`,
    );
    for (const r of rows) {
      names.add(r.name);
      const reached =
        !r.indexing &&
        (BigInt(r.tx) > head.transactionId ||
          (BigInt(r.tx) === head.transactionId && BigInt(r.gp) >= head.globalPosition));
      if (reached && !caughtUp.has(r.name))
        caughtUp.set(r.name, (performance.now() - projectorStarted) / 1000);
    }
    if (names.size > 0 && caughtUp.size === names.size) break;
    if (performance.now() - projectorStarted > catchUpLimitMs)
      throw new Error(`the projector did not catch up in ${catchUpLimitMs / 60_000} min`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const all = Math.max(...caughtUp.values());
  const loadAfter = load();
  // Written every 100 ms inside the projector: up to that much of what follows the catch-up may be counted.
  const gcPauses = readGcPauses(gcPausesFile);
  const ours = await postgresPidsOf(pool, new URL(databaseUrl).pathname.slice(1));
  // Where the time went: CPU seconds of the projector and of Postgres during the catch-up (Linux /proc).
  const cpuUsed = {
    projector: processCpuSeconds(projector.pid),
    postgres: postgresCpuSince(postgresCpuBefore, ours),
    threads: threadCpuSeconds(projector.pid),
  };
  console.log(`  ${[...caughtUp].map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ')}`);
  // Profiled: stopped now, so its profile (written as it exits) covers the catch-up and nothing after it.
  let profileLines = null;
  if (profileDir) {
    const exited = new Promise((resolve) => projector.once('exit', resolve));
    projector.kill('SIGTERM');
    await exited;
    // One profile per thread (`CPU.<date>.<time>.<pid>.<thread id>.<n>.cpuprofile`, the main thread's id 0): each
    // thread's steps, scaled to that thread's CPU seconds.
    const files = profilesIn(profileDir);
    const seconds = (name) => cpuUsed.threads.find((t) => t.name === name)?.seconds ?? null;
    profileLines =
      files.length === 0
        ? ['    (no profile was written)']
        : files.flatMap(({ file, thread }) => [
            thread === 0 ? '   the main thread:' : `   thread ${thread} (the fold thread):`,
            ...describeProfile(file, thread === 0 ? seconds('main') : seconds('WorkerThread')),
            `    (the profile: ${file})`,
          ]);
  }

  const rate = (n, s) => Math.round(n / s).toLocaleString('en');
  if (KEEP_READ_MODELS)
    console.log(
      '\n(Read models kept: the catch-up figures below are of what was left to do, not from zero.)',
    );
  console.log(
    `\nProjector catch-up from zero over ${totalEvents.toLocaleString('en')} events (${KEPT ? 'kept database' : `${RECIPES.toLocaleString('en')} recipes`}):`,
  );
  console.log(
    `  recipes projection: ${caughtUp.get('recipes').toFixed(1)} s = ${rate(totalEvents, caughtUp.get('recipes'))} events/s`,
  );
  console.log(
    `  all ${caughtUp.size} projections:  ${all.toFixed(1)} s = ${rate(totalEvents, all)} events/s  (target: over 40,000)`,
  );
  console.log(`  ${loadBefore} at the start, ${loadAfter} at the end`);
  if (cpuUsed.projector !== null)
    console.log(
      `  CPU meanwhile: projector ${cpuUsed.projector.toFixed(1)} s, Postgres ${cpuUsed.postgres.toFixed(1)} s (this database's connections and the server's own processes), of ${(cpus().length * all).toFixed(1)} s on ${cpus().length} cores`,
    );
  if (cpuUsed.threads.length > 0)
    console.log(
      `  the projector's busiest threads: ${cpuUsed.threads.map((t) => `${t.name} ${t.seconds.toFixed(1)} s`).join(', ')}`,
    );
  // Per 100,000 events: the figures to compare across runs on a busy machine, where the wall clock is not.
  if (cpuUsed.projector !== null) {
    const per = (seconds) => ((seconds * 100_000) / totalEvents).toFixed(2);
    console.log(
      `  CPU per 100,000 events: projector ${per(cpuUsed.projector)} s, Postgres ${per(cpuUsed.postgres)} s`,
    );
  }
  if (startedAfter !== null)
    console.log(
      `  start-up (the process loading its code, migrating, taking its locks): ${startedAfter.toFixed(1)} s`,
    );
  console.log(
    '  where each projection waited (its loop reads the next page and folds a batch while the one before commits),',
  );
  console.log(
    "  and how long its batches' transactions took (rows; checkpoint and commit), meanwhile, in the database:",
  );
  const secs = (ms) => `${((ms ?? 0) / 1000).toFixed(1)} s`;
  for (const [name, t] of spentBy)
    console.log(
      `    ${name.padEnd(15)} ${String(t.batches).padStart(4)} batches: read wait ${secs(t.readWaitMs)}, fold ${secs(t.prepareMs)}, commit wait ${secs(t.writeWaitMs)}, index build ${secs(t.indexBuildMs)} | rows ${secs(t.rowsMs)}, checkpoint ${secs(t.checkpointMs)}`,
    );
  if (gcPauses) {
    console.log(
      "  garbage collection stopping the projector's main thread during the catch-up (a profile's 'garbage collector'):",
    );
    for (const line of gcPauses) console.log(line);
  }
  if (profileLines) {
    console.log(
      "  the projector's busy time by step (CPU profile of the catch-up: each sample goes to the nearest step on its",
    );
    console.log(
      '  stack, so JSON.parse inside the driver counts as reading rows; the share of its CPU time beside it):',
    );
    for (const line of profileLines) console.log(line);
  }

  // 3. The list (BENCH_REQUESTS=0: not timed, for the catch-up figures above alone).
  if (REQUESTS > 0) await timeList();

  async function timeList() {
    // The list, as the screen asks for it, once autovacuum has been over the fresh tables (done here at once, as
    // autovacuum would within a minute of such a load: index-only scans need the visibility map).
    const { rows: tables } = await pool.query(
      `SELECT string_agg(format('%I', tablename), ', ') AS t FROM pg_tables WHERE tablename ~ '^recipe_(list|detail)_v[0-9]+$'`,
    );
    await pool.query(`VACUUM ANALYZE ${tables[0].t}`);
    const { rows: listed } = await pool.query(
      'SELECT count(*)::int AS n FROM recipe_list WHERE brand_owner_code = $1',
      [BRAND],
    );
    const lastPage = Math.floor(listed[0].n / 10);
    // The screen reaches a deep page by "next page", with the `nextCursor` of the page before: here the cursor of the
    // last row of page lastPage - 1, in the list's opaque cursor format (change time to the microsecond, id).
    const { rows: beforeLast } = await pool.query(
      `SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS t, recipe_id::text AS id
         FROM recipe_list WHERE brand_owner_code = $1 AND status <> 'recycle_bin'
        ORDER BY updated_at DESC, recipe_id DESC OFFSET $2 LIMIT 1`,
      [BRAND, Math.max(0, (lastPage - 1) * 10 - 1)],
    );
    const lastPageCursor = `c.${Buffer.from(JSON.stringify([beforeLast[0].t, beforeLast[0].id])).toString('base64url')}`;
    // Signed in after the slow OFFSET above, whose seconds at a million rows would outlast the session's idle socket.
    const call = await loggedIn(system.baseUrl, 'demo', 'demo12345');
    /** The `nextCursor` of the first page of `query`, as the screen sends it for page 2. */
    const cursorAfter = async (query) => {
      const res = await (await call('GET', `/api/recipe/list?${query}`)).json();
      // A refused first page (503 past the API's statement timeout) leaves no cursor: the shape is then reported refused.
      return res.status === 200 && res.data.nextCursor ? encodeURIComponent(res.data.nextCursor) : 'none';
    };
    const QUERIES = [
      ['first page (all recipes, newest first)', 'pageNum=1&pageSize=10'],
      ['status released, page 3', 'status=released&pageNum=3&pageSize=10'],
      [
        'category + status waiting release',
        `categoryId=${categories[5]}&status=waiting_release&pageNum=1&pageSize=20`,
      ],
      ['name contains "鸡翅"', `name=${encodeURIComponent('鸡翅')}&pageNum=1&pageSize=10`],
      ['name contains "pumpkin"', 'name=pumpkin&pageNum=2&pageSize=10'],
      ['number prefix', 'number=B-0004&pageNum=1&pageSize=10'],
      [
        'model + label + online=false',
        `productCode=${products[1]}&tagId=${tags[5]}&online=false&pageNum=1&pageSize=10`,
      ],
      [
        'type + language + date range',
        `type=SOUP_AND_AIR&lang=en&updatedFrom=2000-01-01&updatedTo=2100-01-01&pageNum=1&pageSize=50`,
      ],
      [
        `deep page ${lastPage.toLocaleString('en')} of ${lastPage.toLocaleString('en')} by cursor (next page)`,
        `after=${encodeURIComponent(lastPageCursor)}&pageNum=${lastPage}&pageSize=10`,
      ],
      // A page is read by its number only within the first 10,000 rows (deeper: after a cursor, or refused).
      ['deepest typed jump, page 1,000', 'pageNum=1000&pageSize=10'],
      [
        `deep page ${lastPage.toLocaleString('en')} by pageNum (a typed jump)`,
        `pageNum=${lastPage}&pageSize=10`,
      ],
      [
        'name contains "pumpkin", next page by cursor',
        `name=pumpkin&after=${await cursorAfter('name=pumpkin&pageNum=1&pageSize=10')}&pageNum=2&pageSize=10`,
      ],
      // Sorted from a column header.
      ['sorted: number ascending, page 2', 'orderBy=number&order=asc&pageNum=2&pageSize=10'],
      ['sorted: version descending', 'orderBy=version&order=desc&pageNum=1&pageSize=10'],
      ['sorted: status + status filter', 'status=released&orderBy=status&pageNum=1&pageSize=10'],
      [
        'sorted: number ascending, next page by cursor',
        `orderBy=number&order=asc&after=${await cursorAfter('orderBy=number&order=asc&pageNum=1&pageSize=10')}&pageNum=2&pageSize=10`,
      ],
    ];
    // The statements the API runs for a query (its own code, from the built API), explained with their buffers:
    // figures that do not depend on how busy the machine is.
    const { recipeListStatements, nameMatchesUpTo, nameProbeStatements, NAME_INDEX_UP_TO, exactCountBound } =
      await dist('apps/api/dist/modules/recipes/queries/list-recipes/list-recipes.handler.js');
    const { countUpToSql } = await dist('apps/api/dist/common/paging.js');
    const { recipeListQuerySchema } = await dist('libs/contracts/dist/index.js');
    /** EXPLAIN (ANALYZE, BUFFERS) of a statement: shared buffers hit + read, and the execution time. */
    const explain = async ({ sql, params }) => {
      const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${sql}`, params);
      const [{ Plan: plan, 'Execution Time': ms }] = rows[0]['QUERY PLAN'];
      return { hit: plan['Shared Hit Blocks'], read: plan['Shared Read Blocks'], ms };
    };
    const sum = (a, b) => ({ hit: a.hit + b.hit, read: a.read + b.read, ms: a.ms + b.ms });
    /** The statements of the list's answer to `query`, as the handler chooses them; a name search's probe counted. */
    async function explainList(query) {
      const filter = recipeListQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
      const run = (sql, params) => pool.query(sql, params).then((r) => r.rows);
      const named = await nameMatchesUpTo(run, BRAND, filter);
      const few = named !== null && named <= NAME_INDEX_UP_TO;
      const statements = recipeListStatements(BRAND, filter, named === null || few);
      const count = countUpToSql(statements.count.sql, exactCountBound(filter));
      // A name search counts through its probe; with more matches than the probe counts, the total is an estimate.
      const counted =
        named !== null
          ? { hit: 0, read: 0, ms: 0 }
          : await explain({ sql: count, params: statements.count.params });
      if (named === null) return { page: await explain(statements.page), count: counted };
      // The probe as the handler runs it: the walk of the newest recipes, then the name index only when it found few.
      const probes = nameProbeStatements(BRAND, filter);
      let probe = await explain(probes.walk);
      const [walked] = await run(probes.walk.sql, probes.walk.params);
      if (Number(walked.n) <= NAME_INDEX_UP_TO) probe = sum(probe, await explain(probes.index));
      return { page: await explain(statements.page), count: sum(probe, counted) };
    }
    const results = [];
    for (const [title, query] of QUERIES) {
      const times = [];
      let total = 0;
      let totalExact = true;
      // A refusal (a query past the API's statement timeout answers 503) is reported in the table, and the other
      // shapes are still timed.
      let refused = null;
      for (let i = 0; i < REQUESTS + 5 && !refused; i++) {
        const started = performance.now();
        const res = await call('GET', `/api/recipe/list?${query}`);
        const body = await res.json();
        const ms = performance.now() - started;
        if (body.status !== 200) refused = `refused: ${body.status} ${body.desc} after ${ms.toFixed(0)} ms`;
        else ({ total, totalExact } = body.data);
        if (i >= 5 && !refused) times.push(ms); // the first few warm the connection pool and the plan cache
      }
      times.sort((a, b) => a - b);
      results.push({
        title,
        refused,
        total: totalExact ? total : `${total}~`,
        plans: await explainList(query),
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        p99: percentile(times, 99),
      });
    }

    console.log(
      `\nGET /api/recipe/list, ${listed[0].n.toLocaleString('en')} recipes in the brand, ${REQUESTS} sequential requests each (HTTP round trip, logged in; ${load()}):`,
    );
    const pad = (s, n) => String(s).padStart(n);
    console.log(
      `${'query'.padEnd(56)} ${pad('total', 9)} ${pad('p50 ms', 8)} ${pad('p95 ms', 8)} ${pad('p99 ms', 8)} | ${pad('page: buffers hit/read', 22)} ${pad('ms', 6)} | ${pad('count: buffers hit/read', 23)} ${pad('ms', 6)}`,
    );
    const buffers = (e) => `${e.hit}/${e.read}`;
    for (const r of results) {
      const plans = `| ${pad(buffers(r.plans.page), 22)} ${pad(r.plans.page.ms.toFixed(1), 6)} | ${pad(buffers(r.plans.count), 23)} ${pad(r.plans.count.ms.toFixed(1), 6)}`;
      console.log(
        r.refused
          ? `${r.title.padEnd(56)} ${r.refused} ${plans}`
          : `${r.title.padEnd(56)} ${pad(r.total, 9)} ${pad(r.p50.toFixed(1), 8)} ${pad(r.p95.toFixed(1), 8)} ${pad(r.p99.toFixed(1), 8)} ${plans}`,
      );
    }
    console.log(
      `(target: p95 under 50 ms; a total with ~ is the planner's estimate past ${(10_000).toLocaleString('en')} matches (${(1_000).toLocaleString('en')} for a name, a model or a label); the plans are EXPLAIN (ANALYZE, BUFFERS) of the page's and the count's statements (a name search's: with its probe, the newest recipes walked and, for a rare name, the name index), once, after the timed requests; ${load()})`,
    );
  }
} finally {
  // Waited for: a profile asked for by BENCH_PROJECTOR_NODE_ARGS is written as it exits.
  if (projector && projector.exitCode === null) {
    const exited = new Promise((resolve) => projector.once('exit', resolve));
    projector.kill('SIGTERM');
    await exited;
  }
  await store.close();
  await pool.end();
  await system.stop();
}
