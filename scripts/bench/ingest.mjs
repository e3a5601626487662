// `npm run bench` (ingest): device ingestion end to end. On a private
// database (dropped at the end) with the real, built API and device-ingest processes:
//   1. 10,000 activated devices of brand DEMO (credentials as activation issues them);
//   2. for batches of 1 and of 50 messages: BENCH_CLIENTS (64) keep-alive clients post as fast as answers come
//      for BENCH_SECONDS (10) — messages/s end to end = messages posted / time from the first post until the
//      last message is in Postgres; and post → visible latency (until the device's last connect time, as the
//      device list shows it, reaches the post) of every 10th post;
//   3. the same with batches of 50 at a steady BENCH_PACED_RATE (12,000) messages/s: the latency of a
//      system that is not saturated; the workers' pace (150,000 queued messages worked off); overload:
//      BENCH_OVERLOAD_SECONDS (60) at BENCH_OVERLOAD_FACTOR (3) times that pace: accepted and refused msg/s,
//      post → visible of accepted posts, Redis memory, and accepted = stored; then batches of 1 and 50 again
//      with the device API and the workers in two processes (INGEST_ROLE http + workers). Every run honours
//      the device API's backpressure: a post answered 429/503 waits its Retry-After (plus up to half again)
//      and counts as refused;
//   4. the ceiling: a plain Node HTTP handler that reads the same posts and answers 202, same clients.
// The device list at a million devices is the lists part (scripts/bench/lists.mjs).
// BENCH_SKIP_BUILD=true uses the dist folders as they are. Figures only; not a test.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { builtTesting, fmt, percentile } from './build.mjs';
import { keepAliveRequest, pacedLoad, sleep, startCeiling, startIngestProcess } from './processes.mjs';
import { activatedDevices } from './seed.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 64);
const DEVICES = 10_000;
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 12000);
const OVERLOAD_SECONDS = Number(process.env.BENCH_OVERLOAD_SECONDS ?? 60);
const OVERLOAD_FACTOR = Number(process.env.BENCH_OVERLOAD_FACTOR ?? 3);
const BRAND = 'DEMO';

const { startSystem } = await builtTesting('@kb/api', '@kb/device-ingest');

const redisPrefix = `kbbench-${randomBytes(4).toString('hex')}:`;
const system = await startSystem({ env: { LOG_LEVEL: 'warn', REDIS_PREFIX: redisPrefix } });
const pool = new pg.Pool({ connectionString: system.db.url, max: 6 });
pool.on('error', () => undefined);
const children = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

/** One keep-alive POST of a device. */
const post = (port, pathName, body, token) => keepAliveRequest(agent, port, 'POST', pathName, token, body);

try {
  /**
   * Starts device-ingest processes: `['all']` as `npm start` runs it (device API and workers in one process),
   * or `['http', 'workers']` (one of each: the two cores of a small box both at work). Credentials are trusted
   * for the whole run (INGEST_AUTH_CACHE_MS), as for a fleet whose devices post at least once per minute.
   */
  async function startIngest(roles, env = {}) {
    const started = [];
    for (const role of roles)
      started.push(
        await startIngestProcess(children, {
          DATABASE_URL: system.db.url,
          REDIS_PREFIX: redisPrefix,
          INGEST_ROLE: role,
          ...env,
        }),
      );
    return {
      port: started[0].port,
      stop: () => Promise.all(started.map((s) => s.stop())),
    };
  }

  let ingest = await startIngest(['all']);
  let ingestPort = ingest.port;

  // 1. 10,000 activated devices with credentials, written in bulk the way activation writes them.
  const devices = await activatedDevices(pool, BRAND, DEVICES, { snPrefix: 'BENCH' });
  const stored = async () =>
    Number(
      (await pool.query('SELECT count(*) AS n FROM device_telemetry WHERE brand_owner_code = $1', [BRAND]))
        .rows[0].n,
    );

  let seq = 0;
  const body = (batch) => {
    const at = new Date().toISOString();
    const messages = [];
    for (let i = 0; i < batch; i++)
      messages.push({
        messageId: `b${seq++}`,
        sampledAt: at,
        network: 'wifi',
        ip: '10.9.8.7',
        apkVersion: '2.1.0',
        mode: 'BOIL',
        extra: { temperatureC: 96.5, rssi: -51 },
      });
    return JSON.stringify({ messages });
  };

  /**
   * Clients post batches to `port` until `seconds` are over: closed loop (next post when the answer came), or
   * paced to `rate` messages/s. Every 10th post is a probe: its device and send time.
   */
  async function load(port, batch, seconds, { rate, probes, clients = CLIENTS } = {}) {
    const run = await pacedLoad({
      clients,
      seconds,
      interval: rate ? (clients * batch * 1000) / rate : 0,
      send: async () => {
        const device = devices[Math.floor(Math.random() * DEVICES)];
        return { device, ...(await post(port, '/device/v1/telemetry', body(batch), device.token)) };
      },
      accepted: ({ device }, sentAt, posts) => {
        if (probes && posts % 10 === 0) probes.push({ id: device.id, sentAt });
      },
    });
    return { ...run, messages: run.posts * batch, refusedMessages: run.refused * batch };
  }

  /** Polls the devices of the probes until each shows a last connect time at or after its post. */
  async function watchProbes(probes, done) {
    const latencies = [];
    const pending = new Map();
    let taken = 0;
    for (;;) {
      while (taken < probes.length) {
        const p = probes[taken++];
        pending.set(p, p);
      }
      if (pending.size) {
        const list = [...pending.keys()];
        const { rows } = await pool.query('SELECT id, last_seen_at FROM devices WHERE id = ANY($1::uuid[])', [
          [...new Set(list.map((p) => p.id))],
        ]);
        const seen = new Map(rows.map((r) => [r.id, r.last_seen_at.getTime()]));
        const now = Date.now();
        for (const p of list)
          if ((seen.get(p.id) ?? 0) >= p.sentAt) {
            latencies.push(now - p.sentAt);
            pending.delete(p);
          }
      }
      if (done() && taken === probes.length && !pending.size) return latencies.sort((a, b) => a - b);
      await sleep(20);
    }
  }

  async function endToEnd(batch, options = {}) {
    const before = await stored();
    const probes = [];
    let loading = true;
    const watching = watchProbes(probes, () => !loading);
    const run = await load(ingestPort, batch, SECONDS, { ...options, probes });
    loading = false;
    const deadline = Date.now() + 180_000;
    while ((await stored()) < before + run.messages) {
      if (Date.now() > deadline) throw new Error('the posted messages were not all stored within 3 minutes');
      await sleep(50);
    }
    const e2eSeconds = (performance.now() - run.started) / 1000;
    const latencies = await watching;
    return { ...run, e2eSeconds, latencies };
  }

  // Devices post again and again, so a device's credential is checked in Postgres once and then trusted for a
  // while (INGEST_AUTH_CACHE_MS): one post per device first, as after the fleet's first minute.
  const warmStarted = performance.now();
  for (let i = 0; i < DEVICES; i += CLIENTS)
    await Promise.all(
      devices.slice(i, i + CLIENTS).map((d) => post(ingestPort, '/device/v1/telemetry', body(1), d.token)),
    );
  console.log(`Warm-up: one post per device in ${((performance.now() - warmStarted) / 1000).toFixed(1)} s`);

  const results = [];
  for (const batch of [1, 50]) {
    console.log(
      `Ingest: ${DEVICES.toLocaleString('en')} devices, batches of ${batch}, ${CLIENTS} clients, ${SECONDS} s …`,
    );
    results.push({ title: `batch ${batch}, as fast as answered`, batch, ...(await endToEnd(batch)) });
  }

  console.log(`Ingest: batches of 50 paced at ${fmt(PACED_RATE)} messages/s …`);
  results.push({
    title: `batch 50, paced ${fmt(PACED_RATE)} msg/s`,
    batch: 50,
    ...(await endToEnd(50, { rate: PACED_RATE })),
  });
  // The workers' pace, measured alone: posts queued with no worker running (and no backlog bound), then one
  // device-ingest process as `npm start` runs it works them off. (The runs above cannot tell it: their clients
  // wait out Retry-After, so the workers are not kept busy all the time.)
  await ingest.stop();
  const PACE_POSTS = 3000;
  console.log(`Ingest: the workers' pace, ${fmt(PACE_POSTS * 50)} queued messages worked off …`);
  const front = await startIngest(['http'], { INGEST_MAX_QUEUE_WAIT_MS: '3600000' });
  const paceBefore = await stored();
  let queuedPosts = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (queuedPosts < PACE_POSTS) {
        queuedPosts++;
        const device = devices[Math.floor(Math.random() * DEVICES)];
        const { status } = await post(front.port, '/device/v1/telemetry', body(50), device.token);
        if (status !== 202) throw new Error(`queueing for the pace run: ${status}`);
      }
    }),
  );
  await front.stop();
  ingest = await startIngest(['all']);
  ingestPort = ingest.port;
  let paceFrom;
  let paceFromCount;
  for (;;) {
    const n = (await stored()) - paceBefore;
    if (paceFrom === undefined && n > 0) [paceFrom, paceFromCount] = [performance.now(), n];
    if (n >= PACE_POSTS * 50) break;
    await sleep(20);
  }
  const workerPace = (PACE_POSTS * 50 - paceFromCount) / ((performance.now() - paceFrom) / 1000);

  // Overload: offered OVERLOAD_FACTOR times the workers' pace for a long while. Without backpressure the backlog
  // (and Redis) would grow all along; with it the excess is refused and what is accepted stays fresh.
  const overloadRate = Number(process.env.BENCH_OVERLOAD_RATE ?? OVERLOAD_FACTOR * workerPace);
  console.log(
    `Ingest overload: batches of 50 offered at ${fmt(overloadRate)} msg/s (${OVERLOAD_FACTOR}× the workers' ${fmt(workerPace)}) for ${OVERLOAD_SECONDS} s …`,
  );
  const redisInfo = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const redisMemory = async () =>
    Number(/used_memory:(\d+)/.exec(await redisInfo.info('memory'))?.[1] ?? NaN);
  const waitingPosts = () => redisInfo.llen(`${redisPrefix}{bull}:telemetry:wait`);
  const memoryBefore = await redisMemory();
  let memoryPeak = memoryBefore;
  let waitingPeak = 0;
  const sampler = setInterval(() => {
    void Promise.all([redisMemory(), waitingPosts()]).then(([m, w]) => {
      memoryPeak = Math.max(memoryPeak, m);
      waitingPeak = Math.max(waitingPeak, w);
    });
  }, 500);
  const overloadBefore = await stored();
  const overloadProbes = [];
  let overloading = true;
  const overloadWatch = watchProbes(overloadProbes, () => !overloading);
  // Enough clients that the paced posts keep up with the offered rate while some wait out a Retry-After.
  const overload = await load(ingestPort, 50, OVERLOAD_SECONDS, {
    rate: overloadRate,
    probes: overloadProbes,
    clients: CLIENTS * 2,
  });
  overloading = false;
  clearInterval(sampler);
  const memoryAtEnd = await redisMemory();
  const waitingAtEnd = await waitingPosts();
  const overloadLatencies = await overloadWatch;
  const drainDeadline = Date.now() + 180_000;
  while ((await stored()) < overloadBefore + overload.messages && Date.now() < drainDeadline)
    await sleep(100);
  await sleep(2000); // anything beyond the accepted messages would show now
  const overloadStored = (await stored()) - overloadBefore;
  await redisInfo.quit();
  // The same device fleet against one device-API process and one worker process.
  await ingest.stop();
  ingest = await startIngest(['http', 'workers']);
  ingestPort = ingest.port;
  for (const batch of [1, 50]) {
    console.log(`Ingest, device API and workers in two processes: batches of ${batch} …`);
    results.push({ title: `2 processes, batch ${batch}`, batch, ...(await endToEnd(batch)) });
  }
  await ingest.stop();

  // 4. The ceiling: a plain HTTP handler reading the same posts.
  const { port: ceilingPort, child: ceiling } = await startCeiling(children);
  const ceilings = [];
  for (const batch of [1, 50]) ceilings.push({ batch, ...(await load(ceilingPort, batch, SECONDS)) });
  ceiling.kill('SIGTERM');

  console.log(
    `\nIngest end to end (HTTP → BullMQ → Postgres), ${DEVICES.toLocaleString('en')} devices, one device-ingest process unless said:`,
  );
  const pad = (s, n) => String(s).padStart(n);
  console.log(
    `${'run'.padEnd(34)} ${pad('posts', 8)} ${pad('refused', 8)} ${pad('HTTP msg/s', 11)} ${pad('e2e msg/s', 10)} ${pad('visible p50', 12)} ${pad('p99 ms', 8)}`,
  );
  for (const r of results)
    console.log(
      `${r.title.padEnd(34)} ${pad(fmt(r.posts), 8)} ${pad(fmt(r.refused), 8)} ${pad(fmt(r.messages / r.httpSeconds), 11)} ${pad(fmt(r.messages / r.e2eSeconds), 10)} ${pad(fmt(percentile(r.latencies, 50)), 12)} ${pad(fmt(percentile(r.latencies, 99)), 8)}`,
    );
  console.log(
    '(posts: accepted (202); refused: answered 503 with Retry-After, the client waited and went on)',
  );
  console.log('Ceiling: a plain Node HTTP handler reading the same posts (no auth, queue or database):');
  for (const c of ceilings)
    console.log(
      `  batch ${String(c.batch).padEnd(3)} ${fmt(c.posts / c.httpSeconds)} posts/s = ${fmt(c.messages / c.httpSeconds)} msg/s`,
    );
  console.log('(targets: over 10,000 msg/s with batches of 50; p99 post → visible under 2 s)');
  const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\nOverload, ${OVERLOAD_SECONDS} s of batches of 50 offered at ${fmt(overloadRate)} msg/s (${OVERLOAD_FACTOR}× the workers' ${fmt(workerPace)} msg/s), clients honouring Retry-After:`,
  );
  console.log(
    `  offered ${fmt((overload.messages + overload.refusedMessages) / overload.httpSeconds)} msg/s: accepted ${fmt(overload.messages / overload.httpSeconds)} msg/s, ` +
      `refused (503 + Retry-After) ${fmt(overload.refusedMessages / overload.httpSeconds)} msg/s, other failures ${overload.failed}`,
  );
  console.log(
    `  post → visible of accepted posts: p50 ${fmt(percentile(overloadLatencies, 50))} ms, p99 ${fmt(percentile(overloadLatencies, 99))} ms ` +
      `(${overloadLatencies.length} probes; target p99 under 2 s)`,
  );
  console.log(
    `  Redis used_memory: ${mb(memoryBefore)} before, ${mb(memoryPeak)} at most, ${mb(memoryAtEnd)} at the end ` +
      `(the whole server, shared with anything else using it); waiting posts at most ${fmt(waitingPeak)}, ${fmt(waitingAtEnd)} at the end`,
  );
  console.log(
    `  accepted ${fmt(overload.messages)} messages, stored ${fmt(overloadStored)}: ${overloadStored === overload.messages ? 'equal, nothing accepted was lost' : 'NOT EQUAL'}`,
  );
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  agent.destroy();
  await pool.end();
  await system.stop();
  // Leave nothing of the run in Redis.
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`${redisPrefix}*`);
  for (let i = 0; i < keys.length; i += 500) await redis.unlink(...keys.slice(i, i + 500));
  await redis.quit();
}
