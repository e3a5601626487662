// Two test files at once: each spec has its own database and API, and most of a spec's time is spent waiting on
// Postgres, Redis and HTTP, so on two cores the suite takes about 230 s instead of about 500 s one file at a time.
module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  maxWorkers: 2,
  // One migrated and seeded database per run, which each spec's API copies.
  globalSetup: '<rootDir>/../../libs/testing/template-setup.mjs',
  globalTeardown: '<rootDir>/../../libs/testing/template-teardown.mjs',
};
