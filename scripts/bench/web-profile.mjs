// Where the browser's main thread spends its time until a console page shows its data: the real, built API (with
// the projector) serves a built web app (WEB_DIST, default apps/admin-web/dist); headless Chromium, signed in, a
// fresh profile per run (cold HTTP cache). For /recipe-list and /device-info-list, at 1× and 4× CPU slowdown:
//   - main-thread busy time from navigation to the first table row, as wall time and as CPU time (the thread's own
//     clock: it does not grow with the slowdown or with other processes on the machine), median of PROFILE_RUNS;
//   - the elements on the page at that moment;
//   - with PROFILE_FUNCTIONS=N, the N functions with most self time and most total time (a sampling CPU profile of
//     the 1× runs, cut at the first row); build the web app unminified (`vite build --minify false`) for names.
// PROFILE_VARIANTS=a=<dist>,b=<dist> compares builds A/B: the API serves its web app from a link switched to each
// build in turn, run by run (a, b, a, b… on one database), and every figure is printed per build.
// Not part of `npm run bench`: a tool for finding what to make cheaper. Figures on a shared machine are indicative.
/* global document, window */
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { loadavg, tmpdir } from 'node:os';
import { chromium } from 'playwright-core';
import { importDist, median, root } from './build.mjs';
import { firstRowShown, watchFirstRow } from './first-row.mjs';
import { signInOnPage } from './session.mjs';

const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const TOP = Number(process.env.PROFILE_FUNCTIONS ?? 0);
const TIMELINE = process.env.PROFILE_TIMELINE === 'true';
const FIBERS = process.env.PROFILE_COMPONENTS === 'true';
const RENDERS = process.env.PROFILE_RENDERS === 'true';
/** Only the functions whose name (`name file:line`) this matches are ranked, e.g. `^[A-Z]` for components. */
const MATCH = new RegExp(process.env.PROFILE_MATCH ?? '');
const RATES = (process.env.PROFILE_RATES ?? '1,4').split(',').map(Number);
const PAGES = (process.env.PROFILE_PAGES ?? '/recipe-list,/device-info-list').split(',');
/** The builds compared (one unless PROFILE_VARIANTS names several), each with a name for the figures. */
const VARIANTS = process.env.PROFILE_VARIANTS
  ? process.env.PROFILE_VARIANTS.split(',').map((v) => {
      const [name, dist] = v.split('=');
      return { name, dist: path.resolve(dist) };
    })
  : [{ name: '', dist: process.env.WEB_DIST ?? path.join(root, 'apps/admin-web/dist') }];
// With several builds the API serves a link that is pointed at the build of each run (it reads files per request).
const linkDir = VARIANTS.length > 1 ? mkdtempSync(path.join(tmpdir(), 'web-profile-')) : null;
const WEB_DIST = linkDir ? path.join(linkDir, 'dist') : VARIANTS[0].dist;
const serve = (variant) => {
  if (!linkDir) return;
  rmSync(WEB_DIST, { force: true });
  symlinkSync(variant.dist, WEB_DIST);
};
serve(VARIANTS[0]);
const VIEWPORT = { width: 1440, height: 900 };
/** What shows a page's data: a table's row, on /home its first count (as in web.mjs). */
const rowOf = (pathname) => (pathname === '/home' ? '[data-testid="count-recipeCount-value"]' : 'tbody tr');
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8.execute',
  'v8',
];

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const { startSystem, CHROMIUM_ARGS, CHROMIUM_PATH } = await importDist('libs/testing/dist/index.js');
const system = await startSystem({ webDist: WEB_DIST, projector: true, env: { LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });

/**
 * Keeps React's last committed root (React reports commits to a devtools hook when one is installed), so the
 * components on the page can be counted. With `countRenders`, until the first row it also counts per component how
 * often it was drawn: a fiber drawn in a commit has React's PerformedWork flag and is not one the previous commit
 * already held (a subtree React skipped keeps its fibers, and their flags, from before). The walk of every commit
 * costs the page time of its own: its CPU figures are not the app's.
 */
function keepReactRoot(countRenders) {
  const nameOf = (f) => {
    const t = f.type;
    if (typeof t === 'function') return t.displayName || t.name || 'anonymous';
    if (t && typeof t === 'object')
      return t.displayName || t.render?.displayName || t.render?.name || t.type?.name || null;
    return null;
  };
  let before = new Set();
  const renders = new Map();
  window.kbRenders = { commits: 0, renders };
  const count = (root) => {
    if (window.kbFirstRow) return;
    window.kbRenders.commits += 1;
    const now = new Set();
    const stack = [root.current];
    while (stack.length) {
      const fiber = stack.pop();
      now.add(fiber);
      const name = (fiber.flags & 1) === 1 && !before.has(fiber) ? nameOf(fiber) : null;
      if (name) renders.set(name, (renders.get(name) ?? 0) + 1);
      for (let c = fiber.child; c; c = c.sibling) stack.push(c);
    }
    before = now;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => undefined,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberRoot: (_id, root) => {
      window.kbReactRoot = root;
      if (countRenders) count(root);
    },
    onPostCommitFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
  };
}

/**
 * The components mounted: per component name, its instances and the components under them (itself included),
 * summed over its instances (nested instances of one name counted once).
 */
function countComponents() {
  const nameOf = (f) => {
    const t = f.type;
    if (!t) return null;
    if (typeof t === 'string') return null;
    if (typeof t === 'function') return t.displayName || t.name || 'anonymous';
    if (typeof t === 'object')
      return t.displayName || t.render?.displayName || t.render?.name || t.type?.name || null;
    return null;
  };
  const stats = new Map();
  let fibers = 0;
  const open = new Map();
  const walk = (f) => {
    // Iterative depth-first walk: the tree is deep.
    const stack = [[f, false]];
    const counts = [];
    while (stack.length) {
      const [fiber, done] = stack.pop();
      const name = nameOf(fiber);
      if (done) {
        const inside = fibers - counts.pop();
        if (name) {
          const s = stats.get(name) ?? { instances: 0, inclusive: 0 };
          s.instances += 1;
          if ((open.get(name) ?? 0) === 1) s.inclusive += inside;
          open.set(name, open.get(name) - 1);
          stats.set(name, s);
        }
        continue;
      }
      fibers += 1;
      if (name) open.set(name, (open.get(name) ?? 0) + 1);
      counts.push(fibers - 1);
      stack.push([fiber, true]);
      for (let c = fiber.child; c; c = c.sibling) stack.push([c, false]);
    }
  };
  walk(window.kbReactRoot.current);
  return { fibers, stats: [...stats].map(([name, s]) => ({ name, ...s })) };
}

/** Busy time of the renderer's main thread (top-level tasks, overlaps merged) between `from` and `to` (µs). */
function busyTime(events, pid, tid, from, to) {
  const tasks = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.name === 'RunTask' && e.ts < to)
    .filter((e) => e.ts + e.dur > from)
    .sort((a, b) => a.ts - b.ts);
  let wall = 0;
  let cpu = 0;
  let end = -Infinity;
  const byName = new Map();
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the previous task
    const start = Math.max(task.ts, from);
    const stop = Math.min(task.ts + task.dur, to);
    const share = (stop - start) / task.dur;
    wall += stop - start;
    cpu += (task.tdur ?? task.dur) * share;
    end = task.ts + task.dur;
  }
  // What the time went to, by the kind of work Chromium names (nested kinds are counted apart, not subtracted).
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || e.ts < from || e.ts >= to) continue;
    if (!KINDS.has(e.name)) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? e.dur));
  }
  return { wall: wall / 1000, cpu: cpu / 1000, byName };
}
const KINDS = new Set([
  'EvaluateScript',
  'v8.compile',
  'v8.compileModule',
  'v8.evaluateModule',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
  'RunMicrotasks',
]);

/** One cold load of `pathname` at `rate`×: busy time to the first row, and (when asked) the CPU profile. */
async function profileLoad(storageState, pathname, rate, withProfile) {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', storageState });
  await context.addInitScript(watchFirstRow, rowOf(pathname));
  if (FIBERS || RENDERS) await context.addInitScript(keepReactRoot, RENDERS);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  if (withProfile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  await browser.startTracing(page, { categories: CATEGORIES });
  await page.goto(system.baseUrl + pathname, { waitUntil: 'commit' });
  const firstRowMs = await firstRowShown(cdp, pathname);
  const entry = await page.evaluate(() =>
    [...document.querySelectorAll('script[src]')].map((script) => new URL(script.src).pathname),
  );
  const elements = await page.evaluate(() => document.querySelectorAll('*').length);
  const rows = await page.evaluate((sel) => document.querySelectorAll(sel).length, rowOf(pathname));
  const components = FIBERS ? await page.evaluate(countComponents) : null;
  const renders = RENDERS
    ? await page.evaluate(() => ({
        commits: window.kbRenders.commits,
        renders: [...window.kbRenders.renders],
      }))
    : null;
  const profile = withProfile ? (await cdp.send('Profiler.stop')).profile : null;
  const raw = await browser.stopTracing();
  const trace = JSON.parse(raw.toString('utf8'));
  if (process.env.PROFILE_SAVE) {
    const { writeFileSync } = await import('node:fs');
    const stem = `${process.env.PROFILE_SAVE}/${pathname.slice(1)}-${rate}x-${Date.now()}`;
    writeFileSync(`${stem}.trace.json`, raw);
    if (profile) writeFileSync(`${stem}.cpuprofile`, JSON.stringify(profile));
  }
  await context.close();

  const events = trace.traceEvents ?? trace;
  const mark = events.find((e) => e.name === 'kb-first-row' && e.cat.includes('blink.user_timing'));
  if (!mark) throw new Error('the trace has no first-row mark');
  const main = events.find(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.pid === mark.pid && e.args.name === 'CrRendererMain',
  );
  // The page's time origin on the trace's clock: the first row's mark less its time in the page.
  const from = mark.ts - firstRowMs * 1000;
  const bigTasks = TIMELINE ? printTimeline(events, mark.pid, main.tid, from, mark.ts) : [];
  if (TIMELINE && profile)
    for (const task of bigTasks) {
      console.log(`\ntask at ${task.at.toFixed(0)} ms: components by total time`);
      console.log(rankFunctions([{ profile, from: task.from, to: task.to }]));
    }
  return {
    firstRowMs,
    waterfall: waterfall(events, mark.pid, from, mark.ts, entry),
    ...busyTime(events, mark.pid, main.tid, from, mark.ts),
    elements,
    rows,
    components,
    renders,
    profile: profile && { profile, from, to: mark.ts },
  };
}

/**
 * The main thread's tasks of 2 ms or more (thread time) until the first row, each with the work inside it that took
 * longest (a script's URL or a timer's or callback's function), and the answers received, in time order.
 */
function printTimeline(events, pid, tid, from, to) {
  const inRange = (e) => e.pid === pid && e.ts >= from && e.ts <= to;
  const tasks = events.filter((e) => inRange(e) && e.tid === tid && e.ph === 'X' && e.name === 'RunTask');
  const inner = events.filter((e) => inRange(e) && e.tid === tid && e.ph === 'X' && e.name !== 'RunTask');
  const lines = [];
  for (const task of tasks) {
    const cpu = (task.tdur ?? task.dur) / 1000;
    if (cpu < 2) continue;
    const inside = inner
      .filter((e) => e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur && KINDS.has(e.name))
      .sort((a, b) => b.dur - a.dur)[0];
    const data = inside?.args?.data ?? {};
    const what = inside
      ? `${inside.name} ${(data.url ?? data.functionName ?? data.stackTrace?.[0]?.functionName ?? '').split('/').pop()}`
      : '';
    lines.push([
      task.ts,
      `${((task.ts - from) / 1000).toFixed(0).padStart(6)} ms  task ${cpu.toFixed(1).padStart(6)} ms CPU  ${what}`,
    ]);
  }
  for (const e of events) {
    if (!inRange(e) || e.name !== 'ResourceSendRequest') continue;
    lines.push([
      e.ts,
      `${((e.ts - from) / 1000).toFixed(0).padStart(6)} ms    ask ${new URL(e.args.data.url).pathname}`,
    ]);
  }
  for (const e of events) {
    if (!inRange(e) || e.name !== 'ResourceFinish') continue;
    const request = events.find(
      (r) => r.name === 'ResourceSendRequest' && r.args?.data?.requestId === e.args?.data?.requestId,
    );
    const url = request?.args?.data?.url;
    if (!url) continue; // asked before the page's time origin
    lines.push([
      e.ts,
      `${((e.ts - from) / 1000).toFixed(0).padStart(6)} ms    answer ${new URL(url).pathname}`,
    ]);
  }
  console.log(
    lines
      .sort((a, b) => a[0] - b[0])
      .map((l) => l[1])
      .join('\n'),
  );
  return tasks
    .filter((t) => (t.tdur ?? t.dur) >= 20_000)
    .map((t) => ({ from: t.ts, to: t.ts + t.dur, at: (t.ts - from) / 1000 }));
}

/**
 * The request waterfall until the first row, in ms from the page's time origin: when the entry's scripts (those of
 * index.html) were all in; when the other scripts (the route's chunks) were asked, first and last, and all in; when
 * the API was asked, first and last; and how many of the route's chunks were asked only after the first API call.
 */
function waterfall(events, pid, from, to, entry) {
  const ms = (ts) => (ts - from) / 1000;
  const asks = new Map();
  for (const e of events)
    if (e.pid === pid && e.name === 'ResourceSendRequest' && e.ts >= from && e.ts <= to)
      asks.set(e.args.data.requestId, { path: new URL(e.args.data.url).pathname, at: ms(e.ts), in: NaN });
  for (const e of events) {
    const ask = e.name === 'ResourceFinish' && asks.get(e.args?.data?.requestId);
    if (ask) ask.in = ms(e.ts);
  }
  const all = [...asks.values()];
  const chunks = all.filter((a) => a.path.endsWith('.js') && !entry.includes(a.path));
  const api = all.filter((a) => a.path.startsWith('/api/'));
  const firstApi = Math.min(...api.map((a) => a.at));
  return {
    entryIn: Math.max(...all.filter((a) => entry.includes(a.path)).map((a) => a.in)),
    chunks: chunks.length,
    chunksFrom: Math.min(...chunks.map((a) => a.at)),
    chunksTo: Math.max(...chunks.map((a) => a.at)),
    chunksIn: Math.max(...chunks.map((a) => a.in)),
    chunksAfterApi: chunks.filter((a) => a.at > firstApi).length,
    apiFrom: firstApi,
    apiTo: Math.max(...api.map((a) => a.at)),
  };
}

/** Self and total time per function of the profiles, cut to [from, to]. */
function rankFunctions(profiles, only = () => true) {
  const self = new Map();
  const total = new Map();
  for (const { profile, from, to } of profiles) {
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const keyOf = (n) => {
      const f = n.callFrame;
      const file = f.url ? f.url.split('/').pop() : '';
      return `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
    };
    let t = profile.startTime;
    profile.samples.forEach((id, i) => {
      t += profile.timeDeltas[i];
      const next = profile.timeDeltas[i + 1] ?? 0;
      if (t < from || t > to) return;
      let node = byId.get(id);
      const name = node.callFrame.functionName;
      if (name === '(idle)' || name === '(program)') return;
      self.set(keyOf(node), (self.get(keyOf(node)) ?? 0) + next);
      const seen = new Set();
      while (node) {
        const key = keyOf(node);
        if (!seen.has(key)) {
          seen.add(key);
          total.set(key, (total.get(key) ?? 0) + next);
        }
        node = byId.get(parent.get(node.id));
      }
    });
  }
  const top = (map) =>
    [...map]
      .filter(([key]) => only(key))
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([key, us]) => `  ${(us / 1000 / profiles.length).toFixed(1).padStart(8)} ms  ${key}`)
      .join('\n');
  return `self time (mean per run):\n${top(self)}\ntotal time (mean per run):\n${top(total)}`;
}

try {
  console.log(
    `web dist: ${VARIANTS.map((v) => `${v.name} ${v.dist}`.trim()).join(', ')}\nload average before: ${load()}`,
  );
  const setup = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' });
  const page = await setup.newPage();
  await signInOnPage(page, system.baseUrl);
  await page.goto(`${system.baseUrl}/recipe-list`);
  await page.locator('tbody tr:visible', { hasText: 'R-1001' }).waitFor({ timeout: 60_000 });
  const storageState = await setup.storageState();
  await setup.close();

  for (const pathname of PAGES) {
    for (const rate of RATES) {
      const byVariant = new Map(VARIANTS.map((v) => [v, []]));
      for (let i = 0; i < RUNS; i++)
        for (const variant of VARIANTS) {
          serve(variant);
          byVariant.get(variant).push(await profileLoad(storageState, pathname, rate, TOP > 0));
        }
      for (const [variant, runs] of byVariant) report(pathname, rate, variant, runs);
    }
  }
  console.log(`\nload average after: ${load()}`);
} finally {
  await browser.close();
  await system.stop();
  if (linkDir) rmSync(linkDir, { recursive: true, force: true });
}

/** The figures of one page at one rate for one build. */
function report(pathname, rate, variant, runs) {
  const kinds = new Map();
  for (const run of runs) for (const [k, us] of run.byName) kinds.set(k, (kinds.get(k) ?? 0) + us / RUNS);
  console.log(
    `\n${variant.name ? `[${variant.name}] ` : ''}${pathname} ${rate}×: first row ${Math.round(median(runs.map((r) => r.firstRowMs)))} ms, main thread busy ${Math.round(median(runs.map((r) => r.wall)))} ms wall / ${Math.round(median(runs.map((r) => r.cpu)))} ms CPU, ${median(runs.map((r) => r.elements))} elements, ${median(runs.map((r) => r.rows))} rows (median of ${RUNS}; load ${load()})`,
  );
  const w = (key) => Math.round(median(runs.map((r) => r.waterfall[key])));
  console.log(
    `  requests (median): entry's scripts in by ${w('entryIn')} ms; ${w('chunks')} route chunks asked ${w('chunksFrom')}–${w('chunksTo')} ms (${w('chunksAfterApi')} after the first API call), in by ${w('chunksIn')} ms; API asked ${w('apiFrom')}–${w('apiTo')} ms`,
  );
  console.log(
    `  CPU ms by kind (mean): ${[...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, us]) => `${k} ${Math.round(us / 1000)}`)
      .join(', ')}`,
  );
  if (TOP > 0)
    console.log(
      rankFunctions(
        runs.map((r) => r.profile),
        (key) => MATCH.test(key),
      ),
    );
  if (RENDERS && rate === 1) {
    const { commits, renders } = runs[0].renders;
    console.log(`renders until the first row: ${commits} commits; components drawn most often (draws):`);
    console.log(
      renders
        .sort((a, b) => b[1] - a[1])
        .slice(0, 50)
        .map(([name, n]) => `  ${String(n).padStart(6)}  ${name}`)
        .join('\n'),
    );
  }
  if (FIBERS && rate === 1) {
    const { fibers, stats } = runs[0].components;
    const list = (sorted) =>
      sorted
        .slice(0, 40)
        .map((s) => `  ${String(s.inclusive).padStart(6)} ${String(s.instances).padStart(5)}  ${s.name}`)
        .join('\n');
    console.log(`components: ${fibers} fibers; by fibers under them (inclusive, instances):`);
    console.log(list([...stats].sort((a, b) => b.inclusive - a.inclusive)));
    console.log('by instances:');
    console.log(list([...stats].sort((a, b) => b.instances - a.instances)));
    const named = (process.env.PROFILE_NAMES ?? '').split(',').filter(Boolean);
    if (named.length) {
      console.log('named:');
      console.log(
        list(named.map((n) => stats.find((s) => s.name === n) ?? { name: n, inclusive: 0, instances: 0 })),
      );
    }
  }
}
