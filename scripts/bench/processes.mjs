// What the benches that start device-ingest themselves share: a free port, waiting for a process's health
// answer, starting device-ingest, and one keep-alive request as the fleet's devices and apps send them.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { root } from './build.mjs';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * `clients` clients send until `seconds` are over: closed loop (the next post when the answer came), or each paced to
 * one post every `interval` ms (0: closed loop), the clients' first posts spread over one interval. `send(client)`
 * answers `{ status, retryAfter }`: a 202 counts as posted (and `accepted(answer, sentAt, posts)` is told); a refusal
 * with a Retry-After waits it (plus up to half again) and goes on at the pace from there, without catching up;
 * anything else, or a send that throws (a connection error), counts as failed.
 */
export async function pacedLoad({ clients, seconds, interval = 0, send, accepted = () => {} }) {
  const started = performance.now();
  const until = started + seconds * 1000;
  let posts = 0;
  let refused = 0;
  let failed = 0;
  const refusalMs = [];
  let lastAnswer = started;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      let next = started + (interval * c) / clients;
      while (performance.now() < until) {
        if (interval) {
          const wait = next - performance.now();
          if (wait > 0) await sleep(wait);
          next += interval;
        }
        const t = performance.now();
        const sentAt = Date.now();
        let answer;
        try {
          answer = await send(c);
        } catch {
          failed++;
          continue;
        }
        lastAnswer = performance.now();
        if (answer.status === 202) accepted(answer, sentAt, ++posts);
        else if (answer.retryAfter !== undefined) {
          refused++;
          refusalMs.push(lastAnswer - t);
          await sleep(answer.retryAfter * 1000 * (1 + Math.random() * 0.5));
          next = performance.now();
        } else failed++;
      }
    }),
  );
  return {
    posts,
    refused,
    failed,
    started,
    httpSeconds: (lastAnswer - started) / 1000,
    refusalMs: refusalMs.sort((a, b) => a - b),
  };
}

/** A port nobody listens on now (the kernel's pick). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}

/** Waits until `url` answers 200; fails at once when `child` exits, or after `ms`. */
export async function waitHealthy(url, child, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not up yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

/**
 * Starts one built device-ingest process on a free port, added to `children`, and waits until it is healthy. `env`
 * goes over the benches' defaults: INGEST_ROLE `all` as `npm start` runs it (device and app API with the workers),
 * credentials trusted for the whole run (INGEST_AUTH_CACHE_MS) as for a fleet whose devices post at least once a
 * minute, warnings only. A `workers` process serves no API: it answers its health on its metrics port (/readyz).
 * BENCH_CPU_PROF=<dir>: the process writes a CPU profile there when it stops.
 */
export async function startIngestProcess(children, env = {}) {
  const port = await freePort();
  const workersOnly = env.INGEST_ROLE === 'workers';
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, path.join(root, 'apps/device-ingest/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      INGEST_PORT: String(port),
      INGEST_METRICS_PORT: workersOnly ? String(port) : '0',
      INGEST_ROLE: 'all',
      INGEST_AUTH_CACHE_MS: '600000',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  await waitHealthy(`http://127.0.0.1:${port}/${workersOnly ? 'readyz' : 'health'}`, child, 60_000);
  return {
    port,
    pid: child.pid,
    stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/**
 * One request on `agent`'s keep-alive sockets to 127.0.0.1:`port`, with a bearer token and an optional JSON
 * body: the answer's status and, on 429/503, its Retry-After in seconds.
 */
export function keepAliveRequest(agent, port, method, pathName, token, body) {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}` };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(body);
    }
    const req = http.request({ host: '127.0.0.1', port, path: pathName, method, agent, headers }, (res) => {
      res.resume();
      const retryAfter =
        res.statusCode === 429 || res.statusCode === 503
          ? Number(res.headers['retry-after'] ?? 1)
          : undefined;
      res.on('end', () => resolve({ status: res.statusCode, retryAfter }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The brand's released recipes, once the projector has them in the library (waits up to 2 minutes). */
export async function releasedRecipes(pool, brand) {
  for (const until = Date.now() + 120_000; Date.now() < until; await sleep(500)) {
    const { rows } = await pool.query(
      `SELECT recipe_id::text AS id FROM recipe_list WHERE brand_owner_code = $1 AND status = 'released'`,
      [brand],
    );
    if (rows.length) return rows.map((r) => r.id);
  }
  throw new Error('the projector showed no released demo recipe within 2 minutes');
}

/**
 * The ceiling the device API is measured against: a plain Node HTTP handler reading the same posts (a child
 * process added to `children`); answers its port and the process once it listens.
 */
export async function startCeiling(children) {
  const port = await freePort();
  const ceiling = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((req, res) => { const c = []; req.on('data', (d) => c.push(d));
         req.on('end', () => { const n = JSON.parse(Buffer.concat(c)).messages.length;
           const b = JSON.stringify({ status: 202, desc: 'accepted', data: { accepted: n } });
           res.writeHead(202, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(b) }); res.end(b); });
       }).listen(${port}, '127.0.0.1');`,
    ],
    { stdio: 'inherit' },
  );
  children.push(ceiling);
  await sleep(500);
  return { port, child: ceiling };
}
