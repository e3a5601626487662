// Names, at the end of a browser run, every test that passed only on its retry (`retry.ts`): the run stays green,
// yet each such line is a flake to fix, and a run that prints none shows the suite stable without the retry.
const path = require('node:path');

class RetriedReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.retried = [];
  }

  onTestResult(test, result) {
    const file = path.relative(this.rootDir, result.testFilePath);
    for (const t of result.testResults) {
      if (t.status !== 'passed' || (t.invocations ?? 1) <= 1) continue;
      const first = (t.retryReasons?.[0] ?? '').replace(/\u001b\[[0-9;]*m/g, '');
      const reason = first.split('\n').find((line) => line.trim()) ?? '';
      this.retried.push({ name: `${file} > ${t.fullName}`, reason: reason.trim() });
    }
  }

  onRunComplete() {
    const lines = this.retried.length
      ? this.retried.map((r) => `RETRIED: ${r.name}${r.reason ? ` (first attempt: ${r.reason})` : ''}`)
      : ['RETRIED: none (every browser test that passed, passed on its first attempt)'];
    process.stderr.write(`\n${lines.join('\n')}\n`);
  }
}

module.exports = RetriedReporter;
