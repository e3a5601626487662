import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import type { SearchRecordExportJob } from '@kb/platform';
import { exportSearchRecords } from './search-record-export.js';

/** What the export job hands its thread. */
export interface ExportThreadInput {
  job: SearchRecordExportJob;
  databaseUrl: string;
  filesDir: string;
}

/** What the thread tells the job: progress as it goes, then the outcome (an error ends the thread instead). */
export type ExportThreadMessage =
  | { kind: 'progress'; done: number; total: number }
  | { kind: 'done'; outcome: Awaited<ReturnType<typeof exportSearchRecords>> };

// The thread of one export (search-record-export-worker.ts): its own connection, only pg and the writers loaded.
const input = workerData as ExportThreadInput;
const post = (message: ExportThreadMessage) => parentPort!.postMessage(message);
const pool = new pg.Pool({
  connectionString: input.databaseUrl,
  max: 1,
  application_name: 'kitchen-device-ingest-export',
  options: '-c idle_in_transaction_session_timeout=10000 -c jit=off',
});
// A connection the server ends fails the query in hand (and so the export), never the thread: @kb/platform's
// guardClients, repeated here to keep the thread's imports to pg and the writers.
pool.on('error', () => undefined);
pool.on('connect', (client) => client.on('error', () => undefined));
try {
  const outcome = await exportSearchRecords({
    job: input.job,
    pool,
    filesDir: input.filesDir,
    progress: async (done, total) => post({ kind: 'progress', done, total }),
  });
  post({ kind: 'done', outcome });
} finally {
  await pool.end();
}
