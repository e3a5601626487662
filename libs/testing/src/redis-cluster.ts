import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { redisUrl } from './database.js';
import { eventually } from './waiting.js';

const run = promisify(execFile);

/** A real Redis Cluster of the test's own: three masters from the machine's `redis-server`, on loopback. */
export interface RedisCluster {
  /** `127.0.0.1:p1,127.0.0.1:p2,127.0.0.1:p3`: what REDIS_CLUSTER_NODES takes. */
  nodes: string;
  /** A URL of one node (REDIS_URL beside REDIS_CLUSTER_NODES brings no more than credentials). */
  url: string;
  ports: number[];
  stop(): Promise<void>;
}

async function freePorts(count: number): Promise<number[]> {
  // A cluster node also listens on its port + 10000 (the cluster bus): both must be free.
  const ports: number[] = [];
  while (ports.length < count) {
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    await new Promise((r) => server.close(r));
    if (port + 10000 > 65535 || ports.includes(port)) continue;
    const bus = createServer().listen(port + 10000, '127.0.0.1');
    const free = await new Promise<boolean>((resolve) => {
      bus.once('listening', () => resolve(true));
      bus.once('error', () => resolve(false));
    });
    if (free) await new Promise((r) => bus.close(r));
    if (free) ports.push(port);
  }
  return ports;
}

async function cli(port: number, ...args: string[]): Promise<string> {
  const { stdout } = await run('redis-cli', ['-h', '127.0.0.1', '-p', String(port), ...args]);
  return stdout;
}

/**
 * Starts three `redis-server` processes in cluster mode (no persistence, loopback ports, a private directory
 * for their nodes.conf), joins them with `redis-cli --cluster create … --cluster-yes` (16384 slots over three
 * masters, no replicas) and answers once every node says `cluster_state:ok`.
 */
export async function startRedisCluster(): Promise<RedisCluster> {
  const ports = await freePorts(3);
  const dir = await mkdtemp(path.join(tmpdir(), 'kb-redis-cluster-'));
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = once(child, 'exit');
        child.kill('SIGKILL');
        await exited;
      }),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    for (const port of ports) {
      const child = spawn(
        'redis-server',
        [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          path.join(dir, `nodes-${port}.conf`),
          '--cluster-node-timeout',
          '5000',
          '--save',
          '',
          '--appendonly',
          'no',
          '--dir',
          dir,
        ],
        { stdio: 'ignore' },
      );
      children.push(child);
    }
    for (const port of ports)
      await eventually(
        () => cli(port, 'ping').catch(() => ''),
        (out) => out.trim() === 'PONG',
        10_000,
        `redis-server on ${port}`,
      );
    await run('redis-cli', [
      '--cluster',
      'create',
      ...ports.map((p) => `127.0.0.1:${p}`),
      '--cluster-replicas',
      '0',
      '--cluster-yes',
    ]);
    for (const port of ports)
      await eventually(
        () => cli(port, 'cluster', 'info').catch(() => ''),
        (out) => out.includes('cluster_state:ok'),
        20_000,
        `cluster state of the node on ${port}`,
      );
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    nodes: ports.map((p) => `127.0.0.1:${p}`).join(','),
    url: `redis://127.0.0.1:${ports[0]}`,
    ports,
    stop,
  };
}

/**
 * The Redis a suite runs on: with TEST_REDIS_CLUSTER=true a cluster of its own (started here; the caller
 * stops it), else the one Redis of REDIS_URL. Answers the environment a service takes (REDIS_URL, and
 * REDIS_CLUSTER_NODES for a cluster).
 */
export async function testRedisEnv(): Promise<{
  env: { REDIS_URL: string; REDIS_CLUSTER_NODES?: string };
  stop(): Promise<void>;
}> {
  if (process.env.TEST_REDIS_CLUSTER !== 'true')
    return {
      env: { REDIS_URL: redisUrl() },
      stop: async () => undefined,
    };
  const cluster = await startRedisCluster();
  return { env: { REDIS_URL: cluster.url, REDIS_CLUSTER_NODES: cluster.nodes }, stop: cluster.stop };
}
