// `npm run bench`: prints the system's figures, one part after the other (each its own process, so one part's
// connections and memory do not weigh on the next). Figures only: nothing here is a test or gates anything.
//   BENCH_ONLY=event-store,recipes,ingest,lists,device-history,single-posts,queue-jobs,content,notices,app-users,jobs,web   runs only the named parts
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench');
const PARTS = [
  ['event-store', 'event-store append throughput beside a plain INSERT'],
  [
    'recipes',
    `recipes: projector catch-up and recipe list latency at ${Number(process.env.BENCH_RECIPES ?? 100_000).toLocaleString('en')} recipes`,
  ],
  ['ingest', 'devices: ingest throughput, post-to-visible latency'],
  ['lists', 'lists: device list and app-user list at 1,000,000 each, every filter and sort of the screens'],
  [
    'device-history',
    'devices: detail, history chart, fault summary and list at 1,000,000 devices over partitioned telemetry',
  ],
  [
    'single-posts',
    'devices and app: single posts on one and two processes, beside the plain-handler ceiling; overload at 64, 256 and 1,024 clients',
  ],
  [
    'queue-jobs',
    'devices: the queue part of single posts (coalescer, BullMQ), posts per job and CPU per post',
  ],
  ['content', 'devices: the content feed (GET /device/v1/content) as 10,000 devices poll it, with ETags'],
  ['notices', 'notices: a push to 1,000,000 devices, deliveries/s and time until every device can see it'],
  ['app-users', 'app users: app activity end to end at 100,000 users, export of 1,000,000 searches'],
  [
    'jobs',
    'jobs: recipe zip export and import of 10,000 recipes with media, recipes/s and worker peak memory',
  ],
  [
    'web',
    'web: first table row of /recipe-list, /device-info-list, /home at 1x and 4x CPU, cold and warm; Lighthouse',
  ],
];
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
let failed = 0;
for (const [name, title] of PARTS) {
  if (only && !only.includes(name)) continue;
  const file = path.join(here, `${name}.mjs`);
  if (!existsSync(file)) {
    console.log(`\n=== ${title}: not present (${path.relative(process.cwd(), file)})`);
    continue;
  }
  console.log(`\n=== ${title}`);
  const run = spawnSync(process.execPath, [file], { stdio: 'inherit', env: process.env });
  if (run.status !== 0) {
    failed += 1;
    console.log(`=== ${name} ended with exit code ${run.status}`);
  }
}
process.exit(failed ? 1 : 0);
