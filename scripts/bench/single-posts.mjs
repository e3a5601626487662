// `npm run bench` (single-posts): phones and appliances post one message at a time. On a private database
// (dropped at the end) with the real, built API, projector and device-ingest:
//   1. 10,000 activated devices and 10,000 signed-in app users of brand DEMO;
//   2. one device-ingest process (INGEST_ROLE=all, as `npm start` runs it): BENCH_CLIENTS (64) keep-alive
//      clients post as fast as answers come for BENCH_SECONDS (10): device posts of one telemetry message, then
//      app posts of one favourite. Posts/s over HTTP and end to end (until the last one is stored);
//   3. the ceiling: a plain Node HTTP handler that reads the same posts and answers 202, same clients;
//   4. overload: with 64, 256 and 1,024 clients, BENCH_OVERLOAD_SECONDS (20) of single device posts offered at
//      BENCH_OVERLOAD_FACTOR (3) times the end-to-end rate of step 2: accepted and refused posts/s, how fast a
//      refusal comes, post → stored p99 of accepted posts (their rows' stored time) and Redis memory;
//   5. two device-ingest processes (both INGEST_ROLE=all) with the clients spread over them: the same single
//      posts, beside one process;
//   6. (part `ab`, asked for with BENCH_SINGLE_PARTS=ab) variants of device-ingest's settings, interleaved on the
//      same database: BENCH_VARIANTS `name:VAR=value,VAR=value;name:…` (a variant with no settings runs the
//      defaults), BENCH_ROUNDS (3) rounds of single device posts each, one process started afresh per run.
// Every device run prints the CPU per 1,000 posts of device-ingest, of its Postgres backends and of the Redis
// server (shared with whatever else runs on it), the queue jobs written and the Postgres transactions that stored
// the posts (distinct stored times), so posts per job and rows per transaction.
// Every figure is printed with the load average of the machine when it was taken. BENCH_SKIP_BUILD=true uses
// the dist folders as they are. Figures only; not a test.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { builtTesting, fmt, percentile } from './build.mjs';
import {
  keepAliveRequest,
  pacedLoad,
  releasedRecipes,
  sleep,
  startCeiling,
  startIngestProcess,
} from './processes.mjs';
import { activatedDevices, signedInAppUsers, telemetrySample } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 20);
const OVERLOAD_FACTOR = Number(process.env.BENCH_OVERLOAD_FACTOR ?? 3);
const OVERLOAD_CLIENTS = (process.env.BENCH_OVERLOAD_CLIENTS ?? '64,256,1024').split(',').map(Number);
const PARTS = (process.env.BENCH_SINGLE_PARTS ?? 'single,ceiling,overload,two').split(',');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** `name:VAR=value,VAR=value;…` as [{ name, env }]. */
const VARIANTS = (process.env.BENCH_VARIANTS ?? 'defaults:')
  .split(';')
  .filter(Boolean)
  .map((v) => {
    const [name, settings = ''] = v.split(':');
    return {
      name,
      env: Object.fromEntries(
        settings
          .split(',')
          .filter(Boolean)
          .map((kv) => kv.split('=')),
      ),
    };
  });
const DEVICES = 10_000;
const USERS = 10_000;
const BRAND = 'DEMO';

const { startSystem } = await builtTesting('@kb/api', '@kb/projector', '@kb/device-ingest');

const pad = (s, n) => String(s).padStart(n);
const load1 = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const redisPrefix = `kbbench-${randomBytes(4).toString('hex')}:`;
const system = await startSystem({ projector: true, env: { LOG_LEVEL: 'warn', REDIS_PREFIX: redisPrefix } });
const pool = new pg.Pool({ connectionString: system.db.url, max: 6 });
pool.on('error', () => undefined);
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const children = [];
// Each client keeps its connection between posts, as a device holding one does: beyond Node's default of 256
// idle sockets, the agent closed the connections of clients waiting for their next post (1,024 paced clients)
// and each of their posts opened a new one.
const SOCKETS = Math.max(CLIENTS, ...OVERLOAD_CLIENTS);
const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS, maxFreeSockets: SOCKETS });

try {
  /** Starts `count` device-ingest processes as `npm start` runs one (device and app API with the workers). */
  async function startIngest(count = 1, env = {}) {
    const started = [];
    for (let i = 0; i < count; i++)
      started.push(
        await startIngestProcess(children, {
          DATABASE_URL: system.db.url,
          REDIS_PREFIX: redisPrefix,
          ...env,
        }),
      );
    return {
      ports: started.map((s) => s.port),
      pids: started.map((s) => s.pid),
      stop: () => Promise.all(started.map((s) => s.stop())),
    };
  }

  const recipes = await releasedRecipes(pool, BRAND);

  // 1. Devices with credentials and app users with sessions, written in bulk the way activation and sign-in do.
  const devices = await activatedDevices(pool, BRAND, DEVICES, {
    snPrefix: 'SPB',
    lastSeen: "now() - interval '1 hour'",
  });
  const { token: appToken } = await signedInAppUsers(pool, BRAND, USERS, 'spb');
  const storedTelemetry = async () =>
    Number(
      (await pool.query('SELECT count(*) AS n FROM device_telemetry WHERE brand_owner_code = $1', [BRAND]))
        .rows[0].n,
    );
  const activityQueue = new Queue('app-activity', { connection: redis, prefix: `${redisPrefix}{bull}` });
  const activityWorkedOff = async () => {
    const c = await activityQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return c.waiting + c.active + c.delayed + c.prioritized === 0;
  };

  let seq = 0;
  // The message ids of a run start with its tag: its stored rows tell the run's post → stored times.
  let tag = 's';
  const deviceBody = () => JSON.stringify({ messages: [telemetrySample(`${tag}-${seq++}`)] });
  const appBody = () =>
    JSON.stringify({
      messages: [
        {
          type: seq % 3 === 2 ? 'unfavourite' : 'favourite',
          messageId: `f${seq++}`,
          at: new Date().toISOString(),
          recipeId: recipes[seq % recipes.length],
        },
      ],
    });
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const devicePost = (port) => {
    const d = pick(devices);
    return keepAliveRequest(agent, port, 'POST', '/device/v1/telemetry', d.token, deviceBody());
  };
  const appPost = (port) =>
    keepAliveRequest(
      agent,
      port,
      'POST',
      '/app/v1/activity',
      appToken(1 + Math.floor(Math.random() * USERS)),
      appBody(),
    );

  /**
   * `clients` clients send until `seconds` are over: closed loop, or paced to `rate` posts/s in all. A refusal
   * (429/503) waits its Retry-After (plus up to half again) and counts as refused. `ports` are spread over.
   */
  async function load(send, ports, seconds, { clients = CLIENTS, rate } = {}) {
    return pacedLoad({
      clients,
      seconds,
      interval: rate ? (clients * 1000) / rate : 0,
      send: (c) => send(ports[c % ports.length]),
    });
  }

  async function until(done, what) {
    const deadline = Date.now() + 180_000;
    while (!(await done())) {
      if (Date.now() > deadline) throw new Error(`${what} not stored within 3 minutes`);
      await sleep(50);
    }
  }

  /** CPU seconds (user + system) the processes `pids` have used so far; 0 for one that is gone. */
  const cpuSeconds = (pids) =>
    pids.reduce((sum, pid) => {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return sum + (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return sum;
      }
    }, 0);
  /** The Postgres backends device-ingest holds on the bench's database. */
  const backends = async () =>
    (
      await pool.query(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'kitchen-%'`,
      )
    ).rows.map((r) => r.pid);
  /**
   * Starts counting the CPU time of device-ingest's processes and of its Postgres backends; `stop` answers both,
   * in seconds. CPU time per post is what a post costs whatever else the machine runs (the load only stretches
   * the wall clock), so it compares runs taken at different loads.
   */
  async function cpuMeter(pids) {
    const pg0 = await backends();
    const node0 = cpuSeconds(pids);
    const redis0 = cpuSeconds([redisPid]);
    const pgStart = new Map(pg0.map((pid) => [pid, cpuSeconds([pid])]));
    return async () => {
      const node = cpuSeconds(pids) - node0;
      const redisServer = cpuSeconds([redisPid]) - redis0;
      let postgres = 0;
      // A backend gone meanwhile (the pool closed it) is left out: its time is unknown.
      for (const pid of new Set([...pg0, ...(await backends())]))
        if (existsSync(`/proc/${pid}`)) postgres += cpuSeconds([pid]) - (pgStart.get(pid) ?? 0);
      return { node, postgres, redis: redisServer };
    };
  }
  // The Redis server's own process (on this machine): its CPU counts everything it serves, ours and others'.
  const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1] ?? 0);
  /** Jobs written so far to the telemetry queue (BullMQ's id counter). */
  const telemetryJobs = async () => Number((await redis.get(`${redisPrefix}{bull}:telemetry:id`)) ?? 0);
  /** The run `runTag`'s stored rows and the transactions that stored them (one `stored_at` each). */
  const storedBy = async (runTag) =>
    (
      await pool.query(
        `SELECT count(*)::int AS rows, count(DISTINCT stored_at)::int AS transactions
           FROM device_telemetry WHERE brand_owner_code = $1 AND message_id LIKE $2`,
        [BRAND, `${runTag}-%`],
      )
    ).rows[0];

  /** Single device posts, closed loop, tagged `runTag`: posts/s, CPU, jobs and transactions. */
  async function devicePosts({ ports, pids }, title, runTag) {
    tag = runTag;
    const before = await storedTelemetry();
    const jobs0 = await telemetryJobs();
    const meter = await cpuMeter(pids);
    const r = await load(devicePost, ports, SECONDS);
    await until(async () => (await storedTelemetry()) >= before + r.posts, 'device posts');
    const cpu = await meter();
    const e2eSeconds = (performance.now() - r.started) / 1000;
    const jobs = (await telemetryJobs()) - jobs0;
    const { transactions } = await storedBy(runTag);
    return { title, ...r, cpu, e2eSeconds, jobs, transactions, load: load1() };
  }

  /** Single device posts, then single favourites, closed loop: posts/s over HTTP and end to end. */
  async function singlePosts({ ports, pids }, label) {
    const out = [];
    console.log(`${label}: single device posts, ${CLIENTS} clients, ${SECONDS} s …`);
    out.push(await devicePosts({ ports, pids }, `${label}: device posts, 1 message`, `s${ports.length}`));
    console.log(`${label}: single favourites, ${CLIENTS} clients, ${SECONDS} s …`);
    const failedBefore = (await activityQueue.getJobCounts('failed')).failed;
    const meter = await cpuMeter(pids);
    const r = await load(appPost, ports, SECONDS);
    await until(activityWorkedOff, 'favourites');
    const cpu = await meter();
    const failedJobs = (await activityQueue.getJobCounts('failed')).failed - failedBefore;
    out.push({
      title: `${label}: app posts, 1 favourite`,
      ...r,
      failed: r.failed + failedJobs,
      cpu,
      e2eSeconds: (performance.now() - r.started) / 1000,
      load: load1(),
    });
    return out;
  }

  /**
   * Warm-up: one post per device and per user on each of `ports`, as after the fleet's first minute (each
   * process has then checked and cached every credential it is sent).
   */
  async function warmUp(ports, { app = true } = {}) {
    tag = 'w';
    const before = await storedTelemetry();
    let accepted = 0;
    for (const port of ports) {
      for (let i = 0; i < DEVICES; i += CLIENTS)
        await Promise.all(
          devices.slice(i, i + CLIENTS).map(async (d) => {
            const answer = await keepAliveRequest(
              agent,
              port,
              'POST',
              '/device/v1/telemetry',
              d.token,
              deviceBody(),
            );
            if (answer.status === 202) accepted++;
          }),
        );
      for (let i = 1; app && i <= USERS; i += CLIENTS)
        await Promise.all(
          Array.from({ length: Math.min(CLIENTS, USERS - i + 1) }, (_, k) =>
            keepAliveRequest(agent, port, 'POST', '/app/v1/activity', appToken(i + k), appBody()),
          ),
        );
    }
    await until(async () => (await storedTelemetry()) >= before + accepted, 'the warm-up device posts');
    await until(activityWorkedOff, 'the warm-up favourites');
  }

  const results = [];
  let ingest = await startIngest(1);
  await warmUp(ingest.ports);

  let capacity = Number(process.env.BENCH_CAPACITY ?? 0);
  if (PARTS.includes('single')) {
    results.push(...(await singlePosts(ingest, '1 process')));
    capacity ||= results[0].posts / results[0].e2eSeconds;
  }
  capacity ||= 5000;

  const overloads = [];
  if (PARTS.includes('overload')) {
    const redisMemory = async () => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))?.[1] ?? NaN);
    for (const clients of OVERLOAD_CLIENTS) {
      const rate = OVERLOAD_FACTOR * capacity;
      console.log(
        `Overload: ${clients} clients offering ${fmt(rate)} single posts/s for ${OVERLOAD_SECONDS} s …`,
      );
      const memoryBefore = await redisMemory();
      let memoryPeak = memoryBefore;
      const sampler = setInterval(() => {
        void redisMemory().then((m) => (memoryPeak = Math.max(memoryPeak, m)));
      }, 500);
      const before = await storedTelemetry();
      tag = `o${clients}`;
      // The bench's own event loop: a late one delays the answers it times (it shares the 2 cores).
      const clientLag = monitorEventLoopDelay({ resolution: 10 });
      clientLag.enable();
      const r = await load(devicePost, ingest.ports, OVERLOAD_SECONDS, { clients, rate });
      clientLag.disable();
      clearInterval(sampler);
      await until(async () => (await storedTelemetry()) >= before + r.posts, 'accepted overload posts');
      await sleep(1000); // anything beyond the accepted posts would show now
      const stored = (await storedTelemetry()) - before;
      // Post → stored of every accepted post: from the device's sample time (its send) and from its arrival, to
      // the storing transaction.
      const { rows } = await pool.query(
        `SELECT percentile_cont(ARRAY[0.5, 0.99])
                  WITHIN GROUP (ORDER BY extract(epoch FROM stored_at - sampled_at) * 1000) AS sent,
                percentile_cont(ARRAY[0.5, 0.99])
                  WITHIN GROUP (ORDER BY extract(epoch FROM stored_at - received_at) * 1000) AS arrived
           FROM device_telemetry WHERE brand_owner_code = $1 AND message_id LIKE $2`,
        [BRAND, `${tag}-%`],
      );
      const latencies = { sent: rows[0].sent.map(Number), arrived: rows[0].arrived.map(Number) };
      overloads.push({
        clients,
        rate,
        ...r,
        clientLagP99: clientLag.percentile(99) / 1e6,
        latencies,
        memoryBefore,
        memoryPeak,
        stored,
        load: load1(),
      });
      await sleep(2000); // the backlog of this run is gone before the next
    }
  }

  if (PARTS.includes('two')) {
    await ingest.stop();
    ingest = await startIngest(2);
    // Both processes start cold: warmed as the one process was, so the runs compare the same work.
    await warmUp(ingest.ports);
    results.push(...(await singlePosts(ingest, '2 processes')));
  }
  await ingest.stop();

  const variants = [];
  if (PARTS.includes('ab'))
    for (let round = 1; round <= ROUNDS; round++)
      for (const v of VARIANTS) {
        const started = await startIngest(1, v.env);
        await warmUp(started.ports, { app: false });
        console.log(
          `Variant ${v.name}, round ${round}: single device posts, ${CLIENTS} clients, ${SECONDS} s …`,
        );
        variants.push(await devicePosts(started, `${v.name} (round ${round})`, `v${variants.length}`));
        await started.stop();
      }

  const ceilings = [];
  if (PARTS.includes('ceiling')) {
    const { port: ceilingPort, child: ceiling } = await startCeiling(children);
    for (const [title, send] of [
      ['device post', devicePost],
      ['app post', appPost],
    ]) {
      const r = await load(send, [ceilingPort], SECONDS);
      ceilings.push({ title, ...r, load: load1() });
    }
    ceiling.kill('SIGTERM');
  }

  console.log(`\nSingle posts end to end (HTTP → BullMQ → Postgres), ${CLIENTS} clients, ${SECONDS} s:`);
  const row = (r) => {
    const per1000 = (seconds) => pad(((seconds * 1000) / r.posts).toFixed(3), 8);
    const device = r.jobs !== undefined;
    return `${r.title.padEnd(40)} ${pad(fmt(r.posts), 8)} ${pad(fmt(r.refused), 8)} ${pad(r.failed, 7)} ${pad(fmt(r.posts / r.httpSeconds), 13)} ${pad(fmt(r.posts / r.e2eSeconds), 12)} ${per1000(r.cpu.node)} ${per1000(r.cpu.postgres)} ${per1000(r.cpu.redis)} ${per1000(r.cpu.node + r.cpu.postgres + r.cpu.redis)} ${pad(device ? (r.posts / r.jobs).toFixed(1) : '', 9)} ${pad(device ? (r.posts / r.transactions).toFixed(1) : '', 8)}  ${r.load}`;
  };
  const header = `${'run'.padEnd(40)} ${pad('posts', 8)} ${pad('refused', 8)} ${pad('failed', 7)} ${pad('HTTP posts/s', 13)} ${pad('e2e posts/s', 12)} ${pad('CPU s per 1,000 posts: node', 8)} ${pad('pg', 8)} ${pad('redis', 8)} ${pad('total', 8)} ${pad('posts/job', 9)} ${pad('rows/txn', 8)}  load average`;
  console.log(header);
  for (const r of results) console.log(row(r));
  for (const c of ceilings)
    console.log(
      `${`ceiling (plain Node handler): ${c.title}`.padEnd(40)} ${pad(fmt(c.posts), 8)} ${pad('', 8)} ${pad(c.failed, 7)} ${pad(fmt(c.posts / c.httpSeconds), 13)} ${pad('', 12)}  ${c.load}`,
    );
  console.log(
    '(targets on one process: 8,000 device posts/s and 5,000 app posts/s end to end; CPU per 1,000 posts: user + system seconds of the device-ingest processes, of their Postgres backends and of the Redis server (shared: it counts whatever else it serves) per 1,000 accepted posts, from the first post to the last stored — what a post costs whatever the load; posts/job: telemetry posts per queue job; rows/txn: per storing transaction)',
  );
  if (variants.length) {
    console.log(
      `\nVariants, interleaved on one database, ${CLIENTS} clients, ${SECONDS} s of single device posts each:`,
    );
    for (const v of VARIANTS)
      console.log(
        `  ${v.name}: ${
          Object.entries(v.env)
            .map(([k, x]) => `${k}=${x}`)
            .join(' ') || 'the defaults'
        }`,
      );
    console.log(header);
    for (const r of variants) console.log(row(r));
  }
  if (overloads.length) {
    console.log(
      `\nOverload: single device posts offered at ${OVERLOAD_FACTOR}× ${fmt(capacity)} posts/s for ${OVERLOAD_SECONDS} s, clients honouring Retry-After:`,
    );
    console.log(
      `${'clients'.padStart(7)} ${pad('offered/s', 10)} ${pad('accepted/s', 11)} ${pad('refused/s', 10)} ${pad('503 p99 ms', 11)} ${pad('stored p50', 11)} ${pad('p99 ms', 7)} ${pad('arrived p99', 12)} ${pad('Redis MB', 9)} ${pad('peak', 6)} ${pad('stored=acc', 10)} ${pad('bench lag', 10)}  load average`,
    );
    for (const o of overloads)
      console.log(
        `${pad(o.clients, 7)} ${pad(fmt((o.posts + o.refused) / o.httpSeconds), 10)} ${pad(fmt(o.posts / o.httpSeconds), 11)} ${pad(fmt(o.refused / o.httpSeconds), 10)} ${pad(fmt(percentile(o.refusalMs, 99)), 11)} ${pad(fmt(o.latencies.sent[0]), 11)} ${pad(fmt(o.latencies.sent[1]), 7)} ${pad(fmt(o.latencies.arrived[1]), 12)} ${pad((o.memoryBefore / 1048576).toFixed(1), 9)} ${pad((o.memoryPeak / 1048576).toFixed(1), 6)} ${pad(o.stored === o.posts ? 'yes' : `NO ${o.stored}/${o.posts}`, 10)} ${pad(fmt(o.clientLagP99), 10)}  ${o.load}`,
      );
    console.log(
      '(stored p50/p99: post → stored of every accepted post, from its send; arrived p99: from its arrival at the gateway; target p99 ≤ 2,000 ms; bench lag: p99 of the bench’s own event-loop delay in ms; Redis: used_memory before and at most, the whole shared server; failures: ' +
        overloads.map((o) => o.failed).join('/') +
        ')',
    );
  }
  await activityQueue.close();
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  agent.destroy();
  await pool.end();
  await system.stop();
  const keys = await redis.keys(`${redisPrefix}*`);
  for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
  await redis.quit();
}
