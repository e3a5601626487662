import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { redisUrl } from '@kb/testing';
import { bullmqPrefix } from '@kb/platform';
import { PostCoalescer } from './post-coalescer.js';

const prefix = bullmqPrefix(`kbtest-coalescer-${randomBytes(4).toString('hex')}:`);
let redis: Redis;
let queue: Queue;
const queues: Queue[] = [];

beforeAll(() => {
  redis = new Redis(redisUrl(), { maxRetriesPerRequest: null });
});

// A queue of its own for each test.
beforeEach(() => {
  queue = new Queue(`telemetry-${queues.length}`, { connection: redis, prefix });
  queues.push(queue);
});

afterAll(async () => {
  await Promise.all(queues.map((q) => q.close()));
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.unlink(...keys);
  await redis.quit();
});

const post = (id: string) => ({ deviceId: id, messages: [{ messageId: id }] });
/** The posts of each job in the queue, oldest job first, by the message id of each post. */
const jobs = async () =>
  (await queue.getJobs(['waiting'], 0, -1, true)).map((job) =>
    (job.data as { posts: ReturnType<typeof post>[] }).posts.map((p) => p.deviceId),
  );
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('PostCoalescer', () => {
  it('queues a lone post at once, whatever the gap between jobs', async () => {
    const coalescer = new PostCoalescer(queue, 'telemetry-posts', { gapMs: 60_000 });

    await coalescer.add(post('a'));

    expect(await jobs()).toEqual([['a']]);
  });

  it('puts the posts of the gap after a job in the next job, however many turns they arrive in', async () => {
    const coalescer = new PostCoalescer(queue, 'telemetry-posts', { gapMs: 1000 });
    await coalescer.add(post('a'));

    // Without the gap, b would go at the end of its turn, c and d in later jobs.
    const later = [coalescer.add(post('b'))];
    await nextTurn();
    later.push(coalescer.add(post('c')));
    await nextTurn();
    later.push(coalescer.add(post('d')));
    await Promise.all(later);

    expect(await jobs()).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('without a gap, writes the posts that arrived during a job as the next job at the end of that turn', async () => {
    const coalescer = new PostCoalescer(queue, 'telemetry-posts');
    const first = coalescer.add(post('a'));
    const second = coalescer.add(post('b'));
    await Promise.all([first, second]);
    await coalescer.add(post('c'));

    expect(await jobs()).toEqual([['a', 'b'], ['c']]);
  });
});
