// `npm run bench` (web): how soon a staff laptop sees the console's data. The real, built API (with the projector,
// so the demo recipes are listed) serves the built web app; headless Chromium (/usr/bin/chromium, 1440×900),
// already signed in:
//   1. for /recipe-list, /device-info-list and /home, at 1× and at 4× CPU slowdown (Chromium's CPU throttling):
//      the time from navigation to the first table row (on /home: the first count), cold (a fresh profile, empty
//      HTTP cache) and warm (the same page again in that profile); median of BENCH_WEB_RUNS (default 5), with the
//      requests made and the bytes they moved (as sent: compressed);
//   2. the Lighthouse performance score (npm `lighthouse`, default mobile throttling) of /login and /recipe-list.
// The machine's load average is printed with the figures: on a shared machine they are indicative only.
// BENCH_SKIP_BUILD=true uses the dist folders as they are. For comparing two builds: BENCH_WEB_PARTS (`rows`,
// `lighthouse`, or both, the default), BENCH_WEB_PAGES (the pages of part 1, comma separated) and
// BENCH_LIGHTHOUSE_RUNS (Lighthouse runs per page, default 1; the median score is printed with every run's);
// WEB_DIST serves another build of the web app (default apps/admin-web/dist); BENCH_LIGHTHOUSE_REPORTS=<dir> keeps
// each Lighthouse report there (JSON, `<page>-<run>.json`) and prints the audits that cost the score most.
// Figures only; not a test.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { builtTesting, median, root } from './build.mjs';
import { firstRowShown, watchFirstRow } from './first-row.mjs';
import { signInOnPage } from './session.mjs';

const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const PARTS = (process.env.BENCH_WEB_PARTS ?? 'rows,lighthouse').split(',');
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1);
const LIGHTHOUSE_REPORTS = process.env.BENCH_LIGHTHOUSE_REPORTS;
const VIEWPORT = { width: 1440, height: 900 };

/** What counts as "the page shows its data". */
const PAGES = [
  ['/recipe-list', 'tbody tr'],
  ['/device-info-list', 'tbody tr'],
  ['/home', '[data-testid="count-recipeCount-value"]'],
].filter(
  ([pathname]) => !process.env.BENCH_WEB_PAGES || process.env.BENCH_WEB_PAGES.split(',').includes(pathname),
);

const { startSystem, CHROMIUM_ARGS, CHROMIUM_PATH } = await builtTesting(
  '@kb/api',
  '@kb/projector',
  '@kb/admin-web',
);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average before: ${load()} (2 cores shared: figures are indicative)`);

const system = await startSystem({
  webDist: process.env.WEB_DIST ?? path.join(root, 'apps/admin-web/dist'),
  projector: true,
  env: { LOG_LEVEL: 'warn' },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

const signIn = (page) => signInOnPage(page, system.baseUrl);

/**
 * Opens `url` in `page` (whose context watches for the page's first row) at `rate`× CPU slowdown: ms to the first
 * row, requests, bytes on the wire.
 */
async function timeLoad(page, url, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  let requests = 0;
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', () => (requests += 1));
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  await page.goto(url, { waitUntil: 'commit' });
  const elapsed = await firstRowShown(cdp, url);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { ms: elapsed, requests, bytes };
}

async function firstRowFigures(storageState) {
  const pad = (s, n) => String(s).padStart(n);
  console.log(
    `\nFirst row (median of ${RUNS}; requests and KB as sent)\n${'page'.padEnd(20)} ${pad('CPU', 4)} ${pad('cold ms', 8)} ${pad('req', 4)} ${pad('KB', 7)}   ${pad('warm ms', 8)} ${pad('req', 4)} ${pad('KB', 7)}`,
  );
  for (const [pathname, selector] of PAGES) {
    for (const rate of [1, 4]) {
      const cold = [];
      const warm = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', storageState });
        await context.addInitScript(watchFirstRow, selector);
        const page = await context.newPage();
        cold.push(await timeLoad(page, system.baseUrl + pathname, rate));
        warm.push(await timeLoad(page, system.baseUrl + pathname, rate));
        await context.close();
      }
      const row = (runs) =>
        `${pad(Math.round(median(runs.map((r) => r.ms))), 8)} ${pad(median(runs.map((r) => r.requests)), 4)} ${pad((median(runs.map((r) => r.bytes)) / 1024).toFixed(1), 7)}`;
      console.log(`${pathname.padEnd(20)} ${pad(`${rate}×`, 4)} ${row(cold)}   ${row(warm)}`);
    }
  }
}

/** A free TCP port for Chromium's remote debugging, which Lighthouse drives. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** The metrics as weighed into the score, and the audits Lighthouse says would save the most, of report `lhr`. */
function printCosts(lhr) {
  const { audits } = lhr;
  for (const ref of lhr.categories.performance.auditRefs.filter((r) => r.weight > 0))
    console.log(
      `  ${ref.id.padEnd(26)} weight ${String(ref.weight).padStart(2)}  score ${audits[ref.id].score}  ${audits[ref.id].displayValue ?? ''}`,
    );
  const savings = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && (a.metricSavings || a.details?.overallSavingsMs))
    .map((a) => [a.id, a.displayValue ?? '', JSON.stringify(a.metricSavings ?? {})]);
  for (const [id, value, saved] of savings) console.log(`  ${id.padEnd(34)} ${value}  ${saved}`);
}

async function lighthouseScores() {
  let lighthouse;
  try {
    ({ default: lighthouse } = await import('lighthouse'));
  } catch {
    console.log('\nLighthouse: the `lighthouse` package is not installed (npm install), skipped');
    return;
  }
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'kb-bench-lh-'));
  // One profile for both: Lighthouse opens its own tab in it, signed in by the page below; the cache is emptied
  // before each run, so each is a cold load.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    viewport: VIEWPORT,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    console.log('\nLighthouse performance (mobile throttling, cold cache)');
    for (const pathname of ['/login', '/recipe-list']) {
      if (pathname !== '/login') await signIn(page);
      const scores = [];
      for (let i = 0; i < LIGHTHOUSE_RUNS; i++) {
        // A run whose trace Lighthouse could not read (NO_NAVSTART, seen on a fresh browser under load) has no
        // score: it is run once more rather than counted as 0.
        let result;
        for (let attempt = 1; attempt === 1 || (attempt === 2 && result.lhr.runtimeError); attempt++) {
          await cdp.send('Network.clearBrowserCache');
          result = await lighthouse(system.baseUrl + pathname, {
            port,
            onlyCategories: ['performance'],
            disableStorageReset: true,
            logLevel: 'error',
            output: 'json',
          });
          if (result.lhr.runtimeError)
            console.log(
              `${pathname.padEnd(16)} run failed: ${result.lhr.runtimeError.code} (load ${load()})`,
            );
        }
        const { categories, audits } = result.lhr;
        if (LIGHTHOUSE_REPORTS) {
          await mkdir(LIGHTHOUSE_REPORTS, { recursive: true });
          const file = path.join(LIGHTHOUSE_REPORTS, `${pathname.slice(1)}-${i + 1}.json`);
          await writeFile(file, JSON.stringify(result.lhr));
          printCosts(result.lhr);
        }
        const metric = (id) => audits[id]?.displayValue ?? '?';
        const score =
          categories.performance.score === null ? 'none' : Math.round(categories.performance.score * 100);
        if (score !== 'none') scores.push(score);
        console.log(
          `${pathname.padEnd(16)} score ${score}   FCP ${metric('first-contentful-paint')}   LCP ${metric('largest-contentful-paint')}   TBT ${metric('total-blocking-time')}   CLS ${metric('cumulative-layout-shift')}   SI ${metric('speed-index')}   final URL ${new URL(result.lhr.finalDisplayedUrl).pathname}   (load ${load()})`,
        );
      }
      if (LIGHTHOUSE_RUNS > 1)
        console.log(`${pathname.padEnd(16)} median score ${median(scores)} of ${scores.length} scored runs`);
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

try {
  const setup = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  const page = await setup.newPage();
  await signIn(page);
  // The projector fills the recipe list from the demo events: wait until it shows before timing it.
  await page.goto(`${system.baseUrl}/recipe-list`);
  await page.locator('tbody tr:visible', { hasText: 'R-1001' }).waitFor({ timeout: 60_000 });
  const storageState = await setup.storageState();
  await setup.close();

  if (PARTS.includes('rows')) await firstRowFigures(storageState);
  if (PARTS.includes('lighthouse')) await lighthouseScores();
  console.log(`\nload average after: ${load()}`);
} finally {
  await browser.close();
  await system.stop();
}
