// Browser end-to-end tests: headless Chromium (playwright-core) against the real API serving the built web app
// (`npm run build` first). Each file boots its own system on its own copy of the run's seeded database.
const preset = require('../../jest.preset.cjs');
module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  // One migrated and seeded database per run, which each file's system copies.
  globalSetup: '<rootDir>/../../libs/testing/template-setup.mjs',
  globalTeardown: '<rootDir>/../../libs/testing/template-teardown.mjs',
  testSequencer: '<rootDir>/e2e/support/slow-first-sequencer.cjs',
  // Every test runs once: a failure fails the run. The slowest files are named at the end of the run.
  reporters: ['default', '<rootDir>/e2e/support/slowest-files-reporter.cjs'],
  testTimeout: 120000,
  // Three files at once: one file keeps about half a core busy (its API, projector, worker and Chromium mostly wait
  // on each other), so on two cores three overlap their waits without starving each other. E2E_WORKERS overrides.
  maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
};
