// At the end of a browser run: the slowest files with their durations, where the run's time went.
const path = require('node:path');

const SLOWEST_SHOWN = 10;

class SlowestFilesReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.files = [];
  }

  onTestResult(test, result) {
    const file = path.relative(this.rootDir, result.testFilePath);
    const { start, end } = result.perfStats ?? {};
    if (start && end) this.files.push({ file, ms: end - start, tests: result.testResults.length });
  }

  onRunComplete() {
    if (this.files.length === 0) return;
    const total = this.files.reduce((sum, f) => sum + f.ms, 0);
    const slowest = [...this.files].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const lines = [
      `SLOWEST FILES (${this.files.length} files, ${seconds(total)} in all):`,
      ...slowest.map((f) => `  ${seconds(f.ms).padStart(8)}  ${f.file} (${f.tests} tests)`),
    ];
    process.stderr.write(`\n${lines.join('\n')}\n`);
  }
}

module.exports = SlowestFilesReporter;
