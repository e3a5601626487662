// `npm run bench` (queue-jobs): what the queue costs a single post, without HTTP or Postgres. Devices posting on
// their own (open loop) at BENCH_QUEUE_RATE (5,000) single-message posts/s for BENCH_SECONDS (10) go through
// device-ingest's own PostCoalescer into the telemetry queue, and a worker with the post workers' options
// (postWorkerOptions, concurrency 256) takes and completes each job (its handler stores nothing). Against a
// redis-server of its own, so its CPU is the queue's alone. Variants of the coalescer's gap between jobs
// (BENCH_GATHER_MS, `0,5`: 0 is a job per Redis round trip) run interleaved for BENCH_ROUNDS (3) rounds; each prints
// posts per job and the CPU per 1,000 posts of this process (coalescer, BullMQ producer and worker) and of Redis,
// with the load average, and the worker's errors (a job whose lock ran out while the loop was held; it runs again).
// Figures only; not a test.
import { readFileSync } from 'node:fs';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { builtTesting, fmt, importDist } from './build.mjs';
import { telemetrySample } from './seed.mjs';

const RATE = Number(process.env.BENCH_QUEUE_RATE ?? 5000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const GAPS = (process.env.BENCH_GATHER_MS ?? '0,5').split(',').map(Number);

const { startPrivateRedis } = await builtTesting('@kb/device-ingest');
const { PostCoalescer } = await importDist('apps/device-ingest/dist/post-coalescer.js');
const { postWorkerOptions } = await importDist('apps/device-ingest/dist/devices/device-workers.js');
const { QUEUES } = await importDist('libs/platform/dist/index.js');

const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
/** User + system CPU seconds of process `pid` so far. */
const cpuOf = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const post = (i) => ({
  deviceId: '6f1c2d3e-0000-4000-8000-000000000000',
  brandOwnerCode: 'DEMO',
  receivedAt: new Date().toISOString(),
  messages: [telemetrySample(`q-${i}`)],
});

const redisServer = await startPrivateRedis();
const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
const redisPid = Number(/process_id:(\d+)/.exec(await redis.info('server'))[1]);

/** One run: `gapMs` between jobs; answers posts, jobs and CPU seconds of this process and of Redis. */
async function run(gapMs, name) {
  const connection = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  const workerConnection = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  const queue = new Queue(name, {
    connection,
    prefix: '{bull}',
    defaultJobOptions: QUEUES.telemetry.defaultJobOptions,
  });
  let stored = 0;
  let jobs = 0;
  const worker = new Worker(
    name,
    async (job) => {
      jobs++;
      stored += job.data.posts.length;
    },
    postWorkerOptions({
      connection: workerConnection,
      prefix: '{bull}',
      concurrency: 256,
      lockDurationMs: 3000,
    }),
  );
  // A loaded machine can hold the event loop past a job lock (the job then runs again): counted, not fatal.
  let errors = 0;
  worker.on('error', () => errors++);
  queue.on('error', () => errors++);
  await worker.waitUntilReady();
  const coalescer = new PostCoalescer(queue, 'telemetry-posts', { checked: 'bench', gapMs });
  const node0 = process.cpuUsage();
  const redis0 = cpuOf(redisPid);
  // Posts due by the clock are sent on each tick, so a late tick sends more at once (as devices would have).
  const started = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - started) / 1000;
      const due = Math.floor(Math.min(elapsed, SECONDS) * RATE);
      while (sent < due) void coalescer.add(post(sent++));
      if (elapsed >= SECONDS) {
        clearInterval(tick);
        resolve();
      }
    }, 1);
  });
  while (stored < sent) await new Promise((r) => setTimeout(r, 20));
  const node = process.cpuUsage(node0);
  const redisCpu = cpuOf(redisPid) - redis0;
  await worker.close();
  await queue.close();
  await connection.quit();
  await workerConnection.quit();
  return { posts: sent, jobs, errors, node: (node.user + node.system) / 1e6, redis: redisCpu, load: load() };
}

const rows = [];
try {
  for (let round = 1; round <= ROUNDS; round++)
    for (const gap of GAPS) {
      console.log(`gap ${gap} ms, round ${round}: ${fmt(RATE)} single posts/s for ${SECONDS} s …`);
      rows.push({ gap, round, ...(await run(gap, `telemetry-${gap}-${round}`)) });
    }
} finally {
  await redis.quit();
  await redisServer.kill();
}
const per1000 = (seconds, posts) => ((seconds * 1000) / posts).toFixed(3).padStart(8);
console.log(`\nQueue part of single posts, open loop at ${fmt(RATE)} posts/s, ${SECONDS} s each:`);
console.log(
  `${'gap ms'.padStart(6)} ${'round'.padStart(5)} ${'posts'.padStart(8)} ${'posts/job'.padStart(9)} ${'CPU s per 1,000 posts: node'.padStart(28)} ${'redis'.padStart(8)} ${'total'.padStart(8)} ${'errors'.padStart(6)}  load average`,
);
for (const r of rows)
  console.log(
    `${String(r.gap).padStart(6)} ${String(r.round).padStart(5)} ${fmt(r.posts).padStart(8)} ${(r.posts / r.jobs).toFixed(1).padStart(9)} ${per1000(r.node, r.posts).padStart(28)} ${per1000(r.redis, r.posts)} ${per1000(r.node + r.redis, r.posts)} ${String(r.errors).padStart(6)}  ${r.load}`,
  );
