// `npm run bench` (jobs): the recipe zip export and import at library size. On a private database (dropped at the
// end) with the real, built API, projector and device-ingest processes:
//   1. BENCH_JOBS_RECIPES recipes (default 10,000) of brand DEMO are made through the API as staff make them: a
//      picture uploaded and the recipe added (en + de, a model OTHER also sells), by 8 concurrent callers;
//   2. DEMO exports them with the list's filter (/api/recipe/export): the device-ingest worker writes the zip;
//      recipes/s from the start to the job's end, and the worker process's peak resident memory meanwhile;
//   3. OTHER uploads that zip and imports it (/api/recipe/importData, the device-ingest worker): recipes/s
//      from the start to the job's end, and the worker process's peak resident memory meanwhile.
// BENCH_SKIP_BUILD=true uses the dist folders as they are. Figures only; not a test.
import { crc32, deflateSync } from 'node:zlib';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { builtTesting, root } from './build.mjs';
import { loggedIn } from './session.mjs';

const RECIPES = Number(process.env.BENCH_JOBS_RECIPES ?? 10_000);
const CALLERS = 8;
const PREFIX = 'BJ-';

const { startSystem } = await builtTesting('@kb/api', '@kb/projector', '@kb/device-ingest');

/** A small PNG of noise (unlike every other one, as a recipe's own photo is): `size`×`size` RGB. */
function png(seed, size = 32) {
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(data.length + 12);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), data.length + 8);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc(size * (size * 3 + 1));
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    raw[i] = i % (size * 3 + 1) === 0 ? 0 : x >>> 24;
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The process started by this one whose command line runs `main` (the system's own, not another test's). */
function childPid(main) {
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const ppid = Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(main)) return pid;
    } catch {
      // the process ended meanwhile
    }
  }
  throw new Error(`no child process runs ${main}`);
}

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/**
 * Follows a job as its screen does (once a second), sampling `pid`'s resident memory every 50 ms meanwhile;
 * answers the run, its seconds (from the run's own times: queued to finished) and the memory before and at the
 * peak (MB).
 */
async function followJob(call, id, pid) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone: the next poll says so
    }
  }, 50);
  try {
    for (;;) {
      const body = await (await call('GET', `/api/recipe/asyncTask/detail?id=${id}`)).json();
      const run = body.data;
      if (run.state === 'succeeded' || run.state === 'failed')
        return {
          run,
          seconds: (Date.parse(run.finishedAt) - Date.parse(run.createdAt)) / 1000,
          before,
          peak,
        };
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    clearInterval(sampler);
  }
}

const filesDir = await mkdtemp(path.join(tmpdir(), 'kb-bench-jobs-'));
const system = await startSystem({
  projector: true,
  ingest: true,
  env: { FILES_DIR: filesDir },
});
const pool = new pg.Pool({ connectionString: system.db.url, max: 2 });
pool.on('error', () => undefined);
try {
  const demo = await loggedIn(system.baseUrl, 'demo', 'demo12345', 'en');
  const other = await loggedIn(system.baseUrl, 'other', 'other12345', 'en');
  const json = async (call, url, body) => {
    const res = await (await call('POST', url, JSON.stringify(body))).json();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.desc}`);
    return res.data;
  };

  // 1. The library, made as staff make it.
  console.log(`Adding ${RECIPES.toLocaleString('en')} recipes with a picture each to DEMO through the API …`);
  const addStarted = performance.now();
  let next = 0;
  let mediaBytes = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      for (let i = next++; i < RECIPES; i = next++) {
        const number = `${PREFIX}${String(i).padStart(6, '0')}`;
        const picture = png(i);
        mediaBytes += picture.length;
        const form = new FormData();
        form.set('file', new Blob([picture]), `${number}.png`);
        const upload = await (await demo('POST', '/api/file/upload', form)).json();
        if (upload.status !== 200) throw new Error(`upload: ${upload.desc}`);
        await json(demo, '/api/recipe/add', {
          type: 'SOUP',
          number,
          mainLang: 'en',
          langs: ['en', 'de'],
          texts: {
            en: { name: `Tomato soup ${i}`, description: 'Sweet and sour', chefTips: 'Use ripe tomatoes' },
            de: { name: `Tomatensuppe ${i}`, description: 'Süßsauer', chefTips: 'Reife Tomaten nehmen' },
          },
          servingVersions: [2, 4].map((servings) => ({
            servings,
            ingredients: [{ names: { en: 'Tomato', de: 'Tomate' }, quantity: 150 * servings }],
            steps: [
              {
                number: 1,
                workMode: 'FOOD_PROCESSOR',
                speed: 4,
                seconds: 20,
                descriptions: { en: 'Chop', de: 'Hacken' },
              },
              {
                number: 2,
                workMode: 'SLOW_COOK',
                minutes: 30,
                descriptions: { en: 'Slow-cook', de: 'Schmoren' },
              },
            ],
          })),
          difficulty: 'easy',
          productCodes: ['TM-6'],
          pictureFileCode: upload.data.fileCode,
        });
      }
    }),
  );
  const addSeconds = (performance.now() - addStarted) / 1000;
  // The export selects from the list's read model: wait until the projector has them all.
  for (;;) {
    const { rows } = await pool.query(
      `SELECT count(*)::int AS n FROM recipe_list WHERE brand_owner_code = 'DEMO' AND number LIKE '${PREFIX}%'`,
    );
    if (rows[0].n >= RECIPES) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  console.log(
    `  ${addSeconds.toFixed(1)} s (${Math.round(RECIPES / addSeconds)} recipes/s with their upload); pictures ${(mediaBytes / RECIPES / 1024).toFixed(1)} KB each`,
  );

  // 2. Export (device-ingest).
  const ingestPid = childPid(path.join(root, 'apps/device-ingest/dist/main.js'));
  const exportStart = await json(demo, '/api/recipe/export', { filter: { number: PREFIX } });
  const exported = await followJob(demo, exportStart.id, ingestPid);
  if (exported.run.state !== 'succeeded') throw new Error(`export failed: ${exported.run.error}`);
  const zip = Buffer.from(
    await (await demo('GET', `/api/jobs/download?id=${exported.run.id}`)).arrayBuffer(),
  );

  // 3. Import into OTHER (device-ingest).
  const form = new FormData();
  form.set('purpose', 'zip');
  form.set('file', new Blob([zip]), 'library.zip');
  const uploadStarted = performance.now();
  const upload = await (await other('POST', '/api/file/upload', form)).json();
  if (upload.status !== 200) throw new Error(`zip upload: ${upload.desc}`);
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const importStart = await json(other, '/api/recipe/importData', {
    fileCode: upload.data.fileCode,
    fileName: 'library.zip',
  });
  const imported = await followJob(other, importStart.id, ingestPid);
  if (imported.run.state !== 'succeeded') throw new Error(`import failed: ${imported.run.error}`);
  const created = imported.run.items.filter((i) => i.outcome === 'created').length;

  const rate = (n, s) => Math.round(n / s).toLocaleString('en');
  const mb = (n) => `${n.toFixed(0)} MB`;
  console.log(`\nRecipe zip jobs, ${RECIPES.toLocaleString('en')} recipes with a picture each:`);
  console.log(
    `  export (device-ingest): ${exported.run.progress.done.toLocaleString('en')} recipes in ${exported.seconds.toFixed(1)} s = ${rate(exported.run.progress.done, exported.seconds)} recipes/s; zip ${(zip.length / 1024 / 1024).toFixed(1)} MB; worker RSS ${mb(exported.before)} before, peak ${mb(exported.peak)}`,
  );
  console.log(`  upload of the zip as OTHER: ${uploadSeconds.toFixed(1)} s`);
  console.log(
    `  import (device-ingest): ${created.toLocaleString('en')} recipes created in ${imported.seconds.toFixed(1)} s = ${rate(created, imported.seconds)} recipes/s; worker RSS ${mb(imported.before)} before, peak ${mb(imported.peak)}`,
  );
} catch (error) {
  // What the processes said last is the first thing to read when a job or a process failed (a process that
  // died has its last words still in the pipe for a moment).
  await new Promise((r) => setTimeout(r, 1000));
  console.log(
    system.logs
      .filter((l) => !l.includes('"msg":"request"'))
      .slice(-30)
      .join('\n'),
  );
  throw error;
} finally {
  await pool.end();
  await system.stop();
  await rm(filesDir, { recursive: true, force: true });
}
