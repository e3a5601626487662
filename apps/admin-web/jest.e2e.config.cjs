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
  // Each test runs once: a failure is a failure (no automatic retry), and the run ends with its slowest files.
  reporters: ['default', '<rootDir>/e2e/support/slowest-files-reporter.cjs'],
  testTimeout: 120000,
  // Two files at once on a two-core machine: one file alone keeps 1.3-1.7 cores busy (list-layout.e2e: 94-145 CPU-s
  // in 60-86 s, two thirds of it Chromium), so two fill both cores; a third only stretched every wait towards its
  // bound (at three, list-layout took 334 s against 71 s alone, and two waits ran past theirs). E2E_WORKERS overrides.
  maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
};
