import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { defineJobWorker, type JobOutcome, type JobWorkerDeps } from '@kb/platform';
import type { ExportThreadInput, ExportThreadMessage } from './search-record-export-thread.js';

/**
 * The heap an export's thread may use. V8 sizes a heap from the machine's memory: on a 24 GiB machine a million
 * rows grew the process by 130 MB of young and not yet collected garbage, though one batch is all that lives.
 * A small young generation and old space make the thread collect as it goes (about 60 MB over its idle size,
 * measured); a runaway export fails its job instead of the process.
 */
const EXPORT_HEAP = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 64 };

/** The thread's file: beside this one when built; the built one when these are the TypeScript sources (tests). */
function threadFile(): URL {
  const built = new URL('./search-record-export-thread.js', import.meta.url);
  if (existsSync(fileURLToPath(built))) return built;
  return new URL(
    import.meta.url.replace('/src/', '/dist/').replace(/\.ts$/, '.js').replace('-worker.js', '-thread.js'),
  );
}

/**
 * Exports the search records matching the list's filter (search-record-export.ts) in a worker thread of its own:
 * formatting a million rows keeps neither the process's event loop (device telemetry) nor its heap, and the
 * thread's heap is held small (EXPORT_HEAP). Progress is relayed as the thread reports it.
 */
export const searchRecordExportWorker = defineJobWorker({
  queue: 'search-record-export',
  kind: 'search-record-export',
  concurrency: 1,
  run: (ctx, deps: JobWorkerDeps & { filesDir: string; databaseUrl: string }) =>
    new Promise<JobOutcome>((resolve, reject) => {
      const input: ExportThreadInput = {
        job: ctx.data,
        databaseUrl: deps.databaseUrl,
        filesDir: deps.filesDir,
      };
      const thread = new Worker(threadFile(), { workerData: input, resourceLimits: EXPORT_HEAP });
      let reported = Promise.resolve();
      let outcome: JobOutcome | null = null;
      let failure: Error | null = null;
      thread.on('message', (message: ExportThreadMessage) => {
        if (message.kind === 'progress')
          reported = reported.then(() => ctx.progress(message.done, message.total));
        else outcome = message.outcome;
      });
      thread.on('error', (error) => {
        failure = error;
      });
      thread.on('exit', (code) => {
        reported.then(
          () =>
            outcome && code === 0
              ? resolve(outcome)
              : reject(failure ?? new Error(`the export thread stopped (exit code ${code})`)),
          reject,
        );
      });
    }),
});
