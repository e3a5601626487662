// Browser end-to-end tests: headless Chromium (playwright-core) against the real API serving the built web app
// (`npm run build` first). Each file boots its own system with a fresh database.
const preset = require('../../jest.preset.cjs');
module.exports = {
  ...preset,
  rootDir: __dirname,
  testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
  setupFilesAfterEnv: ['<rootDir>/e2e/support/retry.ts'],
  testTimeout: 120000,
  maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
};
