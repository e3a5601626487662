// Processes a test phase left running: servers, projectors, workers or browsers that a test started and did not
// stop. Left alive they take CPU from every later test (a busy orphan can make the browser suite several times
// slower). `npm test` names them after each phase and, in CI, ends them.
import { execFileSync } from 'node:child_process';

/** Node processes running this checkout's code, and headless Chromium of the browser tests, outside our ancestry. */
export function leftoverProcesses(root) {
  const out = execFileSync('ps', ['-eo', 'pid=,ppid=,etimes=,pcpu=,args='], { encoding: 'utf8' });
  const rows = out
    .trim()
    .split('\n')
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)\s+(.*)$/))
    .filter(Boolean)
    .map(([, pid, ppid, seconds, cpu, args]) => ({
      pid: +pid,
      ppid: +ppid,
      seconds: +seconds,
      cpu: +cpu,
      args,
    }));
  const byPid = new Map(rows.map((r) => [r.pid, r]));
  const ours = new Set();
  for (let pid = process.pid; pid && byPid.has(pid) && !ours.has(pid); pid = byPid.get(pid).ppid)
    ours.add(pid);
  return rows.filter(
    (r) =>
      !ours.has(r.pid) &&
      ((/(^|\/)node(\s|$)/.test(r.args.split(' ')[0]) && r.args.includes(root)) ||
        /chrom(e|ium).*playwright/.test(r.args)),
  );
}

/** Names what `phase` left running; in CI (or with `end`) ends it, so the next phase has the machine. */
export function reportLeftovers(root, phase, { end = process.env.CI === 'true' } = {}) {
  const left = leftoverProcesses(root);
  if (!left.length) {
    console.log(`\n${phase}: no process left running`);
    return 0;
  }
  console.log(`\n${phase} left ${left.length} process(es) running${end ? ' (ended now)' : ''}:`);
  for (const r of left)
    console.log(`  pid ${r.pid}, ${r.seconds} s old, ${r.cpu}% CPU: ${r.args.slice(0, 160)}`);
  if (end)
    for (const r of left) {
      try {
        process.kill(r.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  return left.length;
}
