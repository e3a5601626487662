// Unit tests of the web's pure logic (tab bar, guard, catalogs, upload checks) in Node; screens are covered by
// the browser tests of e2e/ (jest.e2e.config.cjs).
const preset = require('../../jest.preset.cjs');
const [swcJest, swcOptions] = preset.transform['^.+\\.(t|j)sx?$'];
module.exports = {
  ...preset,
  rootDir: __dirname,
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  // The translation catalogs are JSON, imported `with { type: 'json' }`: SWC must keep the attribute for Node.
  transform: {
    '^.+\\.(t|j)sx?$': [
      swcJest,
      { ...swcOptions, jsc: { ...swcOptions.jsc, experimental: { keepImportAttributes: true } } },
    ],
  },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/scripts/**/*.spec.ts'],
};
