/* global fetch, setTimeout */
// What the benches that start device-ingest themselves share: a free port, waiting for a process's health
// answer, and one keep-alive request as the fleet's devices and apps send them.
import http from 'node:http';
import net from 'node:net';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
