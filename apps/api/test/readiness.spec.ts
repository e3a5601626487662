import { startOpsServer } from '@kb/platform';
import { eventually, startPrivateRedis } from '@kb/testing';
import { Metrics, ReadinessProbe } from '../src/infra/observability.js';
import { startTestApi } from './harness.js';

describe('API readiness', () => {
  // Each test boots an API of its own (migrations and demo data) on a shared, busy machine.
  it('is ready only while Redis answers, and again once it is back', async () => {
    const redis = await startPrivateRedis();
    const api = await startTestApi({ REDIS_URL: redis.url });
    const probe = api.app.get(ReadinessProbe);
    try {
      // Under load a probe can miss its 2 s deadline once: wait for the fact, not for one lucky answer.
      await eventually(
        () => probe.check(),
        (c) => c.ready,
        30_000,
        'ready with Redis up',
      );
      await redis.kill();
      const down = await eventually(
        () => probe.check(),
        (c) => c.checks.find((check) => check.name === 'redis')?.ok === false,
        30_000,
        'redis reported down',
      );
      expect(down.ready).toBe(false);
      expect(down.checks.map((c) => c.name)).toEqual(['postgres', 'eventStore', 'redis']);
      await redis.start();
      await eventually(
        () => probe.check(),
        (c) => c.ready,
        30_000,
        'ready again',
      );
    } finally {
      // The API's queues close cleanly only against a Redis that answers: bring it back before stopping.
      if (!redis.running()) await redis.start();
      await api.stop();
      await redis.kill();
    }
  }, 120_000);

  it('shuts down while Redis is gone: queues and connections give up waiting instead of holding the process', async () => {
    const redis = await startPrivateRedis();
    const api = await startTestApi({ REDIS_URL: redis.url });
    await redis.kill();
    // A worker or connection waiting for a Redis that never comes back would hold this for ever (Jest's timeout).
    await api.stop();
    expect(redis.running()).toBe(false);
  }, 120_000);

  it('is not ready while the event store is unreachable (its database gone)', async () => {
    const api = await startTestApi();
    const ops = await startOpsServer({
      host: '127.0.0.1',
      port: 0,
      registry: api.app.get(Metrics).registry,
      ready: () => api.app.get(ReadinessProbe).check(),
    });
    try {
      expect((await fetch(`${ops.url}/readyz`)).status).toBe(200);
      await api.db.drop();
      const res = await fetch(`${ops.url}/readyz`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { checks: { name: string; ok: boolean }[] };
      expect(body.checks).toContainEqual(expect.objectContaining({ name: 'eventStore', ok: false }));
      expect(body.checks).toContainEqual(expect.objectContaining({ name: 'redis', ok: true }));
      expect((await fetch(`${ops.url}/livez`)).status).toBe(200);
    } finally {
      await ops.close();
      await api.stop();
    }
  }, 180_000);
});
