// Browser end-to-end tests: headless Chromium (playwright-core) against the real API serving the built web app
// (`npm run build` first). Each file boots its own system on its own copy of the run's seeded database.
const preset = require('../../jest.preset.cjs');
module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  setupFilesAfterEnv: ['<rootDir>/e2e/support/retry.ts'],
  // One migrated and seeded database per run, which each file's system copies.
  globalSetup: '<rootDir>/../../libs/testing/template-setup.mjs',
  globalTeardown: '<rootDir>/../../libs/testing/template-teardown.mjs',
  testSequencer: '<rootDir>/e2e/support/slow-first-sequencer.cjs',
  // A test that passed only on its retry is named at the end of the run (RETRIED: <file> > <test>).
  reporters: ['default', '<rootDir>/e2e/support/retried-reporter.cjs'],
  testTimeout: 120000,
  // Three files at once: one file keeps about half a core busy (its API, projector, worker and Chromium mostly wait
  // on each other), so on two cores three overlap their waits without starving each other. E2E_WORKERS overrides.
  maxWorkers: Number(process.env.E2E_WORKERS ?? 3),
};
