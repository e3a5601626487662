// At the end of a browser run: the slowest files with their durations (where the run's time went), and every test
// that passed only on its retry (`retry.ts`): the run stays green, yet each such line is a flake to fix, and a run
// that prints none shows the suite stable without the retry.
const path = require('node:path');

const SLOWEST_SHOWN = 10;

class RetriedReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.retried = [];
    this.files = [];
  }

  onTestResult(test, result) {
    const file = path.relative(this.rootDir, result.testFilePath);
    const { start, end } = result.perfStats ?? {};
    if (start && end) this.files.push({ file, ms: end - start, tests: result.testResults.length });
    for (const t of result.testResults) {
      if (t.status !== 'passed' || (t.invocations ?? 1) <= 1) continue;
      const first = (t.retryReasons?.[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '');
      const reason = first.split('\n').find((line) => line.trim()) ?? '';
      this.retried.push({ name: `${file} > ${t.fullName}`, reason: reason.trim() });
    }
  }

  onRunComplete() {
    const total = this.files.reduce((sum, f) => sum + f.ms, 0);
    const slowest = [...this.files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const timing = slowest.length
      ? [
          `SLOWEST FILES (${this.files.length} files, ${seconds(total)} in all):`,
          ...slowest.map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.file} (${f.tests} tests)`),
        ]
      : [];
    const retried = this.retried.length
      ? this.retried.map((r) => `RETRIED: ${r.name}${r.reason ? ` (first attempt: ${r.reason})` : ''}`)
      : ['RETRIED: none (every browser test that passed, passed on its first attempt)'];
    process.stderr.write(`\n${[...timing, ...retried].join('\n')}\n`);
  }
}

module.exports = RetriedReporter;
