import { Queue } from 'bullmq';
import { bullmqPrefix, QUEUE_NAMES, type QueueName } from '@kb/platform';
import { ConfigError, loadConfig } from './config.js';
import { closeConnection, createProducerConnection } from './redis.js';

/**
 * The dead-letter view of the queues: jobs that failed for good (retries spent, or a payload no retry can
 * fix), kept a week (at most 5000 per queue). `list` prints them, newest first; `retry` queues them again.
 *
 *   npm run dead-letters -w @kb/device-ingest -- list [queue] [--limit 20]
 *   npm run dead-letters -w @kb/device-ingest -- retry <queue>
 */
async function main(): Promise<void> {
  const [command = 'list', queueArg, ...rest] = process.argv.slice(2).filter((a) => a !== '--');
  const limitAt = rest.indexOf('--limit');
  const limit = limitAt >= 0 ? Number(rest[limitAt + 1]) : 20;
  if (!['list', 'retry'].includes(command) || (queueArg && !QUEUE_NAMES.includes(queueArg as QueueName))) {
    console.error(
      `usage: dead-letters list [queue] [--limit N] | retry <queue>\nqueues: ${QUEUE_NAMES.join(', ')}`,
    );
    process.exit(2);
  }
  const config = loadConfig();
  const connection = createProducerConnection(config.REDIS_URL, 'device-ingest:dead-letters');
  const prefix = bullmqPrefix(config.REDIS_PREFIX);
  try {
    for (const name of queueArg ? [queueArg] : QUEUE_NAMES) {
      const queue = new Queue(name, { connection, prefix });
      const failed = await queue.getFailedCount();
      if (command === 'retry') {
        if (!queueArg) throw new Error('retry needs a queue name');
        await queue.retryJobs({ state: 'failed' });
        console.log(`${name}: ${failed} failed job(s) queued again`);
      } else {
        console.log(`${name}: ${failed} failed`);
        for (const job of await queue.getFailed(0, limit - 1)) {
          const when = job.finishedOn ? new Date(job.finishedOn).toISOString() : '?';
          console.log(`  ${job.id}  ${job.name}  ${when}  attempts=${job.attemptsMade}  ${job.failedReason}`);
        }
      }
      await queue.close();
    }
  } finally {
    await closeConnection(connection);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
